#!/usr/bin/python3
"""The controls on their own in someone else's window, by keyboard alone, as a screen reader
gets them (issue 23): Tests/System/controls-a11y/third_party_window.py (an entry before the controls, a plain
button after) or Examples/Python (--cooldown 3), each driven with key presses 3 s apart — long
enough for GTK 4.8 to drop focus-visible between them — through a failing request and a short
cooldown that runs out.

Run by Tests/System/controls-a11y/run inside a session it prepared (private D-Bus session,
accessibility bus, Xvfb, the window running with GTK_A11Y=atspi). Reuses Tests/System/lib/desktop.py's
AT-SPI helpers and its Ear, which hears what Orca listens to.

Checks, after every press and over the whole run:
  - the focus is never on nothing (nor on the bare window);
  - a failed request moves the focus to the re-locked slider, whose description says why (the
    app's words, or the controls' own for NULL), heard once;
  - a sent request is said on the focused button ("验证码已发送", the seconds in its name), once;
  - the end of the cooldown moves the focus to the re-locked slider, whose description says a
    new code may be requested, heard once;
  - no name or description event repeats the value the object already had.

Prints "PASS <label>: …" / "FAIL <label>: … — expected …; seen …" and "DONE <label>"; exit 1
on any FAIL.
"""
import argparse
import os
import re
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import desktop as flow  # noqa: E402
from desktop import Ear, find, focused, keys, pump, refresh, safe, wait_until  # noqa: E402

GAP = 3.2                   # seconds between presses: GTK 4.8 drops focus-visible after 3 s
REASON = "服务器拒绝了请求，请重新滑动验证"
DEFAULT_REASON = "发送失败，请重试"
SENT = "验证码已发送"
COOLING = r"\d+ 秒后可重新获取"
OVER = "可以重新获取验证码"


