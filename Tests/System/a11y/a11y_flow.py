#!/usr/bin/python3
"""Walks CodeGate's whole flow with key events only and checks what a screen reader gets.

Run by Tests/System/a11y/run, which starts the accessibility bus, Xvfb (key auto-repeat off) and
the app with GTK_A11Y=atspi. This script finds the app over AT-SPI, listens to the events Orca
listens to, presses keys with xdotool and, after each step, prints the focused object (role,
name, description, states, value) and the events heard since the step before.

The steps are data (STEPS below): the keys to press, what to wait for, and what to expect —
the focused object, the statuses a screen reader must have heard, which entries are invalid.
Every failed expectation is collected and listed at the end; the exit status is 1 if any.
With --report the same walk only prints.

The checks are those issue 9 asks for:
  (a) the flow completes with the keyboard alone, auto-repeat off;
  (b) every focusable control has a real accessible name (not empty, not "GtkButton");
  (c) focus is never on nothing (or on the bare window) after a step;
  (d) each status (sent, failed, wrong code, verified; unlocked) reaches a screen reader: a
      name/description change on the focused object, or focus moving to an object whose
      name or description carries it;
  (e) an entry with a wrong value is INVALID, and is not any more once fixed;
  (f) while counting, the request button's name says it is cooling down; focused, it changes
      at most once in 3 s, and not focused, it follows the seconds.

The helpers (AT-SPI, input, waits, the app's statuses) are lib/desktop.py's.
"""
import argparse
import os
import re
import sys
import time

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing desktop
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pyatspi  # noqa: E402
from desktop import (CLASS_NAME, COOLDOWN_OVER, COOLING, FAILED, PHONE_BAD, PHONE_OK, SENT,  # noqa: E402
                     UNLOCKED, VERIFIED, WRONG, Ear, control, delivered_code, describe, extents, find, find_app,
                     focused, has_state, inbox_texts, keys, pump, refresh, role_of, safe, screen_box, states,
                     text_of, type_text, value_of, wait_until, walk, xdo)


# ---------------------------------------------------------------------------------------------
# The walk

