"""A client's side of the gateway's challenges (docs/protocol.md, "POST /v1/challenges"):
fetch one, solve it, and the members a request for a code carries. Python's standard library
only, as the suites that import it."""

import hashlib
import json
import urllib.request


def solve(challenge):
    """The solution of CHALLENGE (its text), found as the page says: every number from 0 up
    to its bound, hashed after its salt, until one hashes to its target."""
    fields = challenge.split(".")
    limit, salt, target = int(fields[4]), fields[5].encode(), bytes.fromhex(fields[6])
    for number in range(limit + 1):
        if hashlib.sha256(salt + str(number).encode()).digest() == target:
            return number
    raise ValueError("no solution up to the bound: " + challenge)


def fetch(base_url, timeout=10):
    """A fresh challenge's text from the gateway at BASE_URL (ending in "/")."""
    request = urllib.request.Request(
        base_url + "v1/challenges", data=b"{}", method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.load(answer)["challenge"]


def proof(base_url, timeout=10):
    """The members a request for a code adds to its body: a fresh challenge, solved."""
    challenge = fetch(base_url, timeout)
    return {"challenge": challenge, "solution": solve(challenge)}


if __name__ == "__main__":
    # `python3 challenge.py URL`: one proof, as JSON members, for a shell script's curl.
    import sys

    print(json.dumps(proof(sys.argv[1]))[1:-1])