class Walk:
    def __init__(self, label):
        self.label = label
        self.failed = 0
        self.app = flow.find_app()
        wait_until(lambda: find(self.app, "slider") and find(self.app, "push button", "获取验证码"), 10)
        pump(0.5)
        refresh(self.app)
        self.slider = find(self.app, "slider")
        self.button = find(self.app, "push button", "获取验证码")
        self.ear = Ear(self.app)
        # Each object's name and description as last known, to tell a repeat from a change.
        self.known = {}
        for obj in flow.walk(self.app):
            self.known[(obj, "name")] = safe(lambda: obj.name, "") or ""
            self.known[(obj, "description")] = safe(lambda: obj.description, "") or ""

    def check(self, what, ok, expected="", seen=""):
        if ok:
            print(f"PASS {self.label}: {what}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {self.label}: {what} — expected {expected}; seen {seen}", flush=True)
        return ok

    def press(self, *names, gap=GAP):
        """One key, then the gap; the focus must be somewhere after it."""
        keys(*names)
        pump(gap)
        now = focused(self.app)
        self.check(f"after {'+'.join(names)} the focus is on a control",
                   now is not None, "a focused object", "FOCUS: NONE")
        return now

    def focus_is(self, obj, what):
        now = focused(self.app)
        return self.check(f"the focus is on {what}", now == obj, flow.describe(obj), flow.describe(now))

    def to(self, obj, what, key="Tab", most=4):
        """Tab (or Shift+Tab) until obj has the focus."""
        for _ in range(most):
            if focused(self.app) == obj:
                break
            self.press(key)
        self.focus_is(obj, what)

    def unlock(self):
        self.to(self.slider, "the slider")
        for _ in range(10):
            self.press("Right")
        refresh(self.app)
        self.check("ten → presses unlock the slider", "验证通过" == (safe(lambda: self.slider.name, "") or ""),
                   "验证通过", safe(lambda: self.slider.name))

    def heard(self, pattern, since):
        return [e for e in self.ear.events[since:] if Ear.presents(e, pattern)]

    def request(self, outcome, words):
        """Enter on the button once the slider is passed; `words` must then be heard once where
        the focus is: on the slider for a failure, on the button for a sent code (looked at
        within the 3 s cooldown)."""
        self.to(self.button, "the request button")
        since = len(self.ear.events)
        self.press("Return", gap=GAP if outcome == "failed" else 1.0)
        target = self.slider if outcome == "failed" else self.button
        self.focus_is(target, f"the {'slider' if target == self.slider else 'button'} after the request {outcome}")
        said = self.heard(re.escape(words), since)
        self.check(f"{words!r} is heard once where the focus is", len(said) == 1, "once",
                   f"{len(said)} times: " + "; ".join(Ear.line(e) for e in said))
        return since

    def cooldown_ends(self, since):
        said = self.heard(COOLING, since)
        self.check("the seconds left are in the focused button's name", len(said) >= 1, "heard", "never")
        wait_until(lambda: focused(self.app) == self.slider, 8, 0.2)
        pump(0.5)
        self.focus_is(self.slider, "the re-locked slider at the end of the cooldown")
        said = self.heard(OVER, since)
        self.check(f"{OVER!r} is heard once where the focus is", len(said) == 1, "once",
                   f"{len(said)} times: " + "; ".join(Ear.line(e) for e in said))
        refresh(self.app)
        self.check("the button is not sensitive until the next slide",
                   not flow.has_state(self.button, flow.pyatspi.STATE_SENSITIVE), "insensitive", flow.describe(self.button))

    def no_wrappers(self):
        """Each control is one node in the app's own container, with nothing around it or in it
        that a screen reader walks: the button a push button, the slider a slider (a GtkScale of
        its own, no group around it)."""
        self.check("the slider and the button sit directly in the app's container",
                   safe(lambda: self.button.parent) == safe(lambda: self.slider.parent), "the same parent",
                   f"{flow.describe(safe(lambda: self.button.parent))} and "
                   f"{flow.describe(safe(lambda: self.slider.parent))}")
        value = safe(lambda: self.slider.queryValue())
        self.check("the slider itself has the Value interface, 0 to 100",
                   value is not None and (value.minimumValue, value.maximumValue) == (0, 100), "0…100",
                   f"{safe(lambda: (value.minimumValue, value.maximumValue))}")
        for name, control in (("slider", self.slider), ("button", self.button)):
            self.check(f"the {name} has no children a screen reader walks",
                       safe(lambda: control.childCount, 0) == 0, "none", str(safe(lambda: control.childCount)))

    def no_repeats(self):
        """No name or description event of the controls whose value they already had. (GTK 4.8's
        own buttons and check boxes send their unchanged name once, at their first focus.)"""
        repeats = []
        controls = (self.slider, self.button)
        for event in self.ear.events:
            kind = "name" if "accessible-name" in event["type"] else "description" if "accessible-description" in event["type"] else None
            if kind is None or event["value"] is None or event["source"] not in controls:
                continue
            key = (event["source"], kind)
            if key in self.known and self.known[key] == event["value"]:
                repeats.append(Ear.line(event))
            self.known[key] = event["value"]
        if not self.check("no name or description event of the controls repeats an unchanged value", not repeats, "none",
                          "; ".join(repeats[:5])):
            start = self.ear.events[0]["time"] if self.ear.events else 0
            for event in self.ear.events:
                print(f"     {event['time'] - start:6.2f} {Ear.line(event)}")
        lost = [e for e in self.ear.events if e["type"].startswith("object:state-changed:focused")]
        print(f"     ({len(self.ear.events)} events heard, {len(lost)} focus changes)")

    # -- the two windows ------------------------------------------------------------------

    def third_party(self):
        entry = find(self.app, "text")
        plain = find(self.app, "push button", "^继续$")
        self.focus_is(entry, "the entry before the controls")
        self.no_wrappers()
        self.unlock()
        self.request("failed", REASON)
        self.unlock()
        self.request("failed", DEFAULT_REASON)
        self.unlock()
        since = self.request("sent", SENT)
        self.cooldown_ends(since)
        # Out of the controls both ways: to the plain button after them, back to the entry.
        self.to(plain, "the plain button after the controls")
        self.to(entry, "the entry before the controls", key="shift+Tab", most=3)
        self.no_repeats()

    def python(self):
        toggle = find(self.app, "check box")
        self.focus_is(self.slider, "the slider, the window's first control")
        self.no_wrappers()
        self.to(toggle, "the 让请求失败 check box")
        self.press("space")
        self.to(self.slider, "the slider", key="shift+Tab")
        self.unlock()
        self.request("failed", REASON)
        self.to(toggle, "the 让请求失败 check box")
        self.press("space")
        self.unlock()
        since = self.request("sent", SENT)
        self.cooldown_ends(since)
        self.no_repeats()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--window", choices=["third-party", "python"], required=True)
    parser.add_argument("--app-name", required=True, help="the window's name on the accessibility bus")
    args = parser.parse_args()
    flow.APP_NAME = args.app_name
    walk = Walk(args.window)
    getattr(walk, args.window.replace("-", "_"))()
    print(f"DONE {args.window}", flush=True)
    return 1 if walk.failed else 0


if __name__ == "__main__":
    sys.exit(main())
