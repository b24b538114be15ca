#!/usr/bin/env python3
"""Concurrent clients of several gateways, for Tests/System/postgres/run.

  load.py race URLS PHONE COUNT        COUNT requests for PHONE at once, spread over the
                                       gateways; prints "STATUS COUNT" lines
  load.py request URL PHONE            one request for PHONE; prints "STATUS VERIFICATION_ID"
  load.py guess URLS PHONE COUNT CODE ID
                                       COUNT verifications of CODE under the verification id
                                       ID (or "stranger": a fresh random one each) at once;
                                       prints one "STATUS RESULT ATTEMPTS_LEFT" line per answer
  load.py load URLS SECONDS            requests for fresh numbers, one after another on three
                                       threads, for SECONDS; prints "STATUS PHONE RETRY_AFTER KIND"
  load.py churn COUNT                  COUNT loopback connections to a listener of its own, each
                                       closed at once: the kernel's socket tables then hold them
                                       in TIME_WAIT for a minute, as after a burst of clients
  load.py spent URLS PHONE             a code for PHONE from the first gateway, then its challenge
                                       again under another key from each other one, then under its
                                       own key; prints "STATUS KIND REPLAYED" per answer
  load.py replay URLS PHONE COUNT      one challenge, solved, sent at once COUNT times over the
                                       gateways under COUNT keys, for PHONE's block (PHONE's last
                                       digits counted up); prints "STATUS KIND COUNT" lines

URLS is a comma-separated list of base URLs (http://127.0.0.1:PORT/). Every request for a code
carries a challenge of the gateway it goes to, solved before any is sent (../lib/challenge.py);
a refused challenge prints as a refused request. Every connection is closed after its answer,
and every request is bounded by a 10 s timeout.
"""
import http.client
import json
import pathlib
import random
import socket
import sys
import threading
import time
import urllib.parse
import uuid

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing challenge
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "lib"))
import challenge  # noqa: E402


def post(base, path, body, key=None, replayed=False):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    headers = {"Content-Type": "application/json", "Connection": "close"}
    if key:
        headers["Idempotency-Key"] = key
    try:
        connection.request("POST", path, json.dumps(body).encode(), headers)
        answer = connection.getresponse()
        data = answer.read()
        result = answer.status, json.loads(data or b"{}"), answer.getheader("Retry-After")
        return result + (answer.getheader("Idempotent-Replayed"),) if replayed else result
    finally:
        connection.close()


def proof(base):
    """A fresh challenge of the gateway at `base`, solved: the members a request for a code
    adds; or the refusal of the challenge, as post returns it."""
    status, body, retry = post(base, "/v1/challenges", {})
    if status != 201:
        return status, body, retry
    return {"challenge": body["challenge"], "solution": challenge.solve(body["challenge"])}


def request_code(base, phone, members):
    """Asks `base` for a code for `phone` with `members` (a proof), under a fresh key; a
    refused challenge is the answer."""
    if not isinstance(members, dict):
        return members
    return post(base, "/v1/codes", {"phone": phone, **members}, uuid.uuid4().hex)


def kind_of(body):
    return body.get("error", {}).get("kind", "-") if isinstance(body, dict) else "-"


def at_once(count, job):
    """Runs job(index) on count threads released together; returns their results in order."""
    results = [None] * count
    gate = threading.Barrier(count)

    def run(index):
        gate.wait()
        try:
            results[index] = job(index)
        except Exception as error:  # a refused connection or a timeout is an answer too
            results[index] = ("error", repr(error), None)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def churn(count):
    listener = socket.create_server(("127.0.0.1", 0), backlog=512)

    def accept():
        while True:
            try:
                accepted, _ = listener.accept()
            except OSError:
                return
            accepted.close()

    threading.Thread(target=accept, daemon=True).start()
    for _ in range(count):
        socket.create_connection(listener.getsockname(), timeout=10).close()
    listener.close()


def main(arguments):
    if arguments[0] == "churn":
        churn(int(arguments[1]))
        return 0
    mode, urls = arguments[0], arguments[1].split(",")
    if mode == "race":
        phone, count = arguments[2], int(arguments[3])
        proofs = [proof(urls[i % len(urls)]) for i in range(count)]
        answers = at_once(count, lambda i: request_code(urls[i % len(urls)], phone, proofs[i]))
        statuses = {}
        for status, _, _ in answers:
            statuses[status] = statuses.get(status, 0) + 1
        for status, number in sorted(statuses.items(), key=str):
            print(status, number)
    elif mode == "request":
        status, body, _ = request_code(urls[0], arguments[2], proof(urls[0]))
        print(status, body.get("verification_id", "-") if isinstance(body, dict) else "-")
    elif mode == "guess":
        phone, count, code, given = arguments[2], int(arguments[3]), arguments[4], arguments[5]

        def guess(index):
            identifier = uuid.uuid4().hex if given == "stranger" else given
            body = {"phone": phone, "code": code, "verification_id": identifier}
            return post(urls[index % len(urls)], "/v1/codes/verify", body)

        answers = at_once(count, guess)
        for status, body, _ in answers:
            body = body if isinstance(body, dict) else {}
            print(status, body.get("result", body.get("error", {}).get("kind")), body.get("attempts_left", "-"))
    elif mode == "load":
        end = time.monotonic() + float(arguments[2])
        lock = threading.Lock()
        # Each number once: random ones would meet again (a birthday collision in one run of
        # four), and a number met again in its cooldown is rightly refused 429.
        numbers = iter(range(random.randrange(10_000_000, 50_000_000), 100_000_000))

        def client(index):
            while time.monotonic() < end:
                with lock:
                    phone = "+86137" + str(next(numbers))
                try:
                    url = urls[index % len(urls)]
                    status, body, retry = request_code(url, phone, proof(url))
                    kind = kind_of(body)
                except Exception as error:
                    status, retry, kind = "error:" + type(error).__name__, None, "-"
                with lock:
                    print(status, phone, retry or "-", kind, flush=True)

        threads = [threading.Thread(target=client, args=(index,)) for index in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    elif mode == "spent":
        phone, members, key = arguments[2], proof(urls[0]), uuid.uuid4().hex
        answers = [post(urls[0], "/v1/codes", {"phone": phone, **members}, key, replayed=True)]
        answers += [post(url, "/v1/codes", {"phone": phone, **members}, uuid.uuid4().hex, replayed=True) for url in urls[1:]]
        answers += [post(url, "/v1/codes", {"phone": phone, **members}, key, replayed=True) for url in urls[1:]]
        for status, body, _, replayed in answers:
            print(status, kind_of(body), replayed or "-")
    elif mode == "replay":
        phone, count, members = arguments[2], int(arguments[3]), proof(urls[0])
        first = int(phone[-4:])
        answers = at_once(count, lambda i: post(urls[i % len(urls)], "/v1/codes",
                                                {"phone": f"{phone[:-4]}{first + i:04d}", **members}, uuid.uuid4().hex))
        counted = {}
        for status, body, _ in answers:
            counted[(status, kind_of(body))] = counted.get((status, kind_of(body)), 0) + 1
        for (status, kind), number in sorted(counted.items(), key=str):
            print(status, kind, number)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
