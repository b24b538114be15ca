#!/usr/bin/python3
"""Part of Tests/System/gateway/run: codegate-gateway's strict edges and its operations.

Starts gateways (the binary is the first argument) on private states and checks:
- a 10 GB Content-Length (413) and a chunked body (411) are refused within a second while the
  client still streams, and the gateway does not grow;
- a repeated Idempotency-Key, Content-Length or Content-Type is refused with 400;
- "%2F" in a path is no separator (404), and a negative Content-Length draws no GLib warning;
- the answers libsoup makes itself carry the protocol's JSON error: 400 invalid_request for a
  request it cannot read (a malformed request line or header, no Host or a bad one), 404
  not_found for "*", in the request's language once its headers were read;
- HEAD /healthz and HEAD /metrics are GET's headers without the body;
- GET /healthz is 200 on a usable state and 503 on one it cannot use; GET /metrics parses
  as Prometheus text and counts requests, codes and latency;
- --listen takes another loopback address; a remote one needs --allow-remote;
- the trusted proxy's socket (handed over as systemd would): the rate limit keys on the address
  the proxy appended to X-Forwarded-For; a loopback --trusted-proxy is refused, and a local
  process forging X-Forwarded-For over TCP counts as itself;
- on loopback each local user has a limit of its own (as root: a client run as nobody is not
  limited by root's requests, then is limited by its own);
- SIGTERM under load: every request the gateway took is answered (a connection still queued
  in the kernel is reset, never seen), every 201 had its SMS and every SMS its 201, exit 0.
Every code is asked for with a challenge of the gateway's, solved (../lib/challenge.py).
Prints one line per check; exits 1 on the first failure. About 10 s.
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing challenge
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from proxy_socket import ProxyConnection, activated, wake  # noqa: E402
import challenge  # noqa: E402

GATEWAY = sys.argv[1]
SCRATCH = tempfile.mkdtemp()


def fail(message):
    print(f"gateway edges: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def passed(message):
    print(f"gateway edges: {message}")


class Gateway:
    """A gateway process on a state of its own; its stdout lines are collected."""

    def __init__(self, *arguments, state="state", proxy_socket=None):
        command = [GATEWAY, "--regions", "CN,GB", *arguments, "--state-dir", os.path.join(SCRATCH, state)]
        self.proxy_socket = proxy_socket
        self.process = subprocess.Popen(activated(proxy_socket, command) if proxy_socket else command,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proxy_socket:
            wake(proxy_socket)
        self.url = self.process.stdout.readline().decode().strip()
        if not self.url.startswith("http://"):
            fail(f"{arguments} printed no URL: {self.process.stderr.read().decode()[:300]}")
        self.host, port = self.url[len("http://"):].rstrip("/").rsplit(":", 1)
        self.host = self.host.strip("[]")
        self.port = int(port)

    def connection(self, timeout=5):
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def ask(self, method, path, body=None, headers=None, through_proxy=False):
        connection = ProxyConnection(self.proxy_socket) if through_proxy else self.connection()
        sent = {"Content-Type": "application/json"}
        sent.update(headers or {})
        connection.request(method, path, body=body, headers=sent)
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, dict(answer.getheaders()), data

    def proof(self):
        """The members a request for a code adds: a fresh challenge of this gateway's, solved."""
        status, _, data = self.ask("POST", "/v1/challenges", b"{}")
        if status != 201:
            fail(f"POST /v1/challenges answered {status} {data[:200]!r}")
        text = json.loads(data)["challenge"]
        return {"challenge": text, "solution": challenge.solve(text)}

    def code(self, phone, key):
        """Asks for a code for `phone` under Idempotency-Key `key`, with a challenge solved."""
        return self.ask("POST", "/v1/codes", json.dumps({"phone": phone, **self.proof()}).encode(),
                        {"Idempotency-Key": key})

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        out, err = self.process.communicate(timeout=20)
        return self.process.returncode, out.decode(), err.decode()


