#!/usr/bin/python3
"""An SMS-pumping simulation against one codegate-gateway, set up as docs/deployment.md
recommends: behind a trusted proxy on the Unix socket systemd hands over (this script is the
proxy: each request names its client in X-Forwarded-For; ../gateway/proxy_socket.py), the
documented budgets file, and a provider webhook on loopback (../webhook/fake_provider.py) that
takes every message.

For SECONDS, four attacker connections (keep-alive, as a botnet's are) request codes as fast
as the gateway answers, each request from a fresh client address, for fresh numbers of the
scenario:
  countries  numbers in three blocks of each of six calling codes (+86, +44, +1 876, +234, +63,
             +998): the ranges a pumper's partner carriers terminate, where each SMS pays him
  prefixes   numbers in three blocks of one country, +86
while a real user arrives every half second (from an address of their own, with a number of
their own), reads the code from the provider as their phone would, and verifies it.

Every request for a code, the attacker's and the real users', carries a challenge of the
gateway's (at its default work), fetched through the proxy and solved with ../lib/challenge.py:
a script that pumps pays that work for each request. A second report line says what it paid:
the challenges' bound (max_number; a solve tries max_number / 2 numbers on average), the CPU
time of each solve measured in this run (Python's hashlib on one core), and so the time and the
hashes the attacker spent per SMS it got — at least one solve per SMS, however few the budgets
let through. It is reported, never judged.

Prints one report line: SMS to the attacker, real users served, the slowest answers they got.
Exits 1 when the attack was not real (no request of it reached the gateway's rules) or, unless
--report, when the attacker got more than 50 SMS, fewer than 98 % of real users got and verified
their code, or a real user's answer took 2 s or more at the 99th percentile.

  pumping.py GATEWAY SCENARIO STATE_DIR [--database-file F --key-file K] [--seconds S] [--report]
"""
import argparse
import http.client
import json
import pathlib
import random
import re
import subprocess
import sys
import threading
import time
import uuid

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent / "webhook"))
sys.path.insert(0, str(HERE.parent / "gateway"))
from fake_provider import FakeProvider  # noqa: E402
from proxy_socket import ProxyConnection, activated, wake  # noqa: E402

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing challenge
sys.path.insert(0, str(HERE.parent / "lib"))
import challenge  # noqa: E402

ATTACKER_SMS_BOUND = 50
SERVED_BOUND = 0.98
P99_BOUND = 2.0

# The blocks of each scenario: a number is a block and four random digits. The +86 blocks are
# mobile ones (170x: virtual operators, a favourite of pumpers); the others are mobile ranges of
# countries a default gateway does not serve.
BLOCKS = {
    "prefixes": ["+861700123", "+861705566", "+861709988"],
    "countries": ["+861700123", "+861705566", "+861709988", "+44791112", "+44791113", "+44791114",
                  "+1876810", "+1876811", "+1876812", "+234803123", "+234803124", "+234803125",
                  "+63917123", "+63917124", "+63917125", "+99890123", "+99890124", "+99890125"],
}
# Where real users' numbers come from: the big +86 mobile ranges, eight random digits each.
REAL_RANGES = ["+86138", "+86139", "+86150", "+86186", "+86187", "+86135", "+86158", "+86188"]


def documented_budgets():
    """The budgets file docs/deployment.md recommends, as it stands there."""
    text = (ROOT / "docs" / "deployment.md").read_text()
    block = re.search(r"    # /etc/codegate/budgets\n((?:    .*\n)+)", text)
    if not block:
        sys.exit("pumping: FAIL: docs/deployment.md shows no budgets file")
    return "".join(line[4:] + "\n" for line in block.group(1).splitlines())


def fresh_address(rng):
    """A client address no request used before, from public unicast space (never contacted:
    it is only text in X-Forwarded-For)."""
    while True:
        first = rng.randrange(1, 224)
        if first not in (10, 100, 127, 169, 172, 192, 198, 203):
            return f"{first}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"


