#!/usr/bin/python3
"""The conformance suite of CodeGate's HTTP protocol (docs/protocol.md), for any server.

    scripts/conformance.py URL                  checks the server at URL
    scripts/conformance.py URL --phone FILE     ... reading delivered codes from FILE, the
                                                standard output of a codegate-gateway
    scripts/conformance.py --gateway PATH       starts PATH (a codegate-gateway) on a free
                                                port with a private state and short times,
                                                checks it, and stops it

Each check uses fresh random numbers of its own. One line per check (PASS, FAIL or SKIP, with
why), then "N passed, N failed"; the exit status is 1 when any check failed, 2 for bad usage.
The checks that need a code itself (a right guess; no second SMS on a replay) read it from
the gateway's "phone", its standard output, so against a foreign server they are skipped.
Every request for a code carries a fresh challenge of the server's, solved
(Tests/System/lib/challenge.py), unless the server issues none (404 at /v1/challenges, as
`codegate-gateway --no-challenge`): then the checks of challenges are skipped, but one, which
checks that a request without a challenge is served. Python 3's standard library only.
"""

import http.client
import json
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

# The client's side of the challenges, shared with the system tests; no __pycache__ in the tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "System", "lib"))
import challenge  # noqa: E402

MAX_ANSWER = 65536
LONGEST_EXPIRY = 20
ERROR_KINDS = {
    "invalid_request", "invalid_phone", "not_found", "method_not_allowed", "length_required",
    "payload_too_large", "unsupported_media_type", "idempotency_mismatch", "cooldown",
    "rate_limited", "internal", "state_unavailable", "challenge_required", "challenge_invalid",
    "challenge_expired", "challenge_unsolved", "challenge_replayed",
}
HAN = re.compile("[\u3400-\u9fff]")


class Failed(Exception):
    """A check found the server off the protocol; the message says how."""


class Skipped(Exception):
    """A check cannot run against this server; the message says why."""


class Answer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body
        try:
            self.json = json.loads(body.decode("utf-8")) if body else None
        except (UnicodeDecodeError, ValueError):
            self.json = None

    def header(self, name):
        return self.headers.get(name.lower())

    def __str__(self):
        return f"{self.status} {self.body[:200].decode('utf-8', 'replace')}"


class Server:
    """The server under test, one HTTP call at a time, each on a fresh connection."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url}")
        self.scheme = parts.scheme
        self.host = parts.hostname
        self.port = parts.port
        self.prefix = parts.path.rstrip("/")
        # Whether it issues challenges: None until its first answer at /v1/challenges says.
        self.challenges = None

    def call(self, method, path, body=None, headers=None, raw=None):
        kind = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        connection = kind(self.host, self.port, timeout=10)
        sent = dict(headers or {})
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        if data is not None and not any(k.lower() == "content-type" for k in sent):
            sent["Content-Type"] = "application/json; charset=utf-8"
        try:
            connection.request(method, self.prefix + path, body=data, headers=sent)
            response = connection.getresponse()
            content = response.read(MAX_ANSWER + 1)
            if len(content) > MAX_ANSWER:
                raise Failed(f"{method} {path}: the answer is over {MAX_ANSWER} bytes")
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, content)
        except (OSError, http.client.HTTPException) as error:
            raise Failed(f"{method} {path}: {error}") from error
        finally:
            connection.close()

    def challenge(self, body=None):
        """POST /v1/challenges, with `body` (an empty object unless given)."""
        return self.call("POST", "/v1/challenges", {} if body is None else body)

    def issues_challenges(self):
        """Whether the server issues challenges: 201 at /v1/challenges, or 404 (it asks for none)."""
        if self.challenges is None:
            self.proof()
        return self.challenges

    def challenge_text(self):
        """A fresh challenge's text; the server must issue challenges."""
        answer = self.challenge()
        expect(answer.status == 201, f"POST /v1/challenges: expected 201, got {answer}")
        text = answer.json.get("challenge") if isinstance(answer.json, dict) else None
        expect(isinstance(text, str), f"POST /v1/challenges: no challenge string: {answer}")
        self.challenges = True
        return text

    def proof(self):
        """The members a request for a code adds: a fresh challenge, solved; none when the
        server issues none (404 not_found at /v1/challenges)."""
        if self.challenges is False:
            return {}
        if self.challenges is None:
            answer = self.challenge()
            if answer.status == 404:
                expect_error(answer, 404, "not_found")
                self.challenges = False
                return {}
            expect(answer.status == 201, f"POST /v1/challenges: expected 201 or 404, got {answer}")
            self.challenges = True
            text = answer.json.get("challenge") if isinstance(answer.json, dict) else None
            expect(isinstance(text, str), f"POST /v1/challenges: no challenge string: {answer}")
        else:
            text = self.challenge_text()
        try:
            return {"challenge": text, "solution": challenge.solve(text)}
        except (ValueError, IndexError) as error:
            raise Failed(f"a challenge the server issued cannot be solved: {error}") from error

    def request_code(self, phone, key=None, language=None, proof=True):
        """Asks for a code for `phone`; `proof`: True for a fresh challenge solved (when the
        server issues them), False for none, or the members to send."""
        headers = {"Idempotency-Key": key or new_key()}
        if language:
            headers["Accept-Language"] = language
        members = self.proof() if proof is True else (proof or {})
        return self.call("POST", "/v1/codes", {"phone": phone, **members}, headers)

    def verify(self, phone, code, verification_id, language=None):
        """Checks `code` under `verification_id` (None: a client from before the member)."""
        headers = {"Accept-Language": language} if language else {}
        body = {"phone": phone, "code": code}
        if verification_id is not None:
            body["verification_id"] = verification_id
        return self.call("POST", "/v1/codes/verify", body, headers)