class Run:
    def __init__(self, app, report):
        self.app = app
        self.report = report
        self.ear = Ear(app)
        self.failures = []
        self.known = {}            # role of an object in the flow → its accessible object

    def fail(self, step, check, expected, seen):
        self.failures.append((step, check, expected, seen))
        print(f"    FAIL {check}: expected {expected}; seen {seen}")

    def ok(self, check, what):
        print(f"    ok   {check}: {what}")

    # Things the steps look at.
    def control(self, key):
        if key not in self.known or not role_of(self.known[key]):
            refresh(self.app)
            self.known[key] = control(self.app, key)
        return self.known[key]

    def request_ready(self):
        button = self.control("request")
        return button is not None and has_state(button, pyatspi.STATE_SENSITIVE)

    def unlocked(self):
        slider = self.control("slider")
        refresh(self.app)
        said = (safe(lambda: slider.name, "") or "") + " " + (safe(lambda: slider.description, "") or "")
        hint = find(self.app, "label", UNLOCKED)
        value = value_of(slider) if slider else None
        return bool(re.search(UNLOCKED, said) or hint or (value and value[0] >= value[2]))

    # Checks.
    def check_names(self, step):
        """(b): every focusable object has a real name; no object is named after its class."""
        refresh(self.app)
        bad = []
        for obj in walk(self.app):
            name = safe(lambda: obj.name, "") or ""
            role = role_of(obj)
            if CLASS_NAME.match(name):
                bad.append(f"{role} named {name!r}")
            elif not name.strip() and has_state(obj, pyatspi.STATE_FOCUSABLE) and \
                    has_state(obj, pyatspi.STATE_SHOWING):
                bad.append(f"focusable {role} without a name")
        if bad:
            self.fail(step, "(b) names", "real accessible names", "; ".join(sorted(set(bad))))
        else:
            self.ok("(b) names", "every focusable control named, no class names")

    def check_focus(self, step, role=None, name=None):
        """(c): focus is on a control (optionally the given one), never on nothing."""
        obj = focused(self.app)
        if obj is None:
            self.fail(step, "(c) focus", f"focus on {role or 'a control'} {name or ''}".strip(),
                      "focus on nothing (or the bare window)")
            return
        got_role, got_name = role_of(obj), safe(lambda: obj.name, "") or ""
        said = got_name + " " + (safe(lambda: obj.description, "") or "")
        if (role and got_role != role) or (name and not re.search(name, said)):
            self.fail(step, "(c) focus", f"{role} {name!r}", f"{got_role} {got_name!r}")
        else:
            self.ok("(c) focus", f"{got_role} {got_name!r}")

    def check_heard(self, step, events, label, pattern):
        """(d): one of `events` presents `pattern`."""
        heard = [e for e in events if Ear.presents(e, pattern)]
        if heard:
            self.ok("(d) heard", f"{label}: {Ear.line(heard[0])}")
        else:
            self.fail(step, "(d) heard", f"an event Orca presents saying {label} (/{pattern}/)",
                      "no such event")

    def check_window_focus(self, step, frame_name):
        """(b), (c) in a secondary window: it is there, and its focus is on something named."""
        def lookup():
            refresh(self.app)
            return next((f for f in safe(lambda: list(self.app), []) if f is not None
                         and re.search(frame_name, safe(lambda: f.name, "") or "")), None)
        frame = wait_until(lookup, 5)
        if frame is None:
            self.fail(step, "(c) focus", f"a window named /{frame_name}/", "no such window")
            return
        obj = wait_until(lambda: find(frame, predicate=lambda o: has_state(o, pyatspi.STATE_FOCUSED)
                                      and role_of(o) != "frame"), 3)
        name = safe(lambda: obj.name, "") or "" if obj else ""
        print(f"    focus in {safe(lambda: frame.name)!r}: {describe(obj)}")
        if obj is None or not name.strip() or CLASS_NAME.match(name):
            self.fail(step, "(c) focus", f"focus on a named control in {frame_name}", describe(obj))
        else:
            self.ok("(c) focus", f"{role_of(obj)} {name!r} in {safe(lambda: frame.name)!r}")
        # What is not on screen is not in the tree: GTK 4.8 lays out a stack's other pages at 0×0.
        unseen = sorted({text_of(o) for o in walk(frame) if role_of(o) == "label"
                         and (extents(o) or (0, 0, 0, 0))[2:] == (0, 0)})
        if unseen:
            self.fail(step, "(b) hidden", "no text of a page not shown", ", ".join(repr(t) for t in unseen))
        else:
            self.ok("(b) hidden", "only the page shown is in the tree")

    def check_slider_value(self, step, expected):
        """The slider's AT-SPI value is exactly where the thumb rests (a glide back ends at 0)."""
        value = value_of(self.control("slider"))
        if value and value[0] == expected:
            self.ok("(a) slider value", f"{value[0]!r}")
        else:
            self.fail(step, "(a) slider value", f"exactly {expected}", f"{value[0] if value else None!r}")

    def check_invalid(self, step, key, expected):
        def invalid_now():
            refresh(self.app)
            return bool(states(self.control(key)) & {pyatspi.STATE_INVALID_ENTRY, pyatspi.STATE_INVALID})
        # The state may reach the bus just after the description it goes with: a bounded wait
        # for the expected one, so a loaded machine does not fail a right answer.
        invalid = expected if wait_until(lambda: invalid_now() == expected, 3) else not expected
        what = f"{key} entry {'INVALID' if expected else 'not invalid'}"
        if invalid == expected:
            self.ok("(e) invalid", what)
        else:
            self.fail(step, "(e) invalid", what, f"{key} entry {'INVALID' if invalid else 'not invalid'}")

    # Actions that are more than a key press.
    def unlock_by_keyboard(self, step):
        """(a): unlock the focused slider with single key presses: up to 30 → taps, then Space,
        then Return (the issue allows either design). Returns whether it unlocked."""
        for n in range(30):
            keys("Right")
            pump(0.15)
            if self.unlocked():
                print(f"    unlocked after {n + 1} → presses")
                return True
        for key in ("space", "Return"):
            keys(key)
            if wait_until(self.unlocked, 3):
                print(f"    unlocked by {key}")
                return True
        slider = self.control("slider")
        self.fail(step, "(a) keyboard", "the slider unlocks with single key presses (repeat off)",
                  f"still locked after 30 → taps, Space and Enter: {describe(slider)}")
        return False

    def rescue_unlock(self):
        """Not a user path: drags the thumb with the pointer so the walk can go on and report the
        later steps. Only used after (a) has failed; focus goes back to the slider after."""
        slider = self.control("slider")
        if not extents(slider):
            return False
        x, y, w, h = screen_box(self.app, slider)
        cy = y + h // 2
        xdo("mousemove", str(x + h // 2), str(cy), "mousedown", "1")
        for px in range(x + h // 2, x + w + 40, 20):  # past the end, or the thumb stops short
            xdo("mousemove", str(px), str(cy))
            time.sleep(0.02)
        xdo("mouseup", "1")
        ok = wait_until(self.unlocked, 2)
        print(f"    RESCUE: dragged the thumb with the pointer to go on ({'unlocked' if ok else 'still locked'})")
        return ok

    def tab_to(self, step, key, limit=6):
        """Presses Tab until the given control is focused (at most `limit` times)."""
        for n in range(limit + 1):
            obj = focused(self.app)
            if obj is not None and obj == self.control(key):
                if n:
                    print(f"    reached {key} after {n} Tab(s)")
                return True
            keys("Tab")
            pump(0.2)
        self.fail(step, "(a) keyboard", f"Tab reaches the {key}", f"not after {limit} Tabs")
        return False

    def count_name_changes(self, step, focused, seconds=3):
        """(f): the name says cooling down; focused, it changes at most once in `seconds` (each
        change would be spoken); unfocused, it follows the seconds shown (a review reads it)."""
        button = self.control("request")
        self.ear.since_last()
        pump(seconds)
        changes = [e for e in self.ear.since_last()
                   if e["source"] is button and "accessible-name" in e["type"]]
        name = safe(lambda: button.name, "") or ""
        description = safe(lambda: button.description, "") or ""
        where = "focused" if focused else "not focused"
        print(f"    request button over {seconds} s, {where}: {describe(button)}; {len(changes)} name change(s)")
        for e in changes:
            print("      " + Ear.line(e))
        if re.search(COOLING, name + " " + description):
            self.ok("(f) cooling name", repr(name))
        else:
            self.fail(step, "(f) cooling name", f"name/description saying it cools down (/{COOLING}/)",
                      f"name {name!r}, description {description!r}")
        if focused and len(changes) > 1:
            self.fail(step, "(f) name changes", f"at most 1 name change in {seconds} s while focused",
                      f"{len(changes)}: " + ", ".join(repr(e["value"] or e["name"]) for e in changes))
        elif not focused and len(changes) < seconds - 1:
            self.fail(step, "(f) name changes", f"the name following the seconds while not focused "
                      f"(at least {seconds - 1} changes in {seconds} s)", f"{len(changes)}")
        else:
            self.ok("(f) name changes", f"{len(changes)} in {seconds} s, {where}")


# Each step: a title; `do` (what the user does, with the Run); then the expectations:
# focus (role, name regex) after it, statuses that must have been heard, entries' invalid state,
# and whether to check every name (b).
def step_list(scenario):
    if scenario == "network":
        return unlock_steps() + network_steps() + secondary_steps()
    return unlock_steps() + success_steps()


def type_code(run, step):
    """Types the code the inbox shows into the focused entry."""
    code = delivered_code(run.app)
    if not code:
        run.fail(step, "(a) keyboard", "a 6-digit code in the inbox's accessible text",
                 f"inbox texts {inbox_texts(run.app)!r}")
        return
    keys("ctrl+a", "BackSpace")
    type_text(code)


def type_wrong_code(run, step):
    """Types a code one off the inbox's into the focused entry."""
    code = delivered_code(run.app) or "000000"
    keys("ctrl+a", "BackSpace")
    type_text("%06d" % ((int(code) + 1) % 1000000))


def unlock(run, step):
    """Unlocks the slider by keyboard; after a failure, by the pointer and back by Tab."""
    if not run.unlock_by_keyboard(step):
        run.rescue_unlock()
        # Back to the slider by keyboard after the pointer rescue.
        run.tab_to(step, "slider")


def unlock_steps():
    """From the phone entry (a wrong number, then the right one) to the request button."""
    return [
        dict(title="start", do=None, focus=("text", "手机号"), names=True),
        dict(title="type a wrong number, Tab",
             do=lambda run, s: (type_text(PHONE_BAD), keys("Tab")),
             focus=("slider", None), invalid={"phone": True}),
        dict(title="Shift+Tab back to the number", do=lambda run, s: keys("shift+Tab"),
             focus=("text", "手机号")),
        dict(title="fix the number", do=lambda run, s: (keys(*["BackSpace"] * 11), type_text(PHONE_OK)),
             focus=("text", "手机号"), invalid={"phone": False}),
        dict(title="Tab to the slider", do=lambda run, s: keys("Tab"), focus=("slider", None)),
        dict(title="unlock the slider by keyboard", do=unlock, focus=("slider", None),
             heard=[("unlocked", UNLOCKED)]),
        dict(title="Tab to the request button", do=lambda run, s: run.tab_to(s, "request"),
             focus=("push button", "获取验证码"), names=True),
    ]


def secondary_steps():
    """The windows GTK and libadwaita build for us: every object in them named (b), not after
    its class, and the focus they open with on something named."""
    return [
        dict(title="F10: the main menu", do=lambda run, s: (keys("F10"), pump(0.8)),
             focus=("menu item", None), names=True),
        dict(title="Escape, Ctrl+?: the Keyboard Shortcuts window",
             do=lambda run, s: (keys("Escape"), pump(0.5), keys("ctrl+question"), pump(1.5),
                                run.check_window_focus(s, "键盘快捷键")), names=True),
        dict(title="Escape, F10, ↓, Enter: About",
             do=lambda run, s: (keys("Escape"), pump(0.8), keys("F10"), pump(0.8), keys("Down", "Return"), pump(2),
                                run.check_window_focus(s, "About|关于")), names=True),
        dict(title="Escape: back in the window", do=lambda run, s: (keys("Escape"), pump(0.8))),
    ]


def network_steps():
    """The request fails (the app runs with --gateway-fail network)."""
    return [
        dict(title="press Enter: the request fails", do=lambda run, s: (keys("Return"), pump(1.5)),
             focus=("slider", None), heard=[("failed", FAILED)], names=True, slider_at=0),
    ]


def success_steps():
    """The code sent, the countdown heard focused and not, a wrong code, the right one."""
    return [
        dict(title="press Enter: the code is sent",
             do=lambda run, s: (keys("Return"), wait_until(lambda: delivered_code(run.app), 5)),
             focus=("text", "验证码"), heard=[("sent", SENT)], names=True),
        dict(title="the countdown (2 s), focus on the code field",
             do=lambda run, s: run.count_name_changes(s, focused=False, seconds=2)),
        dict(title="Shift+Tab to the counting request button (2 s)",
             do=lambda run, s: (keys("shift+Tab"), pump(0.3), run.count_name_changes(s, focused=True, seconds=2)),
             focus=("push button", COOLING)),
        dict(title="stay there until the cooldown ends",
             do=lambda run, s: wait_until(lambda: focused(run.app) == run.control("slider"), 8),
             focus=("slider", None), heard=[("cooldown over", COOLDOWN_OVER)], slider_at=0),
        dict(title="Tab to the code entry, type a wrong code, Enter",
             do=lambda run, s: (run.tab_to(s, "code"), type_wrong_code(run, s), keys("Return"), pump(0.8)),
             focus=("text", "验证码"), heard=[("wrong code", WRONG)], invalid={"code": True}),
        dict(title="type the code from the inbox, Enter",
             do=lambda run, s: (type_code(run, s), keys("Return"), pump(0.8)),
             focus=(None, None), heard=[("verified", VERIFIED)], invalid={"code": False}, names=True),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", choices=["success", "network"], default="success",
                        help="success: the whole flow; network: the app runs with --gateway-fail network")
    parser.add_argument("--report", action="store_true", help="print only, never fail")
    args = parser.parse_args()

    app = find_app()
    run = Run(app, args.report)
    wait_until(lambda: focused(app), 5)
    pump(0.5)
    print(f"== a11y flow, scenario {args.scenario} ==")
    for number, step in enumerate(step_list(args.scenario), 1):
        title = f"{number}. {step['title']}"
        print(f"\n{title}")
        if step.get("do"):
            step["do"](run, title)
        pump(0.5)
        events = run.ear.since_last()
        print(f"  focus: {describe(focused(app))}")
        for event in events:
            print("  heard: " + Ear.line(event))
        if "focus" in step:
            run.check_focus(title, *step["focus"])
        for label, pattern in step.get("heard", []):
            run.check_heard(title, events, label, pattern)
        for key, expected in step.get("invalid", {}).items():
            run.check_invalid(title, key, expected)
        if step.get("names"):
            run.check_names(title)
        if "slider_at" in step:
            run.check_slider_value(title, step["slider_at"])

    print(f"\n== {len(run.failures)} failure(s), scenario {args.scenario} ==")
    for step, check, expected, seen in run.failures:
        print(f"- {step} · {check}: expected {expected}; seen {seen}")
    return 1 if run.failures and not args.report else 0


if __name__ == "__main__":
    sys.exit(main())
