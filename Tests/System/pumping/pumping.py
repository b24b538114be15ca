#!/usr/bin/python3
"""An SMS-pumping simulation against one codegate-gateway, set up as docs/deployment.md
recommends: behind a trusted proxy on the Unix socket systemd hands over (this script is the
proxy: each request names its client in X-Forwarded-For; ../gateway/proxy_socket.py), the
documented budgets file, a provider webhook on loopback (../webhook/fake_provider.py) that
takes every message, and an alert webhook on loopback (--alert-webhook) that checks each
alert's signature as the provider does.

Beside every attack, real users: a new one every half second (a number of the real +86 mobile
segments nobody used before, an address of their own) and a returning one every 2 s (one of 200
numbers that verified codes on earlier days: their "trust" rows are put in the store's meters
table once the gateway answers /healthz, before the attack). Each solves a challenge, requests
a code, reads it from the provider as their phone would, and verifies it with its
verification_id. /healthz is polled once a second through the proxy.

The attacks, four keep-alive connections requesting codes as fast as the gateway answers, each
request from a fresh client address (its +86 numbers in segments no real user's is in: +86170,
171, 165, 167, 172):
  countries   fresh numbers in three blocks of each of six calling codes (+86, +44, +1 876, +234,
              +63, +998): the ranges a pumper's partner carriers terminate. Bounds: at most 50
              SMS to the attacker, at least 98 % of new real users served.
  prefixes    the same in three blocks of one country, +86. Same bounds.
  faking      conversion faking: the attacker owns the three +86 blocks of `prefixes`, reads
              every code it gets from the provider and verifies it, as a real user does. Two
              rounds of SECONDS each, one right after the other on the same gateway and store,
              on the same pool of 600 numbers (the second round tries first the numbers that
              verified in the first). Bounds, in each round: at most 100 SMS to the attacker, at
              least 95 % of new real users served.
  drip        unverified codes dripped under the old guard's thresholds (at most 9 codes a block
              of 10,000 numbers, 45 a range of 100 blocks) over five blocks of each of the 100
              ranges of +86170, +86171 and +86165, one code a block in turn. Bounds: every
              returning user served, at least 50 % of new ones, an alert within 60 s of the
              attack's start, and all SMS sent (attacker's and users') in a UTC hour within
              the budgets file's +86 hour budget.
  replay      one fixed number requested again and again inside its cooldown, each time with a
              freshly solved challenge (so one SMS in all, and a spent challenge a request).
              Bounds: at most 1 SMS to the attacker, at least 95 % of new real users served.
  challenges  fresh numbers in random blocks of +86170, 171 and 172, each with a solved
              challenge. Bound: at least 95 % of new real users served.
In every scenario: no real user ever answered 503 (`store_full`, `state_unavailable`) at any
step; each 503 a real user's request for a code got had /healthz say 503 within 1.5 s of it;
real users' answers under 2 s at the 99th percentile; every alert correctly signed.

Every request for a code, the attacker's and the real users', carries a challenge of the
gateway's (at its default work), fetched through the proxy and solved with ../lib/challenge.py:
a script that pumps pays that work for each request. A second report line says what it paid:
the challenges' bound (max_number; a solve tries max_number / 2 numbers on average), the CPU
time of each solve measured in this run (Python's hashlib on one core), and so the time and the
hashes the attacker spent per SMS it got. It is reported, never judged.

Prints one report line per scenario: SMS to the attacker (per round for faking), new and
returning real users served, the 99th percentile of their answers, the refusals they saw, the
first alert, the size of the state (SQLite: gateway.db with its -wal; PostgreSQL: the
database). Exits 1 when the attack was not real (no request of it reached the gateway's rules)
or, unless --report (which says "BOUND:" instead of failing), when a bound above fails.

  pumping.py GATEWAY SCENARIO STATE_DIR [--database-file F --key-file K] [--seconds S] [--report]
"""
import sys

sys.dont_write_bytecode = True    # no __pycache__ in the tree from the imports below