class Phone:
    """The gateway's simulated phone: the "SMS +E164 text" lines of its standard output."""

    def __init__(self, stream):
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            self.seen.append(line)
            self.lines.put(line.rstrip("\n"))

    def messages_until(self, phone, timeout=5):
        """Every SMS up to and including the next one for `phone`."""
        deadline = time.monotonic() + timeout
        got = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise Failed(f"no SMS reached {phone} within {timeout} s") from None
            match = re.match(r"^SMS (\+\d+) (.*)$", line)
            if not match:
                continue
            got.append((match.group(1), match.group(2)))
            if match.group(1) == phone:
                return got

    def code_for(self, phone):
        _, text = self.messages_until(phone)[-1]
        codes = re.findall(r"(?<!\d)\d{6}(?!\d)", text)
        if len(codes) != 1:
            raise Failed(f"the SMS to {phone} holds no single 6-digit code: {text!r}")
        return codes[0]


class FilePhone(Phone):
    """The phone as a file that a gateway started by someone else writes its stdout to."""

    def __init__(self, path):
        stream = open(path, encoding="utf-8", errors="replace")
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._follow, args=(stream,), daemon=True).start()

    def _follow(self, stream):
        pending = ""
        while True:
            chunk = stream.readline()
            if not chunk:
                time.sleep(0.02)
                continue
            pending += chunk
            if pending.endswith("\n"):
                self.seen.append(pending)
                self.lines.put(pending.rstrip("\n"))
                pending = ""


def new_key():
    return uuid.uuid4().hex


VERIFICATION_ID = re.compile(r"^[A-Za-z0-9_-]{22,128}$")


def strangers_id():
    """A verification id of the right shape that no server gave anyone: 128 random bits."""
    return uuid.uuid4().hex


used_numbers = set()
# Every verification id a server answered with, and challenges it issued: none may show in its
# output (`check_ids_unlogged`).
issued_ids = []
issued_challenges = []


def fresh_number():
    """A number no earlier check (nor, very likely, an earlier run) used: a mainland mobile,
    +86 139 xxxx xxxx, which a gateway serves by default."""
    while True:
        number = "+86139" + "".join(random.choice("0123456789") for _ in range(8))
        if number not in used_numbers:
            used_numbers.add(number)
            return number


def expect(condition, message):
    if not condition:
        raise Failed(message)


def expect_json_answer(answer):
    content_type = (answer.header("Content-Type") or "").split(";")[0].strip().lower()
    expect(content_type == "application/json", f"Content-Type is {answer.header('Content-Type')!r}, not application/json")
    expect(isinstance(answer.json, dict), f"the body is no JSON object: {answer}")


def positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def expect_receipt(answer, status):
    expect(answer.status == status, f"expected {status}, got {answer}")
    expect_json_answer(answer)
    for member in ("cooldown_seconds", "expires_in_seconds"):
        expect(positive_int(answer.json.get(member)), f"{member} is not an integer ≥ 1: {answer}")
    identifier = answer.json.get("verification_id")
    expect(isinstance(identifier, str) and VERIFICATION_ID.match(identifier),
           f"verification_id is not 22-128 of A-Z a-z 0-9 _ -: {answer}")
    issued_ids.append(identifier)
    return answer.json


