#!/usr/bin/python3
"""A third-party app's side of a CodeGate server's challenges, through the library:
CodeGate.solve_challenge_async solves one on GLib's pool — a real gateway's, whose request for
a code then succeeds — and ends with G_IO_ERROR_INVALID_DATA for what is no challenge or has no
solution, with G_IO_ERROR_CANCELLED when cancelled. Under G_DEBUG=fatal-criticals."""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from harness import CodeGate, GLib, check, finish, wait_until
from gi.repository import Gio

SEVEN = ("1.SHA-256.send_code.9999999999.10.00000000000000000000000000000000."
         "7d6426bf2d8db17f7cef79e4aaaab36c566d7ff66dba202e318afb0dc337e3c2." + "ab" * 32)


def solve(text, cancellable=None, cancel_at_once=False):
    """The solution, or the GLib.Error, as the callback got it on this thread's main context."""
    outcome = {}

    def done(_source, result):
        try:
            outcome["value"] = CodeGate.solve_challenge_finish(result)
        except GLib.Error as error:
            outcome["value"] = error

    CodeGate.solve_challenge_async(text, cancellable, done)
    if cancel_at_once:
        cancellable.cancel()
    wait_until(lambda: "value" in outcome, 10)
    return outcome.get("value")


check(solve(SEVEN) == 7, "a challenge whose solution is 7 is solved: 7")
for text, what in [("nonsense", "no challenge"), (SEVEN.replace(".10.", ".6."), "no solution up to its bound")]:
    error = solve(text)
    check(isinstance(error, GLib.Error) and error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.INVALID_DATA),
          f"{what}: G_IO_ERROR_INVALID_DATA ({error})")

# A search of minutes, its solution last: only a cancellation that stops it ends within the wait.
salt = "1" * 32
big = (f"1.SHA-256.send_code.9999999999.999999999.{salt}."
       + hashlib.sha256((salt + "999999999").encode()).hexdigest() + "." + "ab" * 32)
error = solve(big, Gio.Cancellable(), cancel_at_once=True)
check(isinstance(error, GLib.Error) and error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED),
      f"cancelled at once, the search stops: G_IO_ERROR_CANCELLED ({error})")

# A real gateway's challenge, solved by the library, opens the way to a code.
gateway = os.environ["CODEGATE_GATEWAY"]
state = tempfile.mkdtemp()
process = subprocess.Popen([gateway, "--state-dir", state, "--regions", "GB"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
try:
    url = process.stdout.readline().strip()

    def post(path, body, key=None):
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Idempotency-Key"] = key
        request = urllib.request.Request(url + path, data=json.dumps(body).encode(), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refused:
            return refused.code, json.load(refused)

    status, answer = post("v1/challenges", {})
    challenge = answer.get("challenge", "")
    solution = solve(challenge)
    check(status == 201 and isinstance(solution, int), f"the gateway's challenge is solved ({status}, {solution})")
    status, answer = post("v1/codes", {"phone": "+447400900123", "challenge": challenge, "solution": solution}, "k1")
    check(status == 201, f"its request for a code is answered 201 ({status} {answer})")
    status, answer = post("v1/codes", {"phone": "+447400900124", "challenge": challenge, "solution": solution}, "k2")
    check(status == 403 and answer["error"]["kind"] == "challenge_replayed",
          f"and the same challenge again is refused challenge_replayed ({status} {answer})")
finally:
    process.terminate()
    process.wait()
sys.stdout.flush()
finish()