class Client:
    """One keep-alive HTTP connection to the gateway through the proxy's socket; reconnects
    when the gateway closed it."""

    def __init__(self, socket_path):
        self.socket_path = socket_path
        self.connection = None

    def post(self, path, body, headers):
        for attempt in (0, 1):
            if self.connection is None:
                self.connection = ProxyConnection(self.socket_path)
            try:
                started = time.monotonic()
                self.connection.request("POST", path, json.dumps(body).encode(),
                                        dict(headers, **{"Content-Type": "application/json"}))
                answer = self.connection.getresponse()
                data = answer.read()
                took = time.monotonic() - started
                if answer.getheader("Connection", "").lower() == "close":
                    self.close()
                try:
                    body = json.loads(data or b"{}")
                except ValueError:
                    body = {"error": {"kind": f"{answer.status} without a JSON body"}}
                return answer.status, body, took
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # A keep-alive connection the gateway closed while idle: once more on a new one.
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def solved(client, headers, solves):
    """A challenge of the gateway's through `client`, solved: the members a request for a code
    adds, and None; or None and the kind of the refusal of the challenge. Appends the solve's
    CPU time (this thread's), the numbers it hashed and the challenge's bound to `solves`."""
    status, body, _ = client.post("/v1/challenges", {}, headers)
    if status != 201:
        return None, "challenge " + str(body.get("error", {}).get("kind", status))
    text = body["challenge"]
    started = time.thread_time()
    solution = challenge.solve(text)
    solves.append((time.thread_time() - started, solution + 1, int(text.split(".")[4])))
    return {"challenge": text, "solution": solution}, None


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gateway")
    parser.add_argument("scenario", choices=sorted(BLOCKS))
    parser.add_argument("state")
    parser.add_argument("--database-file")
    parser.add_argument("--key-file")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--report", action="store_true")
    options = parser.parse_args()
    label = f"{'postgresql' if options.database_file else 'sqlite'}/{options.scenario}"
    state = pathlib.Path(options.state)
    state.mkdir(mode=0o700, parents=True, exist_ok=True)
    rng = random.Random()

    key = uuid.uuid4().hex.encode()
    key_file = state / "webhook.key"
    key_file.write_text(key.decode() + "\n")
    key_file.chmod(0o600)
    budgets = state / "budgets"
    budgets.write_text(documented_budgets())
    provider = FakeProvider(key)
    arguments = [options.gateway, "--sms-webhook", provider.url, "--sms-webhook-key-file", str(key_file),
                 "--budgets", str(budgets), "--state-dir", str(state / "gateway")]
    if options.database_file:
        arguments += ["--database-file", options.database_file, "--key-file", options.key_file]
    (state / "gateway").mkdir(mode=0o700, exist_ok=True)
    err = open(state / "gateway.err", "w")
    proxy = state / "proxy.sock"
    gateway = subprocess.Popen(activated(proxy, arguments), stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        wake(proxy)
        url = gateway.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):
            gateway.kill()
            sys.exit(f"pumping: FAIL: {label}: the gateway printed no URL: {url!r}; "
                     f"{(state / 'gateway.err').read_text()[-400:]}")
        # Its standard output is read to the end, as a journal would.
        threading.Thread(target=lambda: gateway.stdout.read(), daemon=True).start()
        outcome = simulate(str(proxy), provider, options.scenario, options.seconds, rng)
    finally:
        gateway.terminate()
        try:
            gateway.wait(timeout=10)
        except subprocess.TimeoutExpired:
            gateway.kill()
            gateway.wait()
        provider.stop()
    return judge(label, outcome, options.report)


def simulate(proxy, provider, scenario, seconds, rng):
    blocks = BLOCKS[scenario]
    lock = threading.Lock()
    attacker_numbers = set()
    attack = {"requests": 0, "kinds": {}, "solves": []}
    users = []  # dicts: served, times, why
    end = time.monotonic() + seconds

    def attacker():
        client = Client(proxy)
        local = random.Random(rng.random())
        while time.monotonic() < end:
            number = local.choice(blocks) + f"{local.randrange(10_000):04d}"
            with lock:
                attacker_numbers.add(number)
            try:
                address = fresh_address(local)
                proof, kind = solved(client, {"X-Forwarded-For": address}, attack["solves"])
                if proof is not None:
                    status, body, _ = client.post("/v1/codes", {"phone": number, **proof},
                                                  {"Idempotency-Key": uuid.uuid4().hex, "X-Forwarded-For": address})
                    kind = str(status) if status == 201 else body.get("error", {}).get("kind", str(status))
            except OSError as error:
                kind = type(error).__name__
                client.close()
            with lock:
                attack["requests"] += 1
                attack["kinds"][kind] = attack["kinds"].get(kind, 0) + 1
        client.close()

    def user(number, address):
        record = {"number": number, "served": False, "times": [], "why": ""}
        with lock:
            users.append(record)
        client = Client(proxy)
        try:
            # The app solves its challenge while its user slides: not part of an answer's time.
            proof, refused = solved(client, {"X-Forwarded-For": address}, [])
            if proof is None:
                record["why"] = refused
                return
            status, body, took = client.post("/v1/codes", {"phone": number, **proof},
                                             {"Idempotency-Key": uuid.uuid4().hex, "X-Forwarded-For": address})
            record["times"].append(took)
            if status != 201:
                record["why"] = f"request {status} {body.get('error', {}).get('kind')}"
                return
            # The phone: the provider's webhook carries the text, within the delivery's bound.
            deadline = time.monotonic() + 15
            code = None
            while code is None and time.monotonic() < deadline:
                for message in provider.seen(number):
                    found = re.search(r"\b(\d{6})\b", message["text"])
                    code = found.group(1) if found else None
                if code is None:
                    time.sleep(0.05)
            if code is None:
                record["why"] = "no SMS within 15 s"
                return
            verification = {"phone": number, "code": code}
            # The request's own proof, where the protocol gives one, goes back with the code.
            for member in ("verification_id",):
                if member in body:
                    verification[member] = body[member]
            status, answer, took = client.post("/v1/codes/verify", verification, {"X-Forwarded-For": address})
            record["times"].append(took)
            if status == 200 and answer.get("result") == "verified":
                record["served"] = True
            else:
                record["why"] = f"verify {status} {answer.get('result') or answer.get('error', {}).get('kind')}"
        except OSError as error:
            record["why"] = type(error).__name__
        finally:
            client.close()

    attackers = [threading.Thread(target=attacker) for _ in range(4)]
    for thread in attackers:
        thread.start()
    people = []
    taken = set()
    while time.monotonic() < end:
        number = rng.choice(REAL_RANGES) + f"{rng.randrange(100_000_000):08d}"
        if number in taken:
            continue
        taken.add(number)
        thread = threading.Thread(target=user, args=(number, fresh_address(rng)))
        thread.start()
        people.append(thread)
        time.sleep(0.5)
    for thread in attackers + people:
        thread.join(timeout=30)
        if thread.is_alive():
            return {"error": "a client was still waiting 30 s after the end"}
    attacker_sms = sum(1 for message in provider.seen() if message["to"] in attacker_numbers)
    return {"attack": attack, "attacker_sms": attacker_sms, "users": users}