def expect_error(answer, status, kind):
    expect(answer.status == status, f"expected {status} {kind}, got {answer}")
    expect_json_answer(answer)
    error = answer.json.get("error")
    expect(isinstance(error, dict), f"no \"error\" object: {answer}")
    expect(error.get("kind") == kind, f"kind is {error.get('kind')!r}, not {kind!r}")
    expect(isinstance(error.get("message"), str) and error["message"].strip(), f"no message: {answer}")
    if status == 429:
        retry = answer.header("Retry-After")
        expect(retry is not None and retry.isdigit() and int(retry) >= 1, f"Retry-After is {retry!r}, not whole seconds ≥ 1")
        expect(error.get("retry_after_seconds") == int(retry), f"retry_after_seconds {error.get('retry_after_seconds')!r} ≠ Retry-After {retry}")
    return error


def expect_result(answer, result):
    expect(answer.status == 200, f"expected 200, got {answer}")
    expect_json_answer(answer)
    expect(answer.json.get("result") == result, f"result is {answer.json.get('result')!r}, not {result!r}: {answer}")
    return answer.json


CHALLENGE_FIELD = {
    5: re.compile(r"^[0-9a-f]{32}$"), 6: re.compile(r"^[0-9a-f]{64}$"), 7: re.compile(r"^[0-9a-f]{64}$"),
}


def expect_challenge(answer):
    """The fields of the challenge a 201 from /v1/challenges carries, checked as the page
    describes them."""
    expect(answer.status == 201, f"expected 201, got {answer}")
    expect_json_answer(answer)
    expect("no-store" in (answer.header("Cache-Control") or ""), f"Cache-Control is {answer.header('Cache-Control')!r}, not no-store")
    expect(positive_int(answer.json.get("expires_in_seconds")), f"expires_in_seconds is not an integer ≥ 1: {answer}")
    text = answer.json.get("challenge")
    expect(isinstance(text, str) and len(text.encode()) <= 512, f"challenge is not a string of at most 512 bytes: {answer}")
    fields = text.split(".")
    expect(len(fields) == 8 and all(fields), f"the challenge is not eight non-empty fields joined by '.': {text!r}")
    expect(fields[:3] == ["1", "SHA-256", "send_code"], f"version, algorithm, purpose are {fields[:3]}, not 1, SHA-256, send_code")
    expect(re.fullmatch(r"[1-9][0-9]*", fields[3]) is not None, f"expires is not whole seconds: {fields[3]!r}")
    expect(re.fullmatch(r"[1-9][0-9]*", fields[4]) is not None, f"max_number is not an integer ≥ 1: {fields[4]!r}")
    for index, pattern in CHALLENGE_FIELD.items():
        expect(pattern.match(fields[index]), f"field {index + 1} is not lowercase hex of its length: {fields[index]!r}")
    return text, fields


def forged(fields, index, value):
    """The challenge of `fields` with field `index` replaced by `value`, its signature kept."""
    return ".".join(fields[:index] + [value] + fields[index + 1:])


def wrong_code(right=None):
    """A code that is not `right` (or, with no code known, almost surely not the live one)."""
    return "000000" if right != "000000" else "111111"


