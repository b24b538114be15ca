#!/usr/bin/python3
"""Drives a controls example with real pointer events and checks what a user and a screen
reader get: Examples/SwiftControls' controls-example, and the same app in Python, JavaScript,
Vala, C and Rust over the GObject library (Examples/Python, JavaScript, Vala, C, Rust, and
Builder and Blueprint through Python), which all show the same window "CodeGate controls" with
the same accessible tree.

Run by Tests/System/example/example_session.sh inside a session it prepared (private D-Bus session,
accessibility bus, Xvfb, the example running with GTK_A11Y=atspi), for Tests/System/example/run
and Tests/System/languages/run. The pointer moves with
xdotool (mousemove/mousedown/mouseup/click; drags in small steps); everything asserted is read
over AT-SPI (names, states, values, label texts, name-change events) or, for the countdown the
accessibility tree leaves out on purpose, from the screen's pixels (`import -window root`).

Scenarios:
  success  source language: the button waits for the slide; a half drag released glides back;
           a full drag unlocks; Tab and Shift+Tab (real key events) move the focus from the
           slider to the button and back, and out of each in both directions; the click sends, names the button "…，59 秒后可重新获取" and the status
           says the code was sent; on screen the countdown label changes and its fill grows.
  failure  "让请求失败" checked: the click fails, the status says why, the button is idle
           again and the slider is back at the start, locked.
  english  LC_ALL=en_US.UTF-8: the controls' own words are English, before and after the drag
           and through the request.
  ending   success, then the whole 60 s cooldown: the button is named idle again, and the
           slider is locked again (so the button is not SENSITIVE until the next slide).

Prints one line per check, "PASS <label>: <check>" or "FAIL <label>: <check> — expected
…; seen …", then "DONE <label>" (the label is the scenario unless --label says otherwise).
Exit status 1 if any check failed.
"""
import argparse
import io
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing desktop
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import desktop  # noqa: E402
from desktop import (describe, extents, find, find_app, focused, keys, name_of, pump, refresh, role_of,  # noqa: E402
                     safe, screen_offset, states, text_of, value_of, wait_fresh, wait_until, walk, xdo)

import pyatspi  # noqa: E402
from PIL import Image, ImageChops  # noqa: E402

# The controls' own words (po/controls/en.po for English), as a screen reader gets them.
WORDS = {
    "zh": dict(locked="滑动解锁/获取验证码，未通过", unlocked="验证通过",
               howto="按 → 键 10 次，或点击滑块 10 次，滑到最右端",
               idle="获取验证码", sending="获取验证码，发送中…", cooling=r"^获取验证码，(\d+) 秒后可重新获取$"),
    "en": dict(locked="Slide to unlock, not passed", unlocked="Check passed",
               howto="Press → 10 times, or click the thumb 10 times, to reach the end",
               idle="Get Code", sending="Get Code, Sending…", cooling=r"^Get Code, available again in (\d+) s$"),
}
# The example's own texts (not translated).
SENT = "验证码已发送，60 秒后可重新获取"
FAILED = "服务器拒绝了请求，请重新滑动验证"
FAIL_TOGGLE = "让请求失败"


def sensitive(obj):
    return pyatspi.STATE_SENSITIVE in states(obj)


def fraction(slider):
    value = value_of(slider)
    if not value:
        return None
    current, low, high = value
    return (current - low) / (high - low) if high > low else None


def at_start(slider):
    """Whether the thumb is back at 0. GTK drops a change of a number property smaller than
    0.001 (gtk_number_accessible_value_equal), so the last frames of the glide back may not
    reach AT-SPI: the value read can stay at e.g. 0.0009 (a fraction of a pixel) while the
    widget is at 0."""
    value = fraction(slider)
    return value is not None and value <= 0.002


