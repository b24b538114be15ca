#!/usr/bin/python3
"""Part of Tests/System/gateway/run: a reader that stops reading cannot freeze codegate-gateway.

Starts a gateway (the binary is the first argument) with its stdout and stderr in one pipe, reads
its first line (the URL) and then nothing, and checks (then again with both in one Unix stream
socket, as systemd's journald stream is, where the two share one queue and so the SMS lines may
be dropped too):
- 12,000 requests for /metrics, each a line of the log (about 600 KB, ten times what the pipe
  holds: refusals would be logged a kind at a time), and then 20 codes (their SMS lines), each
  after its challenge (solved with ../lib/challenge.py), are all answered, none slower than 1 s;
- while the pipe stays full the gateway makes no wake-ups (nothing polls the stream);
- once the pipe is read again, the lines held come out whole and in order, a line says how
  many were dropped, every SMS line held comes, a new request's log line arrives within 2 s,
  and the drained gateway is idle again (no source left watching the stream).
Prints one line per check; exits 1 on the first failure. About 12 s.
"""
import glob
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing challenge
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import challenge  # noqa: E402

GATEWAY = sys.argv[1]


def fail(message):
    print(f"gateway output: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def passed(message):
    print(f"gateway output: {message}")


def switches(pid):
    """The context switches of every thread of `pid` so far: one per wake-up at least."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/status"):
        with open(path) as status:
            total += sum(int(line.split()[1]) for line in status if "ctxt_switches" in line)
    return total


def idle_switches(pid, seconds=2):
    before = switches(pid)
    time.sleep(seconds)
    return switches(pid) - before


def scenario(kind):
    """The checks above, the gateway's stdout and stderr in one `kind`: "pipe" or "socket"."""
    if kind == "pipe":
        process = subprocess.Popen([GATEWAY, "--port", "0", "--regions", "CN,GB", "--rate-limit", "0", "--state-dir", tempfile.mkdtemp()],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        reader = process.stdout.raw
    else:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        process = subprocess.Popen([GATEWAY, "--port", "0", "--regions", "CN,GB", "--rate-limit", "0", "--state-dir", tempfile.mkdtemp()],
                                   stdout=theirs, stderr=theirs)
        theirs.close()
        reader = ours.makefile("rb", buffering=0)
    # Unbuffered from here: the first line, and not a byte more until the test reads again.
    first = b""
    while not first.endswith(b"\n"):
        first += os.read(reader.fileno(), 1)
    port = int(first.decode().strip().rstrip("/").rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
    log_paths = []

    def ask(method, path, body=None, headers=None):
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            data = answer.read()
        except OSError as error:
            process.kill()
            fail(f"{kind}: {method} {path[:30]}… after {len(log_paths)} logged requests: no answer in 3 s ({error})")
        return answer.status, time.monotonic() - started, data

    worst = 0.0
    for _ in range(12000):
        status, took, _ = ask("GET", "/metrics")
        log_paths.append("/metrics")
        worst = max(worst, took)
        if status != 200:
            fail(f"{kind}: GET /metrics answered {status}, not 200")
    for index in range(20):
        status, took, issued = ask("POST", "/v1/challenges", b"{}", {"Content-Type": "application/json"})
        worst = max(worst, took)
        if status != 201:
            fail(f"{kind}: challenge {index} answered {status}, not 201")
        text = json.loads(issued)["challenge"]
        proof = {"challenge": text, "solution": challenge.solve(text)}
        status, took, _ = ask("POST", "/v1/codes", json.dumps({"phone": f"+4474{10 + index}900000", **proof}),
                              {"Content-Type": "application/json", "Idempotency-Key": f"k{index}"})
        worst = max(worst, took)
        if status != 201:
            fail(f"{kind}: code {index} answered {status}, not 201")
    if worst > 1:
        fail(f"{kind}: with nobody reading its output, the slowest answer took {worst:.2f} s")
    passed(f"{kind}: 12,000 logged requests and 20 codes after their challenges, nobody reading: all answered, "
           f"the slowest in {worst * 1000:.0f} ms")

    wakeups = idle_switches(process.pid)
    if wakeups > 2:
        fail(f"{kind}: with its output blocked, the idle gateway woke {wakeups} times in 2 s")
    passed(f"{kind}: output blocked: {wakeups} wake-ups in 2 s idle")

    lines = []
    threading.Thread(target=lambda: lines.extend(iter(reader.readline, b"")), daemon=True).start()

    def wait_for(pattern, seconds=2):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not any(re.search(pattern, line) for line in list(lines)):
            time.sleep(0.05)
        return [line.decode(errors="replace") for line in list(lines)]

    if not any("lines dropped" in line for line in wait_for(rb"lines dropped: standard")):
        fail(f"{kind}: no line says how many lines were dropped, 2 s after the reader came back ({len(lines)} came)")
    marker = "/after-the-reader-came-back"
    ask("GET", marker)
    wait_for(marker.encode())
    text = [line.decode(errors="replace") for line in list(lines)]
    if not any(marker in line for line in text):
        fail(f"{kind}: a request's log line did not arrive within 2 s of the reader coming back ({len(text)} came)")
    dropped = sum(int(m.group(1)) for line in text if (m := re.search(r"(\d+) lines dropped: standard", line)))
    logged = [m.group(1) for line in text
              if (m := re.match(r"codegate-gateway: (?:GET|POST) (/metrics|/v1/challenges|/v1/codes) ", line))]
    sms = [line for line in text if line.startswith("SMS +4474")]
    sent = log_paths + ["/v1/challenges", "/v1/codes"] * 20
    remaining = iter(sent)
    in_order = all(path in remaining for path in logged)
    # In a pipe stdout has a queue of its own, which holds the 20 SMS lines; in one socket they
    # share stderr's, full by then.
    shared = 0 if kind == "pipe" else 20 - len(sms)
    if not in_order or len(logged) + dropped != len(sent) + shared:
        fail(f"{kind}: {len(logged)} request lines came, {dropped} were said dropped, of {len(sent)}; "
             f"in order: {in_order}")
    if kind == "pipe" and len(sms) != 20:
        fail(f"{kind}: {len(sms)} of 20 SMS lines came: stdout's own queue should have held them all")
    if not all(line.endswith("\n") and len(line) < 400 for line in text):
        fail(f"{kind}: a line came cut or joined to another")
    passed(f"{kind}: reader back: {len(logged)} log lines and {len(sms)} SMS whole and in order, {dropped} "
           "said dropped, new lines at once")

    wakeups = idle_switches(process.pid)
    if wakeups > 2:
        fail(f"{kind}: drained, the idle gateway woke {wakeups} times in 2 s")
    passed(f"{kind}: drained: {wakeups} wake-ups in 2 s idle")
    process.terminate()
    if process.wait(timeout=10) != 0:
        fail(f"{kind}: SIGTERM ended the gateway with status {process.returncode}")


scenario("pipe")
scenario("socket")
