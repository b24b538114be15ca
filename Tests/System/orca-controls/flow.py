#!/usr/bin/python3
"""Real Orca over the controls in someone else's window (Tests/System/controls-a11y/third_party_window.py), by
keyboard alone with presses 3.2 s apart (issue 23): Tab into the slider, → ×10, Tab to the
request button, Space (the request fails in the app's words); → ×10 again (1 s apart), Tab,
Space (the code is sent, a 3 s cooldown) and the end of the cooldown; Tab onwards. Prints what
Orca said at each step, then the checks; exit 1 on any failure.

usage: flow.py ROOT ORCA_LOG    (run by ./run, inside the session it prepared)
"""
import os
import re
import sys
import time

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "Tests", "System", "lib"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "System", "orca"))
sys.dont_write_bytecode = True
import desktop as a11y  # noqa: E402
from orca_flow import SpeechLog  # noqa: E402

GAP = 3.2                   # seconds between presses: GTK 4.8 drops focus-visible after 3 s
REASON = "服务器拒绝了请求，请重新滑动验证"
LOCKED = "滑动解锁/获取验证码，未通过"
SENT = "验证码已发送"
OVER = "可以重新获取验证码"
# A slider value other than the start's, as each version reads it. GTK 4.8 gives no value text:
# Orca 43 reads the number ("horizontal slider 0.0"). GTK 4.18 gives the app's value text and
# sends value changes: Orca 48 reads the text and the percentage ("horizontal slider 已滑动 0% 0
# percent") on focus, and the text alone ("已滑动 0%") on each change.
LEFTOVER = r"slider [1-9]\d*\b|已滑动 [1-9]\d*%|\b[1-9]\d* percent"

speech = SpeechLog(sys.argv[2])
a11y.APP_NAME = "third_party_window.py"
app = a11y.find_app()
a11y.wait_until(lambda: a11y.find(app, "slider"), 10)
failures = []
steps = []


def listen(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        a11y.pump(0.05)
        speech.poll()


def step(title, key=None, gap=GAP):
    start = len(speech.said)
    if key:
        a11y.keys(key)
    listen(gap)
    said = [u.text for u in speech.said[start:] if not u.echo]
    focus = a11y.focused(app)
    line = f"{a11y.role_of(focus)} {a11y.safe(lambda: focus.name, '')!r}" if focus else "(nothing)"
    print(f"\n{len(steps) + 1}. {title} [{key or 'no key'}] — focus: {line}")
    for text in said:
        print(f"   » {text!r}")
    steps.append((title, said, focus))
    if focus is None:
        failures.append(f"{title}: the focus is on nothing")
    return said


def check(what, ok, seen):
    print(f"{'PASS' if ok else 'FAIL'}: {what}" + ("" if ok else f" — seen: {seen}"))
    if not ok:
        failures.append(what)


def count(said, pattern):
    return sum(1 for text in said if re.search(pattern, text))


listen(2)
tab_in = step("Tab from the entry into the slider", "Tab")
progress = [step(f"→ {n}", "Right") for n in range(1, 11)]
step("Tab to the request button", "Tab")
failed = step("Space: the request fails", "space")
for n in range(1, 11):
    step(f"→ {n} again", "Right", gap=1.0)
step("Tab to the request button", "Tab")
sent = step("Space: the code is sent", "space", gap=2.0)
over = step("no key: the 3 s cooldown ends", gap=3.0)
step("Tab onwards", "Tab")

everything = [text for _, said, _ in steps for text in said]
check("Tab into the slider: its name, role and hint, each once",
      count(tab_in, re.escape(LOCKED) + r" horizontal slider") == 1 and count(tab_in, r"按 → 键 10 次") == 1,
      tab_in)
check("no group around the slider is spoken (安全验证, panel, grouping)",
      not any(re.search(r"安全验证|panel|grouping", text) for text in everything), everything)
check("each → says how far, once",
      all(count(said, rf"已滑动 {10 * n}%") == 1 for n, said in enumerate(progress[:9], 1)), progress[:9])
check("the tenth → says it is passed", count(progress[9], r"验证通过") == 1, progress[9])
check("the failure: focus on the re-locked slider, the reason heard once",
      steps[12][2] is not None and a11y.role_of(steps[12][2]) == "slider"
      and count(failed, re.escape(REASON)) == 1, failed)
check("the re-locked slider (after the failure and the cooldown) says no value left over from the steps",
      not any(re.search(LEFTOVER, text) for text in failed + over), failed + over)
check("the code sent is heard once on the focused button", count(sent, SENT) == 1, sent)
check("the end of the cooldown: focus on the re-locked slider, heard once that a new code may be requested",
      steps[-2][2] is not None and a11y.role_of(steps[-2][2]) == "slider"
      and count(over, OVER) == 1, over)
check("nothing said twice in a row", all(a != b for _, said, _ in steps for a, b in zip(said, said[1:])), everything)
print("orca controls:", "FAIL" if failures else "PASS")
sys.exit(1 if failures else 0)