def judge(label, outcome, report):
    if "error" in outcome:
        print(f"pumping: FAIL: {label}: {outcome['error']}", flush=True)
        return 1
    users = outcome["users"]
    served = sum(1 for record in users if record["served"])
    times = [took for record in users for took in record["times"]]
    p99 = percentile(times, 0.99)
    attack = outcome["attack"]
    kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(attack["kinds"].items(), key=lambda item: -item[1]))
    print(f"pumping: {label}: {outcome['attacker_sms']} SMS to the attacker of {attack['requests']} requests "
          f"({kinds}); real users {served}/{len(users)} served ({100 * served / max(1, len(users)):.1f} %), "
          f"answers p99 {1000 * p99:.0f} ms, slowest {1000 * max(times or [0]):.0f} ms", flush=True)
    refused = {}
    for record in users:
        if not record["served"]:
            refused[record["why"]] = refused.get(record["why"], 0) + 1
    if refused:
        print(f"pumping: {label}: real users not served: "
              + ", ".join(f"{why} ×{count}" for why, count in refused.items()), flush=True)
    report_work(label, attack["solves"], outcome["attacker_sms"])
    problems = []
    # An attack none of whose requests got past the number screen tested nothing.
    if attack["kinds"].get("201", 0) == 0 and not any(
            kind.endswith("suspended") or kind.endswith("exhausted") for kind in attack["kinds"]):
        problems.append("the attack never reached the gateway's rules")
    if not report:
        if outcome["attacker_sms"] > ATTACKER_SMS_BOUND:
            problems.append(f"{outcome['attacker_sms']} SMS to the attacker, more than {ATTACKER_SMS_BOUND}")
        if not users or served < SERVED_BOUND * len(users):
            problems.append(f"{served} of {len(users)} real users served, under {SERVED_BOUND:.0%}")
        if p99 >= P99_BOUND:
            problems.append(f"real users' answers p99 {p99:.2f} s, not under {P99_BOUND:.0f} s")
    for problem in problems:
        print(f"pumping: FAIL: {label}: {problem}", flush=True)
    return 1 if problems else 0


def report_work(label, solves, sms):
    """What the attacker paid in challenges: each solve's CPU time as measured, the numbers
    hashed, and so the price of each SMS it got."""
    if not solves:
        print(f"pumping: {label}: challenges: the attacker solved none", flush=True)
        return
    seconds = [cpu for cpu, _, _ in solves]
    hashed = sum(tried for _, tried, _ in solves)
    bound = max(limit for _, _, limit in solves)
    spent = sum(seconds)
    paid = (f"{spent / sms:.2f} s of CPU and {hashed / sms:,.0f} hashes per SMS" if sms
            else f"{spent:.1f} s of CPU and {hashed:,} hashes, for no SMS at all")
    print(f"pumping: {label}: challenges: max_number {bound:,}, so {bound / 2:,.0f} hashes a solve on average "
          f"(measured: {hashed / len(solves):,.0f} over {len(solves):,} solves); a solve took "
          f"{1000 * percentile(seconds, 0.5):.1f} ms of CPU at the median (p90 {1000 * percentile(seconds, 0.9):.1f} ms; "
          f"{hashed / spent if spent else 0:,.0f} hashes/s, Python's hashlib on one core). Per SMS a script pays at "
          f"least one solve: {1000 * spent / len(solves):.1f} ms of CPU and {bound / 2:,.0f} hashes on average; this "
          f"attacker paid {len(solves):,} solves for {sms} SMS: {paid}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