def raw(gateway, request, timeout=5):
    """Sends `request` as bytes and returns what comes back until the server closes."""
    with socket.create_connection((gateway.host, gateway.port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except OSError:
            pass
        return data


def rss(gateway):
    with open(f"/proc/{gateway.process.pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


def refused_from_headers(gateway):
    before = rss(gateway)
    for header, status in ((b"Content-Length: 10000000000", b"413"), (b"Transfer-Encoding: chunked", b"411")):
        sock = socket.create_connection((gateway.host, gateway.port), timeout=10)
        sock.sendall(b"POST /v1/codes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + header + b"\r\n\r\n")
        streaming = threading.Event()
        streaming.set()

        def stream():
            try:
                while streaming.is_set():
                    sock.sendall(b"10000\r\n" + b"x" * 65536 + b"\r\n" if b"chunked" in header else b"x" * 65536)
            except OSError:
                pass  # the gateway answered and closed: it need not read the rest

        sender = threading.Thread(target=stream)
        start = time.monotonic()
        sender.start()
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError as error:
            fail(f"no {status.decode()} for {header.decode()}, but {error}")
        took = time.monotonic() - start
        streaming.clear()
        sender.join()
        sock.close()
        if not answer.startswith(b"HTTP/1.1 " + status + b" ") or took > 1:
            fail(f"{header.decode()} got {answer[:40]!r} after {took:.2f} s")
        passed(f"{header.decode()}: {status.decode()} after {took * 1000:.0f} ms while the client streamed")
    growth = (rss(gateway) - before) // 1024
    if growth > 10:
        fail(f"the gateway grew by {growth} MB refusing bodies")

    for name, value in (("Idempotency-Key", "a"), ("Content-Length", "2"), ("Content-Type", "application/json")):
        headers = f"Content-Type: application/json\r\nContent-Length: 2\r\nIdempotency-Key: k\r\n{name}: {value}\r\n"
        answer = raw(gateway, f"POST /v1/codes HTTP/1.1\r\nHost: x\r\n{headers}\r\n{{}}".encode())
        if not answer.startswith(b"HTTP/1.1 400 ") or b'"invalid_request"' not in answer:
            fail(f"a repeated {name} got {answer[:200]!r}")
    passed("a repeated Idempotency-Key, Content-Length or Content-Type: 400 invalid_request")

    status, _, _ = gateway.ask("POST", "/v1/codes%2Fverify", b'{"phone": "+447400900123", "code": "123456"}')
    if status != 404:
        fail(f"/v1/codes%2Fverify answered {status}, not 404")
    answer = raw(gateway, b"POST /v1/codes/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n")
    if not answer.startswith(b"HTTP/1.1 4"):
        fail(f"a negative Content-Length got {answer[:60]!r}")
    passed("%2F is no path separator (404); a negative Content-Length is refused")


def error_answer(answer):
    """The status, the headers (lower-cased names) and the `error` object of a raw answer."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = dict((name.lower(), value) for name, value in (line.split(": ", 1) for line in lines[1:]))
    try:
        error = json.loads(body)["error"]
    except (ValueError, KeyError, TypeError):
        error = None
    return int(lines[0].split()[1]), headers, error


def libsoups_own_answers(gateway):
    for request, status, kind, language in (
        (b"garbage\r\n\r\n", 400, "invalid_request", "zh-CN"),
        (b"GET /healthz HTTP/abc\r\nHost: x\r\n\r\n", 400, "invalid_request", "zh-CN"),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n", 400, "invalid_request", "zh-CN"),
        (b"GET /healthz HTTP/1.1\r\nHost: a/b\r\nAccept-Language: en\r\n\r\n", 400, "invalid_request", "zh-CN"),
        (b"GET /healthz HTTP/1.1\r\nAccept-Language: en\r\n\r\n", 400, "invalid_request", "zh-CN"),
        (b"OPTIONS * HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nConnection: close\r\n\r\n", 404, "not_found", "en"),
        (b"GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not_found", "zh-CN"),
    ):
        answer = raw(gateway, request)
        got, headers, error = error_answer(answer)
        if (got, error and error.get("kind")) != (status, kind) or not error.get("message") \
                or not headers.get("content-type", "").startswith("application/json") \
                or headers.get("content-language") != language or headers.get("cache-control") != "no-store":
            fail(f"{request[:30]!r} got {answer[:400]!r}, not {status} {kind} in {language}")
    passed("libsoup's own answers: 400 invalid_request (malformed, no Host), 404 not_found for *, as JSON")


def health_and_metrics(gateway):
    status, headers, body = gateway.ask("GET", "/healthz")
    if status != 200 or json.loads(body) != {"status": "ok"}:
        fail(f"/healthz on a usable state: {status} {body!r}")
    for path in ("/healthz", "/metrics"):
        answer = raw(gateway, f"HEAD {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        head, _, rest = answer.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200 ") or rest or b"Content-Length: 0\r" in head + b"\r":
            fail(f"HEAD {path}: {answer[:300]!r}")
    _, _, receipt = gateway.code("+447400900150", "m1")
    check = {"phone": "+447400900150", "code": "000000", "verification_id": json.loads(receipt)["verification_id"]}
    gateway.ask("POST", "/v1/codes/verify", json.dumps(check).encode())
    gateway.code("+16502530000", "m2")
    status, headers, body = gateway.ask("GET", "/metrics")
    text = body.decode()
    if status != 200 or not headers.get("Content-Type", "").startswith("text/plain; version=0.0.4"):
        fail(f"/metrics: {status} {headers}")
    sample = re.compile(r'^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="[^"\\]*",?)*\})? -?[0-9.e+Inf]+$')
    values = {}
    for line in text.splitlines():
        if line.startswith("# HELP ") or line.startswith("# TYPE "):
            continue
        if not sample.match(line):
            fail(f"/metrics line is not Prometheus text: {line!r}")
        name, value = line.rsplit(" ", 1)
        values[name] = float(value)
    if values.get('codegate_requests_total{route="/v1/codes",status="201"}') != 1 or values.get("codegate_codes_sent_total") != 1:
        fail(f"/metrics does not count the request and its code: {text}")
    if values.get('codegate_requests_total{route="/v1/challenges",status="201"}') != 2:
        fail(f"/metrics does not count the two challenges issued: {text}")
    # What an operator watches for pumping: issued against verified per calling code, and the
    # numbers refused before anything was spent. (000000 may be the code: then it verified.)
    checked = sum(values.get(f'codegate_verifications_total{{prefix="+44",result="{result}"}}', 0)
                  for result in ("wrong_code", "verified"))
    if (values.get('codegate_codes_issued_total{prefix="+44"}') != 1 or checked != 1
            or values.get('codegate_numbers_refused_total{reason="region_not_served",region="US"}') != 1):
        fail(f"/metrics does not count codes issued, checked and numbers refused: {text}")
    if values.get('codegate_request_duration_seconds_bucket{le="+Inf"}', 0) < 2:
        fail(f"/metrics has no latency histogram: {text}")
    broken_path = os.path.join(SCRATCH, "not-a-folder")
    open(broken_path, "w").close()
    broken = Gateway(state="not-a-folder")
    status, _, body = broken.ask("GET", "/healthz")
    broken.stop()
    if status != 503:
        fail(f"/healthz on a state it cannot use: {status} {body!r}")
    passed("/healthz 200 on a usable state (HEAD too), 503 on one it cannot use; /metrics parses and counts")


def listen_and_proxy():
    socket_path = os.path.join(SCRATCH, "proxy.sock")
    other = Gateway("--listen", "127.0.0.2:0", "--rate-limit", "2", state="proxy", proxy_socket=socket_path)
    if other.host != "127.0.0.2":
        fail(f"--listen 127.0.0.2:0 printed {other.url}")
    refused = subprocess.run([GATEWAY, "--listen", "0.0.0.0:0"], capture_output=True, timeout=10)
    if refused.returncode != 2 or b"--allow-remote" not in refused.stderr:
        fail(f"--listen 0.0.0.0:0 without --allow-remote: {refused.returncode} {refused.stderr!r}")
    for loopback in ("127.0.0.1", "::1", "0:0:0:0:0:0:0:1", "127.9.9.9"):
        refused = subprocess.run([GATEWAY, "--trusted-proxy", loopback], capture_output=True, timeout=10)
        if refused.returncode != 2 or b"every local process" not in refused.stderr:
            fail(f"--trusted-proxy {loopback}: {refused.returncode} {refused.stderr!r}")
    body = b'{"phone": "+447400900151", "code": "123456", "verification_id": "00000000000000000000000000000000"}'
    # Through the proxy's socket each forwarded client has its own limit.
    for client in ("10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"):
        status, _, _ = other.ask("POST", "/v1/codes/verify", body, {"X-Forwarded-For": f"198.51.100.7, {client}"},
                                 through_proxy=True)
        if status != 200:
            fail(f"a forwarded request from {client} within its limit got {status}")
    status, _, _ = other.ask("POST", "/v1/codes/verify", body, {"X-Forwarded-For": "10.0.0.1"}, through_proxy=True)
    if status != 429:
        fail(f"the third request forwarded for 10.0.0.1 got {status}, not 429")
    # Over TCP a local process is itself, whatever it forwards: nobody cannot spend 10.0.0.3's
    # allowance, nor reach the proxy's socket (root's, mode 0755).
    forging = """
import http.client, socket, sys
statuses = []
for client in ("10.0.0.3", "10.0.0.4", "10.0.0.5"):
    connection = http.client.HTTPConnection(sys.argv[1], int(sys.argv[2]), timeout=5)
    connection.request("POST", "/v1/codes/verify", sys.argv[3].encode(),
                       {"Content-Type": "application/json", "X-Forwarded-For": client})
    statuses.append(connection.getresponse().status)
try:
    socket.socket(socket.AF_UNIX).connect(sys.argv[4])
    statuses.append("connected")
except PermissionError:
    statuses.append("refused")
print(*statuses)
"""
    forged = subprocess.run(["runuser", "-u", "nobody", "--", "/usr/bin/python3", "-c", forging, other.host,
                             str(other.port), body.decode(), socket_path], capture_output=True, text=True, timeout=30)
    if forged.stdout.split() != ["200", "200", "429", "refused"]:
        fail(f"a local process forwarding three clients over TCP: {forged.stdout!r} {forged.stderr[-300:]!r}, "
             "not 200 200 429 refused")
    status, _, _ = other.ask("POST", "/v1/codes/verify", body, {"X-Forwarded-For": "10.0.0.3"}, through_proxy=True)
    if status != 200:
        fail(f"10.0.0.3 through the proxy after nobody forged it: {status}")
    other.stop()
    passed("--listen 127.0.0.2; 0.0.0.0 refused without --allow-remote; a loopback --trusted-proxy refused; "
           "the proxy's socket keys on X-Forwarded-For, a local process forging it over TCP is itself")


# Asks for a code for each number given, with the proofs given (a JSON list, one each), on one
# keep-alive connection or ("new") one connection each; prints each status and kind.
ASK_AS_USER = """
import http.client, json, sys
host, port, mode, proofs = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
connection = http.client.HTTPConnection(host, port, timeout=5)
for phone, proof in zip(sys.argv[5:], proofs):
    if mode == "new":
        connection.close()
        connection = http.client.HTTPConnection(host, port, timeout=5)
    connection.request("POST", "/v1/codes", body=json.dumps({"phone": phone, **proof}).encode(),
                       headers={"Content-Type": "application/json", "Idempotency-Key": "u" + phone[1:]})
    answer = connection.getresponse()
    print(answer.status, json.loads(answer.read()).get("error", {}).get("kind", "-"))
connection.close()
"""


def local_users(listen):
    """Every local user comes from the same loopback address: each must still have a rate
    limit of its own."""
    if os.geteuid() != 0:
        passed(f"SKIPPED on {listen}: one rate limit per local user (needs root to run a client as nobody)")
        return
    gateway = Gateway("--listen", listen, "--rate-limit", "2", "--duration", "600", state=f"users-{listen[1]}")
    # The challenges come from another gateway on the same state (so signed with the same key)
    # and no rate limit: a request for a challenge would count against the user's two.
    issuer = Gateway("--rate-limit", "0", state=f"users-{listen[1]}")

    def ask(mode, phones, *as_user):
        proofs = json.dumps([issuer.proof() for _ in phones])
        run = subprocess.run([*as_user, "/usr/bin/python3", "-c", ASK_AS_USER, gateway.host, str(gateway.port), mode, proofs,
                              *phones], capture_output=True, text=True, timeout=30)
        if run.returncode != 0:
            fail(f"the client as {as_user or 'root'} failed: {run.stderr[-300:]}")
        return run.stdout.splitlines()

    nobody = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")
    first = 161 if listen.startswith("1") else 181
    # Root on a new connection each time, nobody on one kept alive (its owner looked up once).
    root = ask("new", [f"+447400900{first + index}" for index in range(3)])
    other = ask("keep", [f"+447400900{first + 10 + index}" for index in range(3)], *nobody)
    gateway.stop()
    issuer.stop()
    expected = ["201 -", "201 -", "429 rate_limited"]
    if root != expected or other != expected:
        fail(f"rate limit 2 on {listen}: root got {root}, then nobody got {other}; each should get {expected}")
    passed(f"one rate limit per local user on {listen}: root limited after 2, nobody then 201, 201, 429 (keep-alive)")


def drain_under_load():
    # The least work a challenge may ask (1000): the load is what counts here, not the work. The
    # guard and the budgets are off, so that every code is sent: refusals are logged a kind at a
    # time, and each request taken must be a line of the log to be matched with its answer.
    budgets = os.path.join(SCRATCH, "drain-budgets")
    with open(budgets, "w") as file:
        file.write("default hour 100000000\ndefault day 100000000\nguard day 0\nvolume hour 0\n")
    gateway = Gateway("--rate-limit", "0", "--duration", "600", "--challenge-work", "1000", "--budgets", budgets,
                      state="drain")
    results = []
    lock = threading.Lock()
    stop = threading.Event()

    def post(path, body, headers, phone):
        """POSTs on a connection of its own: the answer's body, None when it was not accepted."""
        connection = gateway.connection(timeout=10)
        try:
            connection.request("POST", path, body=json.dumps(body).encode(),
                               headers={"Content-Type": "application/json", **headers})
        except OSError:
            return None  # not accepted: the listener is closed
        try:
            answer = connection.getresponse()
            data = answer.read()
            with lock:
                results.append((phone, path, answer.status))
            return data if answer.status in (200, 201) else None
        except (OSError, http.client.HTTPException) as error:
            with lock:
                results.append((phone, path, f"lost: {error!r}"))
            return None
        finally:
            connection.close()

    def client(index):
        number = 0
        while not stop.is_set():
            number += 1
            phone = f"+4474009{20000 + index * 1000 + number}"
            issued = post("/v1/challenges", {}, {}, None)
            if issued is None:
                return
            text = json.loads(issued)["challenge"]
            proof = {"challenge": text, "solution": challenge.solve(text)}
            if post("/v1/codes", {"phone": phone, **proof}, {"Idempotency-Key": f"d{index}-{number}"}, phone) is None \
                    and stop.is_set():
                return

    threads = [threading.Thread(target=client, args=(index,)) for index in range(6)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    status, out, err = gateway.stop()
    stop.set()
    for thread in threads:
        thread.join()
    # A connection still in the kernel's queue when the listener closes is reset before the
    # gateway ever saw it: not accepted, so nothing to answer. Every request the gateway took
    # (each is one line of its log) must have reached its client.
    # Challenges and codes alike.
    answered = [result for result in results if isinstance(result[2], int)]
    reset = [result for result in results if not isinstance(result[2], int)]
    taken = len([line for line in err.splitlines()
                 if line.startswith(("codegate-gateway: POST /v1/codes ", "codegate-gateway: POST /v1/challenges "))])
    sent = {line.split()[1] for line in out.splitlines() if line.startswith("SMS ")}
    created = {phone for phone, path, status in answered if path == "/v1/codes" and status == 201}
    if status != 0 or taken != len(answered) or sent != created or any(phone in sent for phone, _, _ in reset):
        fail(f"SIGTERM under load: exit {status}; the gateway answered {taken}, clients got {len(answered)}; "
             f"{len(created)} 201s, {len(sent)} SMS; reset: {reset[:3]}")
    passed(f"SIGTERM under load: {taken} requests taken (challenges and codes), all answered; {len(sent)} SMS for "
           f"{len(created)} 201s; {len(reset)} still queued in the kernel reset; exit 0")


def main():
    gateway = Gateway("--rate-limit", "0")
    try:
        refused_from_headers(gateway)
        libsoups_own_answers(gateway)
        health_and_metrics(gateway)
    finally:
        status, _, err = gateway.stop()
    if status != 0:
        fail(f"the gateway exited with {status}")
    if "GLib" in err or "WARNING" in err or "CRITICAL" in err:
        fail(f"the gateway's stderr has a GLib warning: {err[-600:]}")
    listen_and_proxy()
    local_users("127.0.0.1:0")
    local_users("[::1]:0")
    drain_under_load()
    subprocess.run(["rm", "-rf", SCRATCH], check=False)


if __name__ == "__main__":
    main()