class Flow:
    def __init__(self, scenario, label, shots):
        self.scenario = scenario
        self.label = label
        self.shots = shots
        self.words = WORDS["en" if scenario == "english" else "zh"]
        self.passed = self.failed = 0
        self.app = find_app()
        wait_until(lambda: find(self.app, "slider") and find(self.app, "push button"), 5)
        pump(0.3)
        refresh(self.app)
        self.slider = find(self.app, "slider")
        self.button = find(self.app, "push button")
        self.toggle = find(self.app, "check box")
        # The check box's box: in every example the status label is its last label.
        panel = self.toggle and safe(lambda: self.toggle.parent)
        labels = [c for c in safe(lambda: list(panel), []) if role_of(c) == "label"]
        self.status = labels[-1] if labels else None       # the label under the check box
        self.offset = screen_offset(self.app)
        # Name changes a screen reader hears, in order: (time, source, new name).
        self.heard = []
        pyatspi.Registry.registerEventListener(self.on_name, "object:property-change:accessible-name")

    # -- reporting ----------------------------------------------------------------------------

    def check(self, what, ok, expected="", seen=""):
        if ok:
            self.passed += 1
            print(f"PASS {self.label}: {what}" + (f" ({seen})" if seen else ""), flush=True)
        else:
            self.failed += 1
            print(f"FAIL {self.label}: {what} — expected {expected}; seen {seen}", flush=True)
        return ok

    def describe(self, obj):
        refresh(self.app)
        return describe(obj)

    # -- AT-SPI -------------------------------------------------------------------------------

    def on_name(self, event):
        if isinstance(event.any_data, str):
            self.heard.append((time.monotonic(), event.source, event.any_data))

    def names_heard(self, obj, since):
        return [name for t, source, name in self.heard if t >= since and source == obj]

    def wait(self, predicate, timeout):
        """Polls `predicate` (after dropping AT-SPI's cache) for up to `timeout` seconds."""
        return wait_fresh(self.app, predicate, timeout)

    def box(self, obj):
        x, y, w, h = extents(obj)
        return x + self.offset[0], y + self.offset[1], w, h

    # -- the pointer --------------------------------------------------------------------------

    def click(self, obj):
        x, y, w, h = self.box(obj)
        xdo("mousemove", str(x + w // 2), str(y + h // 2), "click", "1")

    def park_pointer(self):
        """Out of the way of every control (bottom-right corner of the screen)."""
        xdo("mousemove", "790", "790")

    def press_thumb(self):
        """Presses button 1 on the thumb, a square at the track's left end (it is at 0 here);
        returns the pointer's x and y, and its x once the thumb is at the track's right end."""
        x, y, w, h = self.box(self.slider)
        start = x + h // 2
        xdo("mousemove", str(start), str(y + h // 2), "mousedown", "1")
        return start, y + h // 2, x + w - h // 2

    def drag(self, start, y, stop, step=10):
        for px in range(start + step, stop, step):
            xdo("mousemove", str(px), str(y))
            time.sleep(0.01)
        xdo("mousemove", str(stop), str(y))

    def drag_to_end(self):
        """Drags the thumb to the end and lets go: the pointer stops where the thumb, which
        follows it one to one, meets the track's right end."""
        start, y, end = self.press_thumb()
        self.drag(start, y, end)
        xdo("mouseup", "1")

    # -- screen -------------------------------------------------------------------------------

    def grab(self, box, name):
        x, y, w, h = box
        data = subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", "ppm:-"],
                              capture_output=True, check=True).stdout
        image = Image.open(io.BytesIO(data)).convert("RGB")
        if self.shots:
            image.save(os.path.join(self.shots, f"{self.label.replace(' ', '-')}-{name}.png"))
        return image

    @staticmethod
    def fill_width(image):
        """Columns, from the left, of the countdown's fill: along a row in the button's top
        quarter (above the label), the pixels that differ from the unfilled background at
        three quarters of the width."""
        w, h = image.size
        row = h // 4
        background = image.getpixel((w * 3 // 4, row))
        return sum(1 for x in range(w // 2) if image.getpixel((x, row)) != background)

    @staticmethod
    def changed_pixels(a, b, left, right):
        """Pixels that differ between a and b in the columns left…right (fractions of width)."""
        w, h = a.size
        band = (int(w * left), 0, int(w * right), h)
        diff = ImageChops.difference(a.crop(band), b.crop(band)).convert("L")
        return sum(1 for p in diff.getdata() if p > 24)

    # -- steps --------------------------------------------------------------------------------

    def check_start(self):
        w = self.words
        found = all((self.slider, self.button, self.toggle, self.status))
        self.check("the slider, the request button, the check box and the status label are in the "
                   "AT-SPI tree", found, "all four", "" if found else f"slider={self.slider} "
                   f"button={self.button} check box={self.toggle} status={self.status}")
        if not found:
            return False
        refresh(self.app)
        named = [describe(o) for o in walk(self.app) if re.match(r"^CodeGate[A-Z]\w*$", name_of(o))]
        self.check("no object in the tree is named after a CodeGate class (a screen reader's review "
                   "would read it)", not named, "none", "; ".join(named))
        name = name_of(self.slider)
        self.check(f"initially the slider is named {w['locked']!r}", name == w["locked"],
                   repr(w["locked"]), self.describe(self.slider))
        refresh(self.app)
        ok = name_of(self.button) == w["idle"] and not sensitive(self.button)
        self.check(f"initially the button is named {w['idle']!r} and is not SENSITIVE", ok,
                   f"{w['idle']!r}, not sensitive", self.describe(self.button))
        return True

    def check_early_release(self):
        """Half a drag, then let go: the thumb glides back and nothing unlocks."""
        w = self.words
        since = time.monotonic()
        start, y, end = self.press_thumb()
        self.drag(start, y, start + (end - start) // 2)
        held = self.wait(lambda: (fraction(self.slider) or 0) >= 0.3, 2)
        self.check("a half drag moves the thumb (value ≥ 0.3 while held)", held,
                   "value ≥ 0.3", self.describe(self.slider))
        xdo("mouseup", "1")
        back = self.wait(lambda: at_start(self.slider), 2)
        self.check("let go halfway, the thumb glides back to 0 within 2 s", back,
                   "value 0", self.describe(self.slider))
        # The value reported is where the thumb goes from the start of its 250 ms glide: the
        # thumb itself is at the start once the glide is over.
        pump(0.5)
        names = self.names_heard(self.slider, since)
        refresh(self.app)
        ok = name_of(self.slider) == w["locked"] and w["unlocked"] not in names and not sensitive(self.button)
        self.check(f"…and stays locked: slider named {w['locked']!r} (never {w['unlocked']!r}), "
                   "button not SENSITIVE", ok, "locked, button insensitive",
                   f"slider names heard {names}; {self.describe(self.slider)}; {self.describe(self.button)}")

    def unlock(self):
        w = self.words
        self.drag_to_end()
        unlocked = self.wait(lambda: name_of(self.slider) == w["unlocked"], 2)
        self.check(f"thumb dragged to the end: the slider is named {w['unlocked']!r}", unlocked,
                   repr(w["unlocked"]), self.describe(self.slider))
        ready = self.wait(lambda: sensitive(self.button), 1)
        self.check("after the unlock the request button is SENSITIVE", ready,
                   "sensitive", self.describe(self.button))
        return unlocked and ready

    def check_tab_order(self):
        """Real Tab and Shift+Tab key presses, with the button SENSITIVE: from the slider's thumb
        Tab goes on to the button, Shift+Tab from the button back to the thumb, Shift+Tab from
        the thumb out of the slider (the window wraps round to its last control), and Tab from
        there comes round to the thumb again. A control that takes the focus back on Shift+Tab
        traps a keyboard user in it."""
        def focus_is(obj):
            return lambda: focused(self.app) == obj

        def described():
            obj = focused(self.app)
            return self.describe(obj) if obj else "focus on nothing"
        for _ in range(6):
            if self.wait(focus_is(self.slider), 0.3):
                break
            keys("Tab")
        self.check("Tab reaches the slider's thumb (FOCUSED)", focused(self.app) == self.slider,
                   "the slider focused", described())
        for key, target, what in (("Tab", self.button, "from the slider Tab moves the focus to the button"),
                                  ("shift+Tab", self.slider, "from the button Shift+Tab moves it back to the slider"),
                                  ("shift+Tab", self.toggle, "from the slider Shift+Tab moves it out of the slider "
                                   "(round to the window's last control, the check box)"),
                                  ("Tab", self.slider, "from there Tab comes round to the slider again")):
            keys(key)
            ok = self.wait(focus_is(target), 2)
            self.check(what, ok, self.describe(target), described())

    def press_request(self):
        """Clicks the request button and moves the pointer away; returns when it was clicked."""
        since = time.monotonic()
        self.click(self.button)
        self.park_pointer()
        return since

    def check_sending(self, since):
        w = self.words
        seen = self.wait(lambda: w["sending"] in self.names_heard(self.button, since), 2)
        self.check(f"clicked, the button is named {w['sending']!r} while the request runs",
                   seen, f"a name change to {w['sending']!r}",
                   f"button names heard {self.names_heard(self.button, since)}")

    def check_cooling(self):
        w = self.words
        ok = self.wait(lambda: re.match(w["cooling"], name_of(self.button) or "") and not sensitive(self.button), 2)
        self.check(f"within 2 s the button's name says the seconds left ({w['cooling']}) and it is not SENSITIVE", ok,
                   f"{w['cooling']!r}, not sensitive", self.describe(self.button))

    def check_status(self, expected, timeout=2):
        ok = self.wait(lambda: text_of(self.status) == expected, timeout)
        self.check(f"the status label reads {expected!r}", ok, repr(expected),
                   repr(text_of(self.status)))

    def check_countdown_on_screen(self):
        """The countdown a sighted user sees, which the accessibility tree leaves out: two
        screenshots of the button 2 s apart differ in the label (the number) and in the fill."""
        box = self.box(self.button)
        inset = (box[0] + 2, box[1] + 2, box[2] - 4, box[3] - 4)   # inside the border
        since = time.monotonic()
        first = self.grab(inset, "countdown-1")
        time.sleep(2.0)
        second = self.grab(inset, "countdown-2")
        label = self.changed_pixels(first, second, 0.3, 0.7)
        self.check("on screen, the countdown label changes in 2 s (pixels in the label's band)",
                   label >= 10, "≥ 10 changed pixels", f"{label} changed")
        before, after = self.fill_width(first), self.fill_width(second)
        self.check("on screen, the countdown fill grows in 2 s", after >= before + 3,
                   "at least 3 px wider", f"{before} px → {after} px")
        names = self.names_heard(self.button, since)
        refresh(self.app)
        w = self.words
        self.check(f"meanwhile the button's accessible name does not change each second ({w['cooling']})",
                   not names and re.match(w["cooling"], name_of(self.button) or ""), "no name change",
                   f"names heard {names}; {self.describe(self.button)}")

    # -- scenarios ----------------------------------------------------------------------------

    def success(self):
        if not self.check_start():
            return
        self.check_early_release()
        if not self.unlock():
            return
        self.check_tab_order()
        since = self.press_request()
        self.check_sending(since)
        self.check_cooling()
        self.check_status(SENT)
        self.check_countdown_on_screen()

    def failure(self):
        w = self.words
        if not self.check_start():
            return
        self.click(self.toggle)
        checked = self.wait(lambda: pyatspi.STATE_CHECKED in states(self.toggle), 2)
        self.check(f"a click checks {FAIL_TOGGLE!r} (CHECKED)", checked, "checked", self.describe(self.toggle))
        if not self.unlock():
            return
        since = self.press_request()
        self.check_sending(since)
        self.check_status(FAILED)
        names = self.names_heard(self.button, since)
        ok = self.wait(lambda: name_of(self.button) == w["idle"], 1) and not any(re.match(w["cooling"], n) for n in names)
        self.check(f"after the failure the button is named {w['idle']!r} again (never {w['cooling']})",
                   ok, f"{w['idle']!r}", f"names heard {names}; {self.describe(self.button)}")
        back = self.wait(lambda: at_start(self.slider) and name_of(self.slider) == w["locked"], 2)
        self.check(f"the slider is back at the start: value 0 and named {w['locked']!r}", back,
                   f"value 0, {w['locked']!r}", self.describe(self.slider))
        refresh(self.app)
        self.check("after the failure the button is not SENSITIVE (a new slide is needed)",
                   not sensitive(self.button), "not sensitive", self.describe(self.button))

    def ending(self):
        """The whole cooldown: its end names the button idle again and locks the slider, so the
        next request needs a new slide."""
        w = self.words
        self.success()
        if not self.failed:
            idle = self.wait(lambda: name_of(self.button) == w["idle"], 65)
            self.check(f"within 65 s the cooldown ends: the button is named {w['idle']!r} again", idle,
                       repr(w["idle"]), self.describe(self.button))
            locked = self.wait(lambda: at_start(self.slider) and name_of(self.slider) == w["locked"], 2)
            self.check(f"…and the slider is locked again: value 0 and named {w['locked']!r}", locked,
                       f"value 0, {w['locked']!r}", self.describe(self.slider))
            refresh(self.app)
            self.check("…so the button is not SENSITIVE until the next slide", not sensitive(self.button),
                       "not sensitive", self.describe(self.button))

    def english(self):
        w = self.words
        if not self.check_start():
            return
        # The slider is one node: what its track says is in its description.
        howto = safe(lambda: self.slider.description, "")
        self.check(f"the slider's description reads {w['howto']!r}", howto == w["howto"], repr(w["howto"]),
                   repr(howto))
        if not self.unlock():
            return
        since = self.press_request()
        self.check_sending(since)
        self.check_cooling()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", choices=["success", "failure", "english", "ending"], required=True)
    parser.add_argument("--label", help="what each line names (default: the scenario)")
    parser.add_argument("--app-name", default="controls-example",
                        help="the example's name on the accessibility bus (its program name)")
    parser.add_argument("--shots", help="folder to save the countdown screenshots in")
    args = parser.parse_args()
    desktop.APP_NAME = args.app_name
    label = args.label or args.scenario
    run = Flow(args.scenario, label, args.shots)
    getattr(run, args.scenario)()
    print(f"DONE {label}", flush=True)
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())