class Suite:
    def __init__(self, server, phone, log=None):
        self.server = server
        self.phone = phone
        self.log = log
        self.results = {"PASS": 0, "FAIL": 0, "SKIP": 0}

    def run(self, name, check):
        try:
            detail = check()
            verdict = "PASS"
        except Failed as failure:
            verdict, detail = "FAIL", str(failure)
        except Skipped as skip:
            verdict, detail = "SKIP", str(skip)
        self.results[verdict] += 1
        print(f"{verdict} {name}" + (f": {detail}" if detail else ""), flush=True)

    def needs_phone(self):
        if self.phone is None:
            raise Skipped("needs the codes, which only a gateway started by the suite (or --phone) shows")

    def needs_challenges(self):
        if not self.server.issues_challenges():
            raise Skipped("the server issues no challenges (404 at /v1/challenges)")

    def no_sms(self, refused, sent=()):
        """With the phone: none of the numbers `refused` got an SMS, and each of `sent` one,
        before the next one to a fresh number (the gateway delivers in order). The words for
        the check's line."""
        if self.phone is None:
            return " (the SMS count needs the phone)"
        marker = fresh_number()
        expect_receipt(self.server.request_code(marker), 201)
        got = [to for to, _ in self.phone.messages_until(marker)]
        texted = sorted({number for number in refused if number in got})
        expect(not texted, f"refused requests sent SMS to {texted}")
        for number in sent:
            expect(got.count(number) == 1, f"{number} got {got.count(number)} SMS, not 1")
        return ", no SMS for any refused one"

    def requested(self, number, **options):
        """Requests a code for `number`; with the phone, reads it too."""
        receipt = expect_receipt(self.server.request_code(number, **options), 201)
        code = self.phone.code_for(number) if self.phone else None
        return receipt, code

    def verify(self, number, code, receipt):
        """Checks `code` for `number` under the verification id of `receipt`."""
        return self.server.verify(number, code, receipt["verification_id"])

    # The checks, in the order docs/protocol.md describes them.

    def check_challenge(self):
        answer = self.server.challenge()
        if answer.status == 404:
            expect_error(answer, 404, "not_found")
            self.server.challenges = False
            raise Skipped("the server issues no challenges (404 not_found): it asks for none")
        text, fields = expect_challenge(answer)
        lifetime = answer.json["expires_in_seconds"]
        self.server.challenges = True
        issued_challenges.append(text)
        started = time.monotonic()
        try:
            solution = challenge.solve(text)
        except ValueError as error:
            raise Failed(str(error)) from error
        took = time.monotonic() - started
        expect(challenge.solve(text) == solution, "solved twice, two solutions")
        # Members are ignored, whatever they are; a body that is no object is refused.
        other, _ = expect_challenge(self.server.challenge({"phone": fresh_number(), "extra": [1, {"a": None}]}))
        issued_challenges.append(other)
        expect(other.split(".")[5] != fields[5], "two challenges with one salt")
        expect_error(self.server.call("POST", "/v1/challenges", raw=b"[]"), 400, "invalid_request")
        answer = self.server.call("GET", "/v1/challenges")
        expect_error(answer, 405, "method_not_allowed")
        return (f"201, eight fields, max_number {fields[4]}, good for {lifetime} s,"
                f" solved in {took * 1000:.0f} ms; members ignored, a fresh salt each; 400 for no object, 405 for GET")

    def check_challenge_required(self):
        number = fresh_number()
        answer = self.server.request_code(number, proof=False)
        if not self.server.issues_challenges():
            expect_receipt(answer, 201)
            code = self.phone.code_for(number) if self.phone else None
            return "the server issues no challenges (404 at /v1/challenges): 201 without one" + (", SMS with a code" if code else "")
        expect_error(answer, 400, "challenge_required")
        refused = [number]
        text = self.server.challenge_text()
        issued_challenges.append(text)
        # Half a proof is none: 400, whichever kind; members of the wrong type are bad requests.
        for members in ({"challenge": text}, {"solution": 1}):
            refused.append(fresh_number())
            answer = self.server.request_code(refused[-1], proof=members)
            expect(answer.status == 400, f"{sorted(members)} alone: expected 400, got {answer}")
        for members in ({"challenge": 1, "solution": 1}, {"challenge": text, "solution": "1"},
                        {"challenge": text, "solution": None}):
            refused.append(fresh_number())
            expect_error(self.server.request_code(refused[-1], proof=members), 400, "invalid_request")
        return ("400 challenge_required without one; 400 for half a proof; 400 invalid_request for a challenge"
                " not a string, a solution not an integer" + self.no_sms(refused))

    def expect_each_refused(self, proofs, kind):
        """Requests a code for a fresh number with each of `proofs` (by name), each to be
        refused 403 `kind`; the numbers asked for."""
        refused = []
        for name, proof in proofs.items():
            refused.append(fresh_number())
            try:
                expect_error(self.server.request_code(refused[-1], proof=proof), 403, kind)
            except Failed as failure:
                raise Failed(f"{name}: {failure}") from None
        return refused

    def check_challenge_invalid(self):
        self.needs_challenges()
        text = self.server.challenge_text()
        issued_challenges.append(text)
        fields = text.split(".")
        solution = challenge.solve(text)
        signature = fields[7]
        flipped = signature[:-1] + ("0" if signature[-1] != "0" else "1")
        cases = {
            "garbled": "not a challenge",
            "seven fields": ".".join(fields[:7]),
            "nine fields": text + ".0",
            "a field empty": forged(fields, 5, ""),
            "over 512 bytes": forged(fields, 5, fields[5] * 20),
            "upper-case hex": forged(fields, 7, signature.upper()),
            "version 2": forged(fields, 0, "2"),
            "algorithm SHA-512": forged(fields, 1, "SHA-512"),
            "purpose verify": forged(fields, 2, "verify"),
            "expires a day later": forged(fields, 3, str(int(fields[3]) + 86400)),
            "max_number + 1": forged(fields, 4, str(int(fields[4]) + 1)),
            "max_number 1000000": forged(fields, 4, "1000000"),
            "another salt": forged(fields, 5, "0" * 32),
            "another target": forged(fields, 6, "0" * 64),
            "a signature digit": forged(fields, 7, flipped),
        }
        refused = self.expect_each_refused(
            {name: {"challenge": forgery, "solution": solution} for name, forgery in cases.items()},
            "challenge_invalid")
        # None of them spent the challenge they were made from.
        number = fresh_number()
        expect_receipt(self.server.request_code(number, proof={"challenge": text, "solution": solution}), 201)
        return (f"403 challenge_invalid for {len(cases)} forgeries (garbled, fields changed, the signature kept);"
                " the challenge itself then 201" + self.no_sms(refused, sent=[number]))

    def check_challenge_unsolved(self):
        self.needs_challenges()
        text = self.server.challenge_text()
        issued_challenges.append(text)
        limit = int(text.split(".")[4])
        solution = challenge.solve(text)
        wrong = ((solution + 1) % (limit + 1), limit + 1, -1, 10**20)
        refused = self.expect_each_refused(
            {f"solution {value}": {"challenge": text, "solution": value} for value in wrong}, "challenge_unsolved")
        number = fresh_number()
        expect_receipt(self.server.request_code(number, proof={"challenge": text, "solution": solution}), 201)
        return ("403 challenge_unsolved for another number, one past max_number, -1, 10^20;"
                " the right one then 201" + self.no_sms(refused, sent=[number]))

    def check_challenge_replayed(self):
        self.needs_challenges()
        proof = self.server.proof()
        issued_challenges.append(proof["challenge"])
        number, key = fresh_number(), new_key()
        first = expect_receipt(self.server.request_code(number, key=key, proof=proof), 201)
        other = fresh_number()
        expect_error(self.server.request_code(other, proof=proof), 403, "challenge_replayed")
        # Before any rule on the number: replayed, not its cooldown.
        expect_error(self.server.request_code(number, proof=proof), 403, "challenge_replayed")
        again = self.server.request_code(number, key=key, proof=proof)
        replay = expect_receipt(again, 200)
        expect(again.header("Idempotent-Replayed") == "true", f"no \"Idempotent-Replayed: true\" on the retry: {again.headers}")
        expect(replay["verification_id"] == first["verification_id"], "the retry's verification_id is not the first answer's")
        # A challenge is spent only by a request that sends a code: one refused for its
        # cooldown may be brought again, so a flood of refused requests leaves nothing behind.
        kept = self.server.proof()
        expect_error(self.server.request_code(number, proof=kept), 429, "cooldown")
        third = fresh_number()
        expect_receipt(self.server.request_code(third, proof=kept), 201)
        expect_error(self.server.request_code(fresh_number(), proof=kept), 403, "challenge_replayed")
        return ("403 challenge_replayed under another key (another number, the same one); the same key 200"
                " Idempotent-Replayed; a challenge a 429 left unspent then sends once" + self.no_sms([other], sent=[number, third]))

    def check_request(self):
        number = fresh_number()
        answer = self.server.request_code(number)
        receipt = expect_receipt(answer, 201)
        expect("no-store" in (answer.header("Cache-Control") or ""), f"Cache-Control is {answer.header('Cache-Control')!r}, not no-store")
        code = self.phone.code_for(number) if self.phone else None
        return f"201, cooldown {receipt['cooldown_seconds']} s, expires in {receipt['expires_in_seconds']} s" + (f", SMS with a code" if code else "")

    def check_cooldown(self):
        number = fresh_number()
        receipt, _ = self.requested(number)
        error = expect_error(self.server.request_code(number), 429, "cooldown")
        expect(error["retry_after_seconds"] <= receipt["cooldown_seconds"],
               f"Retry-After {error['retry_after_seconds']} is longer than the cooldown {receipt['cooldown_seconds']}")
        return f"429 cooldown, Retry-After {error['retry_after_seconds']}"

    def check_idempotent_retry(self):
        number = fresh_number()
        key = new_key()
        # A retry is the same request: its body again, challenge and all.
        proof = self.server.proof()
        first, _ = self.requested(number, key=key, proof=proof)
        again = self.server.request_code(number, key=key, proof=proof)
        replay = expect_receipt(again, 200)
        expect(again.header("Idempotent-Replayed") == "true", f"no \"Idempotent-Replayed: true\" on the replay: {again.headers}")
        expect(replay["cooldown_seconds"] <= first["cooldown_seconds"], "the replay's cooldown is longer than the first answer's")
        expect(replay["verification_id"] == first["verification_id"], "the replay's verification_id is not the first answer's")
        # A retry that solved a fresh challenge meanwhile is the same request too.
        fresh = expect_receipt(self.server.request_code(number, key=key), 200)
        expect(fresh["verification_id"] == first["verification_id"], "a retry with a fresh challenge got another verification_id")
        if self.phone is None:
            return ("200 with Idempotent-Replayed and the same verification_id, also with a fresh challenge"
                    " (the SMS count needs the phone)")
        # The gateway delivers in order: no SMS to `number` before the next one to `other`
        # means the replay sent none.
        other = fresh_number()
        expect_receipt(self.server.request_code(other), 201)
        second = [m for m in self.phone.messages_until(other) if m[0] == number]
        expect(not second, f"the replay sent a second SMS to {number}")
        return "200 with Idempotent-Replayed and the same verification_id, also with a fresh challenge; no second SMS"

    def check_idempotency_mismatch(self):
        key = new_key()
        self.requested(fresh_number(), key=key)
        expect_error(self.server.request_code(fresh_number(), key=key), 422, "idempotency_mismatch")
        return "422 idempotency_mismatch"

    def check_wrong_code(self):
        number = fresh_number()
        receipt, code = self.requested(number)
        result = expect_result(self.verify(number, wrong_code(code), receipt), "wrong_code")
        expect(positive_int(result.get("attempts_left")), f"attempts_left is not an integer ≥ 1: {result}")
        return f"wrong_code, {result['attempts_left']} attempts left"

    def check_attempts_lock(self):
        number = fresh_number()
        receipt, code = self.requested(number)
        previous = None
        for guess in range(1, 21):
            result = self.verify(number, wrong_code(code), receipt)
            expect_json_answer(result)
            if result.json.get("result") == "locked":
                break
            result = expect_result(result, "wrong_code")
            left = result.get("attempts_left")
            expect(positive_int(left), f"attempts_left is not an integer ≥ 1: {result}")
            expect(previous is None or left == previous - 1, f"attempts_left went from {previous} to {left}")
            previous = left
        else:
            raise Failed("20 wrong guesses did not lock the code")
        expect(previous in (None, 1), f"locked with {previous} attempts left")
        expect_result(self.verify(number, code or wrong_code(), receipt), "locked")
        expect_result(self.server.verify(number, code or wrong_code(), strangers_id()), "no_code")
        return (f"locked after {guess} wrong guesses" + (", and the right code stays locked" if code else "")
                + "; no_code under another id")

    def check_verified(self):
        self.needs_phone()
        number = fresh_number()
        receipt, code = self.requested(number)
        expect_result(self.verify(number, code, receipt), "verified")
        expect_result(self.verify(number, code, receipt), "no_code")
        return "verified, then no_code: the code is used up"

    def check_no_code(self):
        expect_result(self.server.verify(fresh_number(), "123456", strangers_id()), "no_code")
        return "no_code for a number never asked for"

    def check_verification_id(self):
        """A check is bound to the request that sent the code: under any other id it gets the
        answer of a number without a code and spends none of the code's attempts."""
        number = fresh_number()
        receipt, code = self.requested(number)
        for guess in range(5):
            answer = self.server.verify(number, wrong_code(code), strangers_id())
            expect_result(answer, "no_code")
            expect("attempts_left" not in answer.json, f"guess {guess + 1} under another id told attempts_left: {answer}")
        if code:
            expect_result(self.server.verify(number, code, strangers_id()), "no_code")
            expect_result(self.verify(number, code, receipt), "verified")
            return "5 wrong guesses and the right code under other ids: no_code, nothing counted; then verified"
        # Without the code: the first guess under the right id has every attempt left, as
        # the first one on a code no one else guessed at.
        other = fresh_number()
        fresh, _ = self.requested(other)
        untouched = expect_result(self.verify(other, wrong_code(), fresh), "wrong_code").get("attempts_left")
        after = expect_result(self.verify(number, wrong_code(), receipt), "wrong_code").get("attempts_left")
        expect(after == untouched, f"{after} attempts left after guesses under other ids, not {untouched}")
        return f"5 wrong guesses under other ids: no_code, nothing counted ({after} attempts left)"

    def check_verify_without_id(self):
        number = fresh_number()
        receipt, code = self.requested(number)
        error = expect_error(self.server.verify(number, code or wrong_code(), None), 400, "invalid_request")
        expect("verification_id" in error["message"], f"the message does not name verification_id: {error['message']!r}")
        if code:
            expect_result(self.verify(number, code, receipt), "verified")
        return "400 invalid_request naming verification_id" + (", the code untouched" if code else "")

    def check_ids_unlogged(self):
        if self.log is None and self.phone is None:
            raise Skipped("needs the gateway's output, which only a gateway started by the suite (or --phone) shows")
        said = "".join(self.phone.seen) if self.phone else ""
        if self.log:
            with open(self.log, encoding="utf-8", errors="replace") as log:
                said += log.read()
        shown = [identifier for identifier in issued_ids if identifier in said]
        expect(not shown, f"{len(shown)} of {len(issued_ids)} verification ids are in the gateway's output")
        # A challenge's salt is its identity: it must not show either.
        salts = [text.split(".")[5] for text in issued_challenges]
        shown = [salt for salt in salts if salt in said]
        expect(not shown, f"{len(shown)} of {len(salts)} challenges' salts are in the gateway's output")
        return f"none of {len(issued_ids)} verification ids nor {len(salts)} challenges in the gateway's output"

    def check_expiry(self):
        number = fresh_number()
        receipt = expect_receipt(self.server.request_code(number), 201)
        lifetime = receipt["expires_in_seconds"]
        if lifetime > LONGEST_EXPIRY:
            raise Skipped(f"codes live {lifetime} s, over {LONGEST_EXPIRY} s (run the server with a shorter lifetime)")
        code = self.phone.code_for(number) if self.phone else wrong_code()
        time.sleep(lifetime + 1)
        expect_result(self.verify(number, code, receipt), "expired")
        return f"expired after {lifetime} s"

    def check_error_languages(self):
        messages = {}
        for language in ("zh-CN", "zh-TW", "en"):
            answer = self.server.request_code("+00", language=language)
            messages[language] = expect_error(answer, 400, "invalid_phone")["message"]
            content_language = answer.header("Content-Language")
            expect(content_language == language, f"Content-Language is {content_language!r} for {language}")
        default = expect_error(self.server.request_code("+00"), 400, "invalid_phone")["message"]
        expect(default == messages["zh-CN"], "without Accept-Language the message is not zh-CN's")
        expect(HAN.search(messages["zh-CN"]), f"the zh-CN message has no Chinese: {messages['zh-CN']!r}")
        expect(HAN.search(messages["zh-TW"]) and messages["zh-TW"] != messages["zh-CN"],
               f"the zh-TW message is not Traditional Chinese: {messages['zh-TW']!r}")
        expect(not HAN.search(messages["en"]), f"the en message is not English: {messages['en']!r}")
        preferred = expect_error(self.server.request_code("+00", language="fr-FR, en;q=0.8, zh-CN;q=0.5"), 400, "invalid_phone")
        expect(preferred["message"] == messages["en"], "\"fr-FR, en;q=0.8, zh-CN;q=0.5\" did not get English")
        if not self.server.issues_challenges():
            return "kind and message in zh-CN (default), zh-TW, en, by q"
        # The challenges' refusals too: the app shows none, but another client may.
        said = {}
        for language in ("zh-CN", "zh-TW", "en"):
            answer = self.server.request_code(fresh_number(), language=language, proof=False)
            said[language] = expect_error(answer, 400, "challenge_required")["message"]
            expect(answer.header("Content-Language") == language,
                   f"challenge_required: Content-Language is {answer.header('Content-Language')!r} for {language}")
        expect(HAN.search(said["zh-TW"]) and said["zh-TW"] != said["zh-CN"],
               f"challenge_required in zh-TW is not Traditional Chinese: {said['zh-TW']!r}")
        expect(not HAN.search(said["en"]), f"challenge_required in en is not English: {said['en']!r}")
        return "kind and message in zh-CN (default), zh-TW, en, by q; challenge_required too"

    def check_bad_requests(self):
        server = self.server
        key = {"Idempotency-Key": new_key()}
        expect_error(server.call("POST", "/v1/codes", raw=b"{\"phone\": ", headers=key), 400, "invalid_request")
        expect_error(server.call("POST", "/v1/codes", raw=b"[\"+447400900123\"]", headers=key), 400, "invalid_request")
        # Each with a solved challenge, so that only the one thing wrong can be refused.
        expect_error(server.call("POST", "/v1/codes", {"phone": 4474009, **server.proof()}, headers=key), 400, "invalid_request")
        expect_error(server.call("POST", "/v1/codes", {"phone": fresh_number(), **server.proof()}), 400, "invalid_request")
        expect_error(server.request_code(fresh_number(), key="no spaces allowed"), 400, "invalid_request")
        expect_error(server.request_code("13800138000"), 400, "invalid_phone")
        expect_error(server.verify(fresh_number(), "12ab56", strangers_id()), 400, "invalid_request")
        expect_error(server.verify(fresh_number(), "123456", 123456), 400, "invalid_request")
        expect_error(server.call("POST", "/v1/codes/verify", {"phone": fresh_number()}), 400, "invalid_request")
        return "bad JSON, not an object, wrong type, no or bad Idempotency-Key, bad phone, bad code, bad verification_id"

    def check_limits(self):
        server = self.server
        big = json.dumps({"phone": fresh_number(), "pad": "x" * 5000}).encode()
        expect_error(server.call("POST", "/v1/codes", raw=big, headers={"Idempotency-Key": new_key()}), 413, "payload_too_large")
        plain = {"Content-Type": "text/plain", "Idempotency-Key": new_key()}
        expect_error(server.call("POST", "/v1/codes", raw=json.dumps({"phone": fresh_number()}).encode(), headers=plain),
                     415, "unsupported_media_type")
        expect_error(server.call("POST", "/v1/nothing-here", {"phone": fresh_number()}), 404, "not_found")
        expect_error(server.call("POST", "/v2/codes", {"phone": fresh_number()}), 404, "not_found")
        answer = server.call("GET", "/v1/codes")
        expect_error(answer, 405, "method_not_allowed")
        expect("POST" in (answer.header("Allow") or ""), f"Allow is {answer.header('Allow')!r}")
        return "413 over 4096 bytes, 415, 404, 405 with Allow"

    def run_all(self):
        for name in ("challenge", "challenge_required", "challenge_invalid", "challenge_unsolved", "challenge_replayed",
                     "request", "cooldown", "idempotent_retry", "idempotency_mismatch", "wrong_code",
                     "attempts_lock", "verified", "no_code", "verification_id", "verify_without_id", "expiry",
                     "error_languages", "bad_requests", "limits", "ids_unlogged"):
            self.run(name.replace("_", " "), getattr(self, "check_" + name))
        print(f"{self.results['PASS']} passed, {self.results['FAIL']} failed"
              + (f" ({self.results['SKIP']} skipped)" if self.results["SKIP"] else ""), flush=True)
        return 1 if self.results["FAIL"] else 0