import argparse  # noqa: E402
import http.client  # noqa: E402
import http.server  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import pathlib  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import sqlite3  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import uuid  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent / "webhook"))
sys.path.insert(0, str(HERE.parent / "gateway"))
sys.path.insert(0, str(HERE.parent / "lib"))
from fake_provider import FakeProvider, verify  # noqa: E402
from proxy_socket import ProxyConnection, activated, wake  # noqa: E402
import challenge  # noqa: E402

SCENARIOS = ["countries", "prefixes", "faking", "drip", "replay", "challenges"]
# Bounds: SMS to the attacker (per round for faking; drip has its own, the +86 hour budget for
# everything sent), the share of new real users served (per round), their answers' p99.
ATTACKER_SMS_BOUND = {"countries": 50, "prefixes": 50, "faking": 100, "replay": 1}
SERVED_BOUND = {"countries": 0.98, "prefixes": 0.98, "faking": 0.95, "drip": 0.50, "replay": 0.95,
                "challenges": 0.95}
P99_BOUND = 2.0
ALERT_BOUND = 60.0
ROUNDS = {"faking": 2}
HARD_FAILURES = ("store_full", "state_unavailable")

# The blocks of `countries` and `prefixes` (and faking's): a number is a block and four random
# digits. The +86 blocks are mobile ones (170x: virtual operators, a favourite of pumpers); the
# others are mobile ranges of countries a default gateway does not serve.
BLOCKS = {
    "prefixes": ["+861700123", "+861705566", "+861709988"],
    "countries": ["+861700123", "+861705566", "+861709988", "+44791112", "+44791113", "+44791114",
                  "+1876810", "+1876811", "+1876812", "+234803123", "+234803124", "+234803125",
                  "+63917123", "+63917124", "+63917125", "+99890123", "+99890124", "+99890125"],
}
BLOCKS["faking"] = BLOCKS["prefixes"]
FAKING_POOL = 600              # numbers of the faking attacker: 200 in each of its blocks
DRIP_SEGMENTS = ["+86170", "+86171", "+86165"]
DRIP_BLOCKS_PER_RANGE = 5      # 5 blocks of 9 codes: 45 codes a range
DRIP_CODES_PER_BLOCK = 9
CHALLENGE_SEGMENTS = ["+86170", "+86171", "+86172"]
ATTACKER_SEGMENTS = ["+86170", "+86171", "+86165", "+86167", "+86172"]
# Where real users' numbers come from: every real +86 mobile segment, eight random digits each.
REAL_RANGES = ["+86" + str(segment) for segment in
               [*range(130, 140), 145, 147, 150, 151, 152, 153, *range(155, 160), 166, 173,
                175, 176, 177, 178, *range(180, 190), 191, 195, 198, 199]]
assert not set(REAL_RANGES) & set(ATTACKER_SEGMENTS)
RETURNING = 200                # numbers seeded as having verified codes on earlier days
NEW_USER_EVERY = 0.5
RETURNING_USER_EVERY = 2.0
DAY_NS = 86_400 * 1_000_000_000


def documented_budgets():
    """The budgets file docs/deployment.md recommends, as it stands there."""
    text = (ROOT / "docs" / "deployment.md").read_text()
    block = re.search(r"    # /etc/codegate/budgets\n((?:    .*\n)+)", text)
    if not block:
        sys.exit("pumping: FAIL: docs/deployment.md shows no budgets file")
    return "".join(line[4:] + "\n" for line in block.group(1).splitlines())


def budget(text, scope, period):
    """The count of the rule SCOPE PERIOD in a budgets file, or None."""
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if words[:2] == [scope, period] and len(words) == 3:
            return int(words[2])
    return None


def fresh_address(rng):
    """A client address no request used before, from public unicast space (never contacted:
    it is only text in X-Forwarded-For)."""
    while True:
        first = rng.randrange(1, 224)
        if first not in (10, 100, 127, 169, 172, 192, 198, 203):
            return f"{first}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"


def kind_of(status, body):
    return str(status) if status in (200, 201) else str(body.get("error", {}).get("kind", status))