def start_gateway(path, options):
    """Starts a codegate-gateway on a free port, with a private state, short times and options."""
    state = tempfile.mkdtemp(prefix="codegate-conformance-")
    if os.environ.get("CODEGATE_DATABASE_URL") and "--key-file" not in options:
        # On a database every gateway needs a key file: a fresh one, for a fresh database.
        with open(os.open(state + "/gateway.key", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as key:
            key.write(os.urandom(32).hex() + "\n")
        options = options + ["--key-file", state + "/gateway.key"]
    # Its request log goes to a file, shown only when a check failed.
    log = open(state + "/gateway.log", "w")
    # No rate limit: with a challenge before each code the suite sends over 120 requests a minute.
    process = subprocess.Popen([path, "--port", "0", "--duration", "3", "--code-ttl", "6", "--rate-limit", "0",
                                "--state-dir", state + "/codegate"] + options,
                               stdout=subprocess.PIPE, stderr=log, text=True, encoding="utf-8", errors="replace")
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        process.wait()
        with open(state + "/gateway.log", encoding="utf-8", errors="replace") as said:
            raise SystemExit(f"conformance: {path} printed no base URL (got {url!r})\n{said.read()}")
    return process, url, Phone(process.stdout), state


def main(arguments):
    usage = "usage: conformance.py URL [--phone FILE] | --gateway PATH [GATEWAY_OPTION...]"
    gateway = None
    try:
        if len(arguments) >= 2 and arguments[0] == "--gateway":
            gateway, url, phone, state = start_gateway(arguments[1], arguments[2:])
        elif len(arguments) == 1 and not arguments[0].startswith("-"):
            url, phone = arguments[0], None
        elif len(arguments) == 3 and arguments[1] == "--phone":
            url, phone = arguments[0], FilePhone(arguments[2])
        else:
            print(usage, file=sys.stderr)
            return 2
        try:
            server = Server(url)
        except ValueError as error:
            print(f"conformance: {error}", file=sys.stderr)
            return 2
        print(f"conformance: {url}", flush=True)
        status = Suite(server, phone, log=state + "/gateway.log" if gateway else None).run_all()
        if gateway and status:
            with open(state + "/gateway.log", encoding="utf-8", errors="replace") as log:
                sys.stderr.write("conformance: the gateway's log:\n" + log.read())
        return status
    finally:
        if gateway:
            gateway.send_signal(signal.SIGTERM)
            gateway.wait(timeout=10)
            shutil.rmtree(state, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