class Client:
    """One keep-alive HTTP connection to the gateway through the proxy's socket; reconnects
    when the gateway closed it."""

    def __init__(self, socket_path):
        self.socket_path = socket_path
        self.connection = None

    def post(self, path, body, headers):
        return self.request("POST", path, json.dumps(body).encode(),
                            dict(headers, **{"Content-Type": "application/json"}))

    def request(self, method, path, data=None, headers=None):
        for attempt in (0, 1):
            if self.connection is None:
                self.connection = ProxyConnection(self.socket_path)
            try:
                started = time.monotonic()
                self.connection.request(method, path, data, headers or {})
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


class AlertReceiver:
    """The alert webhook (docs/gateway.md, "The conversion guard") on loopback: records each
    alert, when it came (time.monotonic) and whether its signature holds under the key."""

    def __init__(self, key):
        self.alerts = []  # dicts: at, body (parsed, or the raw bytes), signed
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                signed = verify(key, self.headers.get("X-CodeGate-Timestamp", "0"), body,
                                self.headers.get("X-CodeGate-Signature", ""))
                try:
                    parsed = json.loads(body)
                except ValueError:
                    parsed = body
                with receiver.lock:
                    receiver.alerts.append({"at": time.monotonic(), "body": parsed, "signed": signed})
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/alert"

    def seen(self):
        with self.lock:
            return list(self.alerts)

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Store:
    """The gateway's state as this test reaches it beside the gateway: SQLite's file, or the
    PostgreSQL database through psql."""

    def __init__(self, state_dir, database_file):
        self.sqlite = state_dir / "gateway.db"
        self.url = pathlib.Path(database_file).read_text().strip() if database_file else None

    def psql(self, sql):
        psql = os.path.join(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"), "psql")
        done = subprocess.run([psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", self.url, "-c", sql],
                              capture_output=True, text=True, timeout=60)
        if done.returncode:
            raise RuntimeError(f"psql: {done.stderr.strip()}")
        return done.stdout.strip()

    def seed_trust(self, numbers):
        """Rows saying each of NUMBERS first verified a code 3 days ago and last did 1 day ago,
        in the meters table (made here as the gateway makes it, if it has not)."""
        now = time.time_ns()
        stamp = now - DAY_NS
        rows = [(f"trust {number}", stamp, now - 3 * DAY_NS, stamp + 30 * DAY_NS) for number in numbers]
        if self.url is None:
            with sqlite3.connect(self.sqlite, timeout=30) as database:
                database.execute("CREATE TABLE IF NOT EXISTS meters (name TEXT PRIMARY KEY NOT NULL, "
                                 "stamp INTEGER NOT NULL, value INTEGER NOT NULL, expires INTEGER NOT NULL) STRICT")
                database.executemany("INSERT INTO meters (name, stamp, value, expires) VALUES (?, ?, ?, ?) "
                                     "ON CONFLICT(name) DO NOTHING", rows)
            database.close()
        else:
            values = ", ".join(f"('{name}', {s}, {v}, {e})" for name, s, v, e in rows)
            self.psql("CREATE TABLE IF NOT EXISTS codegate_meters (name text PRIMARY KEY, stamp bigint NOT NULL, "
                      "value bigint NOT NULL, expires bigint NOT NULL); "
                      f"INSERT INTO codegate_meters (name, stamp, value, expires) VALUES {values} "
                      "ON CONFLICT (name) DO NOTHING")

    def size(self):
        if self.url is None:
            files = [self.sqlite, self.sqlite.with_name("gateway.db-wal")]
            return "SQLite " + " + ".join(f"{f.name} {f.stat().st_size / 1e6:.1f} MB" for f in files if f.exists())
        try:
            return f"PostgreSQL database {int(self.psql('SELECT pg_database_size(current_database())')) / 1e6:.1f} MB"
        except (RuntimeError, ValueError, subprocess.TimeoutExpired) as error:
            return f"PostgreSQL database size unknown ({error})"


def solved(client, headers, solves, answers=None):
    """A challenge of the gateway's through `client`, solved: the members a request for a code
    adds, and None; or None and the kind of the refusal of the challenge. Appends the solve's
    CPU time (this thread's), the numbers it hashed and the challenge's bound to `solves`."""
    started = time.monotonic()
    status, body, took = client.post("/v1/challenges", {}, headers)
    if answers is not None:
        answers.append(("/v1/challenges", status, kind_of(status, body), started, started + took))
    if status != 201:
        return None, "challenge " + str(body.get("error", {}).get("kind", status))
    text = body["challenge"]
    started = time.thread_time()
    solution = challenge.solve(text)
    solves.append((time.thread_time() - started, solution + 1, int(text.split(".")[4])))
    return {"challenge": text, "solution": solution}, None


def read_code(provider, number, since, seconds):
    """The code of the newest SMS to NUMBER the provider took after SINCE (time.monotonic), as
    a phone shows it, waiting up to SECONDS for one; or None."""
    deadline = time.monotonic() + seconds
    while True:
        for message in reversed(provider.seen(number)):
            if message["at"] >= since:
                found = re.search(r"\b(\d{6})\b", message["text"])
                if found:
                    return found.group(1)
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.05)


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gateway")
    parser.add_argument("scenario", choices=SCENARIOS)
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
    alert_key = uuid.uuid4().hex.encode()
    alert_key_file = state / "alert.key"
    alert_key_file.write_text(alert_key.decode() + "\n")
    alert_key_file.chmod(0o600)
    budgets_text = documented_budgets()
    budgets = state / "budgets"
    budgets.write_text(budgets_text)
    provider = FakeProvider(key)
    alerts = AlertReceiver(alert_key)
    arguments = [options.gateway, "--sms-webhook", provider.url, "--sms-webhook-key-file", str(key_file),
                 "--alert-webhook", alerts.url, "--alert-webhook-key-file", str(alert_key_file),
                 "--budgets", str(budgets), "--state-dir", str(state / "gateway")]
    if options.database_file:
        arguments += ["--database-file", options.database_file, "--key-file", options.key_file]
    (state / "gateway").mkdir(mode=0o700, exist_ok=True)
    store = Store(state / "gateway", options.database_file)
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
        simulation = Simulation(str(proxy), provider, alerts, store, options.scenario, options.seconds, rng)
        outcome = simulation.run()
        outcome["size"] = store.size()
    finally:
        gateway.terminate()
        try:
            gateway.wait(timeout=10)
        except subprocess.TimeoutExpired:
            gateway.kill()
            gateway.wait()
        provider.stop()
        alerts.stop()
    outcome["country_hour"] = budget(budgets_text, "+86", "hour")
    return judge(label, options.scenario, outcome, options.report)


class Simulation:
    """One scenario's attack (in one or two rounds), with real users arriving all along and
    /healthz polled, against a gateway already started."""

    def __init__(self, proxy, provider, alerts, store, scenario, seconds, rng):
        self.proxy, self.provider, self.alerts, self.store = proxy, provider, alerts, store
        self.scenario, self.seconds, self.rng = scenario, seconds, rng
        self.lock = threading.Lock()
        self.attacker_numbers = set()
        self.attack = {"requests": 0, "kinds": {}, "solves": []}
        self.users = []   # dicts: number, returning, arrived, served, times, why, answers
        self.health = []  # (started, ended, status, kind)
        self.taken = set()
        self.finished = threading.Event()
        self.round_end = 0.0
        self.round = 0
        # faking: the attacker's pool, when each number may be asked again, those that verified
        self.pool = []
        self.next_ok = {}
        self.verified = set()
        self.verified_in = {}
        # drip: the blocks in the order the attacker drips into them, codes each got (or has asked)
        self.drip = []
        self.drip_count = {}
        self.drip_dead = set()
        self.drip_turn = 0
        self.replay_number = None

    # The real users, the health poller.

    def real_number(self):
        while True:
            number = self.rng.choice(REAL_RANGES) + f"{self.rng.randrange(100_000_000):08d}"
            if number not in self.taken:
                self.taken.add(number)
                return number

    def healthz(self):
        client = Client(self.proxy)
        while not self.finished.is_set():
            started = time.monotonic()
            try:
                status, body, took = client.request("GET", "/healthz")
                self.health.append((started, started + took, status, str(body.get("status", ""))))
            except OSError as error:
                client.close()
                self.health.append((started, time.monotonic(), 0, type(error).__name__))
            self.finished.wait(max(0.0, started + 1.0 - time.monotonic()))
        client.close()

    def user(self, number, address, returning):
        record = {"number": number, "returning": returning, "arrived": time.monotonic(), "served": False,
                  "times": [], "why": "", "answers": []}
        with self.lock:
            self.users.append(record)
        client = Client(self.proxy)
        answers = record["answers"]
        try:
            # The app solves its challenge while its user slides: not part of an answer's time.
            proof, refused = solved(client, {"X-Forwarded-For": address}, [], answers)
            if proof is None:
                record["why"] = refused
                return
            started = time.monotonic()
            status, body, took = client.post("/v1/codes", {"phone": number, **proof},
                                             {"Idempotency-Key": uuid.uuid4().hex, "X-Forwarded-For": address})
            answers.append(("/v1/codes", status, kind_of(status, body), started, started + took))
            record["times"].append(took)
            if status != 201:
                record["why"] = f"request {status} {kind_of(status, body)}"
                return
            # The phone: the provider's webhook carries the text, within the delivery's bound.
            code = read_code(self.provider, number, started, 15)
            if code is None:
                record["why"] = "no SMS within 15 s"
                return
            verification = {"phone": number, "code": code, "verification_id": body.get("verification_id")}
            started = time.monotonic()
            status, answer, took = client.post("/v1/codes/verify", verification, {"X-Forwarded-For": address})
            answers.append(("/v1/codes/verify", status, kind_of(status, answer), started, started + took))
            record["times"].append(took)
            if status == 200 and answer.get("result") == "verified":
                record["served"] = True
            else:
                record["why"] = f"verify {status} {answer.get('result') or kind_of(status, answer)}"
        except OSError as error:
            record["why"] = type(error).__name__
        finally:
            client.close()

    # The attacker: one request for a code, as the scenario wants it.

    def target(self, local):
        """The number the attacker asks a code for next, or None when it has none to ask now."""
        scenario = self.scenario
        if scenario in ("countries", "prefixes"):
            return local.choice(BLOCKS[scenario]) + f"{local.randrange(10_000):04d}"
        if scenario == "replay":
            return self.replay_number
        if scenario == "challenges":
            return local.choice(CHALLENGE_SEGMENTS) + f"{local.randrange(100_000_000):08d}"
        if scenario == "faking":
            # The numbers that verified before first (trust, if the gateway grants it), each when
            # its cooldown or budget is over as the gateway said.
            now = time.monotonic()
            with self.lock:
                ready = [number for number in self.pool if self.next_ok.get(number, 0) <= now]
                if not ready:
                    return None
                trusted = [number for number in ready if number in self.verified]
                number = local.choice(trusted or ready)
                self.next_ok[number] = now + 5  # reserved while this request runs
                return number
        if scenario == "drip":
            with self.lock:
                for _ in range(len(self.drip)):
                    block = self.drip[self.drip_turn]
                    self.drip_turn = (self.drip_turn + 1) % len(self.drip)
                    if block in self.drip_dead or self.drip_count[block] >= DRIP_CODES_PER_BLOCK:
                        continue
                    self.drip_count[block] += 1  # given back unless the code is sent
                    while True:
                        number = block + f"{local.randrange(10_000):04d}"
                        if number not in self.attacker_numbers:
                            return number
                return None
        raise AssertionError(scenario)

    def answered(self, number, status, body, sent_at, client, address):
        """What the attacker does with an answer: faking reads and verifies its code."""
        retry = body.get("error", {}).get("retry_after_seconds")
        if self.scenario == "drip" and status != 201:
            block = number[:-4]
            with self.lock:
                self.drip_count[block] -= 1
                if kind_of(status, body) == "prefix_suspended":
                    self.drip_dead.add(block)
        if self.scenario != "faking":
            return
        now = time.monotonic()
        with self.lock:
            if status == 201:
                self.next_ok[number] = now + float(body.get("cooldown_seconds", 60))
            elif isinstance(retry, (int, float)):
                self.next_ok[number] = now + float(retry)
            else:
                self.next_ok[number] = now + 60
        if status != 201:
            return
        code = read_code(self.provider, number, sent_at, 5)
        if code is None:
            return
        status, answer, _ = client.post("/v1/codes/verify", {"phone": number, "code": code,
                                        "verification_id": body.get("verification_id")},
                                        {"X-Forwarded-For": address})
        if status == 200 and answer.get("result") == "verified":
            with self.lock:
                self.verified.add(number)
                self.verified_in[self.round] = self.verified_in.get(self.round, 0) + 1

    def attacker(self, seed):
        client = Client(self.proxy)
        local = random.Random(seed)
        while time.monotonic() < self.round_end:
            number = self.target(local)
            if number is None:
                time.sleep(0.05)
                continue
            with self.lock:
                self.attacker_numbers.add(number)
            try:
                address = fresh_address(local)
                proof, kind = solved(client, {"X-Forwarded-For": address}, self.attack["solves"])
                if proof is not None:
                    sent_at = time.monotonic()
                    status, body, _ = client.post("/v1/codes", {"phone": number, **proof},
                                                  {"Idempotency-Key": uuid.uuid4().hex, "X-Forwarded-For": address})
                    kind = kind_of(status, body)
                    self.answered(number, status, body, sent_at, client, address)
                elif self.scenario == "drip":
                    with self.lock:
                        self.drip_count[number[:-4]] -= 1
            except OSError as error:
                kind = type(error).__name__
                client.close()
            with self.lock:
                self.attack["requests"] += 1
                self.attack["kinds"][kind] = self.attack["kinds"].get(kind, 0) + 1
        client.close()

    def attacker_sms(self):
        with self.lock:
            numbers = set(self.attacker_numbers)
        return len({message["id"] for message in self.provider.seen() if message["to"] in numbers})

    # The run.

    def prepare(self):
        rng = self.rng
        if self.scenario == "faking":
            pool = set()
            for block in BLOCKS["faking"]:
                numbers = rng.sample(range(10_000), FAKING_POOL // len(BLOCKS["faking"]))
                pool.update(block + f"{n:04d}" for n in numbers)
            self.pool = sorted(pool)
        elif self.scenario == "drip":
            for segment in DRIP_SEGMENTS:
                for range_ in range(100):
                    for block in rng.sample(range(100), DRIP_BLOCKS_PER_RANGE):
                        self.drip.append(f"{segment}{range_:02d}{block:02d}")
            rng.shuffle(self.drip)
            self.drip_count = dict.fromkeys(self.drip, 0)
        elif self.scenario == "replay":
            self.replay_number = rng.choice(ATTACKER_SEGMENTS) + f"{rng.randrange(100_000_000):08d}"

    def run(self):
        self.prepare()
        poller = threading.Thread(target=self.healthz, daemon=True)
        poller.start()
        # The schema is there once /healthz says 200: then the returning numbers' trust.
        deadline = time.monotonic() + 30
        while not any(status == 200 for _, _, status, _ in self.health):
            if time.monotonic() > deadline:
                self.finished.set()
                return {"error": f"/healthz never said 200 in 30 s: {self.health[-3:]}"}
            time.sleep(0.1)
        returning = []
        while len(returning) < RETURNING:
            returning.append(self.real_number())
        try:
            self.store.seed_trust(returning)
        except (sqlite3.Error, RuntimeError, subprocess.TimeoutExpired) as error:
            self.finished.set()
            return {"error": f"could not seed the returning users' trust: {error}"}

        rounds = ROUNDS.get(self.scenario, 1)
        start = time.monotonic()
        self.round_end = start + self.seconds
        arrivals = threading.Event()

        def arrive():
            people = []
            next_new = next_returning = time.monotonic()
            while not arrivals.is_set():
                now = time.monotonic()
                if now >= next_returning and returning:
                    kind, number = True, returning.pop()
                    next_returning += RETURNING_USER_EVERY
                elif now >= next_new:
                    kind, number = False, self.real_number()
                    next_new += NEW_USER_EVERY
                else:
                    arrivals.wait(min(next_new, next_returning) - now)
                    continue
                thread = threading.Thread(target=self.user, args=(number, fresh_address(self.rng), kind))
                thread.start()
                people.append(thread)
            for thread in people:
                thread.join(timeout=30)
            self.stuck = any(thread.is_alive() for thread in people)

        self.stuck = False
        spawner = threading.Thread(target=arrive)
        spawner.start()
        round_starts, round_sms = [], []
        for index in range(rounds):
            self.round = index
            round_start = time.monotonic()
            self.round_end = round_start + self.seconds
            round_starts.append(round_start)
            attackers = [threading.Thread(target=self.attacker, args=(self.rng.random(),)) for _ in range(4)]
            for thread in attackers:
                thread.start()
            for thread in attackers:
                thread.join(timeout=self.seconds + 60)
                if thread.is_alive():
                    arrivals.set()
                    self.finished.set()
                    return {"error": "an attacker was still waiting 60 s after its round's end"}
            round_sms.append(self.attacker_sms() - sum(round_sms))
        while time.monotonic() < self.round_end:
            time.sleep(0.05)
        arrivals.set()
        spawner.join()
        self.finished.set()
        poller.join(timeout=15)
        if self.stuck:
            return {"error": "a real user was still waiting 30 s after the end"}
        # The last round's SMS: those its requests sent, delivered by now.
        round_sms[-1] = self.attacker_sms() - sum(round_sms[:-1])
        return {"attack": self.attack, "round_sms": round_sms, "round_starts": round_starts,
                "seconds": rounds * self.seconds, "verified_in": self.verified_in, "users": self.users,
                "health": self.health,
                "alerts": self.alerts.seen(), "start": start, "sent": sent_per_hour(self.provider.seen())}


def sent_per_hour(messages):
    """The messages the provider took (each id once), per UTC hour: the +86 hour budget is
    spent anew each hour, and a run may straddle two."""
    offset = time.time() - time.monotonic()
    hours = {}
    for message in messages:
        hours.setdefault(int((message["at"] + offset) // 3600), set()).add(message["id"])
    return [len(ids) for _, ids in sorted(hours.items())] or [0]


def tally(records):
    served = sum(1 for record in records if record["served"])
    return served, len(records), f"{served}/{len(records)} ({100 * served / max(1, len(records)):.1f} %)"


def judge(label, scenario, outcome, report):
    if "error" in outcome:
        print(f"pumping: FAIL: {label}: {outcome['error']}", flush=True)
        return 1
    users = outcome["users"]
    new = [record for record in users if not record["returning"]]
    returning = [record for record in users if record["returning"]]
    starts = outcome["round_starts"]
    # A new user is in the round they arrived in (the first from the start, the last to the end).
    bounds_of = [(starts[i] if i else 0, starts[i + 1] if i + 1 < len(starts) else float("inf"))
                 for i in range(len(starts))]
    rounds = [[record for record in new if low <= record["arrived"] < high] for low, high in bounds_of]
    times = [took for record in users for took in record["times"]]
    p99 = percentile(times, 0.99)
    p99_returning = percentile([took for record in returning for took in record["times"]], 0.99)
    attack = outcome["attack"]
    kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(attack["kinds"].items(), key=lambda item: -item[1]))
    sms = outcome["round_sms"]
    refusals = {}
    for record in users:
        if not record["served"]:
            why = ("returning: " if record["returning"] else "") + record["why"]
            refusals[why] = refusals.get(why, 0) + 1
    alerts = outcome["alerts"]
    first_alert = min((alert["at"] for alert in alerts), default=None)
    alert_text = (f"first alert {first_alert - outcome['start']:.1f} s after the attack's start ({len(alerts)} in all)"
                  if first_alert is not None else "no alert")
    # Hard failures: a real user answered 503 at any step; each 503 to a request for a code
    # must have /healthz say 503 around it.
    hard = [(record, answer) for record in users for answer in record["answers"]
            if answer[1] == 503 or answer[2] in HARD_FAILURES]
    health = outcome["health"]
    unhealthy = [poll for poll in health if poll[2] != 200]
    mismatched = [answer for _, answer in hard if answer[0] == "/v1/codes" and not any(
        poll[2] == 503 and poll[0] <= answer[4] + 1.5 and poll[1] >= answer[3] - 1.5 for poll in health)]
    health_kinds = {}
    for poll in unhealthy:
        health_kinds[f"{poll[2]} {poll[3]}"] = health_kinds.get(f"{poll[2]} {poll[3]}", 0) + 1
    health_text = (f"/healthz {len(health) - len(unhealthy)}/{len(health)} 200"
                   + (" (" + ", ".join(f"{k} ×{n}" for k, n in health_kinds.items()) + ")" if unhealthy else ""))
    round_text = (" + ".join(str(count) for count in sms) + " (rounds)" if len(sms) > 1 else str(sms[0]))
    new_text = tally(new)[2] + (" [rounds: " + ", ".join(tally(r)[2] for r in rounds) + "]" if len(rounds) > 1 else "")
    total_text = (f"; {' + '.join(map(str, outcome['sent']))} SMS in all"
                  f"{' (two UTC hours)' if len(outcome['sent']) > 1 else ''}" if scenario == "drip" else "")
    verified_text = (f"; it verified {' + '.join(str(outcome['verified_in'].get(i, 0)) for i in range(len(sms)))}"
                     if scenario == "faking" else "")
    print(f"pumping: {label}: {round_text} SMS to the attacker of {attack['requests']} requests "
          f"({attack['requests'] / outcome['seconds']:.0f}/s: {kinds}){verified_text}"
          f"{total_text}; new real users {new_text} served, returning {tally(returning)[2]}; answers p99 "
          f"{1000 * p99:.0f} ms (returning {1000 * p99_returning:.0f} ms), slowest {1000 * max(times or [0]):.0f} ms; "
          f"refused: {', '.join(f'{why} ×{count}' for why, count in refusals.items()) or 'none'}; {alert_text}; "
          f"{health_text}; {outcome['size']}", flush=True)
    report_work(label, attack["solves"], sum(sms))
    problems, bounds = [], []
    # An attack none of whose requests got past the number screen tested nothing.
    if attack["kinds"].get("201", 0) == 0 and not any(
            kind.endswith("suspended") or kind.endswith("exhausted") or kind in ("cooldown",) + HARD_FAILURES
            for kind in attack["kinds"]):
        problems.append("the attack never reached the gateway's rules")
    if any(not alert["signed"] for alert in alerts):
        problems.append(f"{sum(1 for alert in alerts if not alert['signed'])} alerts not signed with the alert key")
    if hard:
        seen = {}
        for record, answer in hard:
            seen[f"{answer[0]} {answer[1]} {answer[2]}"] = seen.get(f"{answer[0]} {answer[1]} {answer[2]}", 0) + 1
        bounds.append("real users got hard failures: " + ", ".join(f"{k} ×{n}" for k, n in seen.items()))
    if mismatched:
        bounds.append(f"{len(mismatched)} real users' requests for a code got 503 while /healthz said no 503 "
                      "within 1.5 s")
    bound = ATTACKER_SMS_BOUND.get(scenario)
    for i, count in enumerate(sms):
        if bound is not None and count > bound:
            where = f" in round {i + 1}" if len(sms) > 1 else ""
            bounds.append(f"{count} SMS to the attacker{where}, more than {bound}")
    for i, group in enumerate(rounds):
        served, total, text = tally(group)
        if not total or served < SERVED_BOUND[scenario] * total:
            bounds.append(f"new real users {text} served{f' in round {i + 1}' if len(rounds) > 1 else ''}, "
                          f"under {SERVED_BOUND[scenario]:.0%}")
    if p99 >= P99_BOUND:
        bounds.append(f"real users' answers p99 {p99:.2f} s, not under {P99_BOUND:.0f} s")
    if scenario == "drip":
        served, total, text = tally(returning)
        if served < total or not total:
            bounds.append(f"returning users {text} served, not all")
        if first_alert is None or first_alert - outcome["start"] > ALERT_BOUND:
            bounds.append(f"{alert_text}, not within {ALERT_BOUND:.0f} s")
        if outcome["country_hour"] is not None and max(outcome["sent"]) > outcome["country_hour"]:
            bounds.append(f"{max(outcome['sent'])} SMS sent in one UTC hour, over the +86 hour budget of "
                          f"{outcome['country_hour']}")
    for problem in problems:
        print(f"pumping: FAIL: {label}: {problem}", flush=True)
    for problem in bounds:
        print(f"pumping: {'BOUND' if report else 'FAIL'}: {label}: {problem}", flush=True)
    return 1 if problems or (bounds and not report) else 0


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
