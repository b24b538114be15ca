#!/usr/bin/python3
"""Runs the real screen reader (Orca) over CodeGate's whole flow and prints what it says.

Run by Tests/System/orca/run, which starts a private D-Bus session, the accessibility bus, Xvfb
(key auto-repeat off), Orca and the app. This file has two roles:

  orca_flow.py --run-orca LOG [orca options]
      Runs /usr/bin/orca in this process, with its debug output (every utterance appears there as
      SPEECH OUTPUT: '…') written to LOG line by line: `orca --debug-file` opens the file
      block-buffered, so nothing can be read while Orca runs. It also skips Orca's "is another
      Orca running for this user?" check (pgrep -x orca), which makes a second Orca refuse to
      start, and `--replace` SIGKILL every other Orca of the user, even in another session:
      this Orca only ever sees its own private buses and Xvfb.

  orca_flow.py --orca-log LOG --scenario success|network [--app-started HH:MM:SS.ffffff] [--report]
      Drives the flow by keyboard only (xdotool; the AT-SPI helpers of a11y_flow.py find the
      app, the focused control and the code in the inbox) and, after each step, collects the new
      SPEECH OUTPUT lines in LOG. Prints each step's title followed by what Orca said, then the
      checks, how many times each status was spoken, and what looks redundant or wrong.

Checks (exit 1 if one fails; --report prints only): Orca said something at every step; each →
on the slider spoke its progress ("已滑动 30%，还需 7 步"), the last one that it is unlocked;
success: the request spoke that the code was sent (已发送), the wrong code "错误", the right code
"验证成功" at least once (how many times is reported); network: the request spoke the failure and
focus went back to the slider.
"""
import argparse
import os
import re
import sys
import time

# ---------------------------------------------------------------------------------------------
# Role 1: Orca itself


def run_orca(log, orca_args):
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("orca_launcher", "/usr/bin/orca")
    spec = importlib.util.spec_from_loader("orca_launcher", loader)
    launcher = importlib.util.module_from_spec(spec)
    loader.exec_module(launcher)
    from orca import debug
    # What `--debug-file LOG` sets up, with a line-buffered file.
    debug.debugLevel = debug.LEVEL_ALL
    debug.eventDebugLevel = debug.LEVEL_OFF
    debug.debugFile = open(log, "w", buffering=1, encoding="utf-8", errors="replace")
    launcher.otherOrcas = lambda: []
    sys.argv = ["orca", *orca_args]
    return launcher.main()


# ---------------------------------------------------------------------------------------------
# Role 2: the flow. a11y_flow.py (next to this file) is imported only here, so Orca's process
# never loads it.

# Orca's debug lines: "HH:MM:SS.ffffff - SPEECH OUTPUT: 'text'{acss}" from speech.speak,
# "… 'text' voice=uppercase{acss}" for another voice, "… 'tab ' {acss}" (a space before the
# voice) for the echo of a key or character. A text with a newline goes on over lines indented
# by 18 spaces.
LINE_START = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - ")
SPEECH = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - SPEECH OUTPUT: '(.*)'( voice=\w+)?( ?)(\{[^{}]*\})?$",
                    re.S)
CONTINUATION = " " * 18
CLASS_IN_SPEECH = re.compile(r"\b(Gtk|Adw|CodeGate)[A-Z]\w*")
PROGRESS = r"已滑动\s*\d+\s*%"
# Orca reads a slider's value as a number when the toolkit gives no value text (GTK 4.8).
RAW_VALUE = re.compile(r"slider \d+\.\d+")


class Utterance:
    def __init__(self, stamp, text, voice, echo):
        self.stamp, self.text, self.voice, self.echo = stamp, text, voice, echo

    def show(self):
        voice = f"  [{self.voice.strip()}]" if self.voice else ""
        return f"{self.text!r}{voice}"


class SpeechLog:
    """Reads the new SPEECH OUTPUT lines from Orca's (line-buffered) debug file."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.tail = b""
        self.pending = None        # a SPEECH OUTPUT record whose text goes on over more lines
        self.lines = 0
        self.said = []

    def poll(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except FileNotFoundError:
            return
        self.offset += len(chunk)
        data = self.tail + chunk
        *complete, self.tail = data.split(b"\n")
        for raw in complete:
            self.lines += 1
            self.feed(raw.decode("utf-8", "replace"))

    def feed(self, line):
        if self.pending is not None:
            if line.startswith(CONTINUATION):
                self.pending += "\n" + line[len(CONTINUATION):]
                if self.parse(self.pending):
                    self.pending = None
                return
            self.parse(self.pending, force=True)
            self.pending = None
        if " - SPEECH OUTPUT: '" in line and LINE_START.match(line):
            if not self.parse(line):
                self.pending = line

    def parse(self, record, force=False):
        match = SPEECH.match(record)
        if match:
            stamp, text, voice, space, _ = match.groups()
            self.said.append(Utterance(stamp, text.strip() if space else text, voice, bool(space)))
            return True
        if force:  # not the expected shape: keep what follows the marker
            stamp = record[:15]
            self.said.append(Utterance(stamp, record.split("SPEECH OUTPUT: ", 1)[1], None, False))
        return False


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--run-orca":
        return run_orca(sys.argv[2], sys.argv[3:])

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--orca-log", required=True, help="Orca's line-buffered debug file")
    parser.add_argument("--scenario", choices=["success", "network"], default="success")
    parser.add_argument("--app-started", default=None,
                        help="wall-clock time (HH:MM:SS.ffffff) the app was started, to split "
                             "what Orca said on its own start from what it said when the window opened")
    parser.add_argument("--report", action="store_true", help="print only, never fail")
    args = parser.parse_args()

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "a11y"))
    sys.dont_write_bytecode = True     # no scripts/__pycache__ left in the tree
    import a11y_flow as a11y

    speech = SpeechLog(args.orca_log)
    started = time.monotonic()
    app = a11y.find_app()
    a11y.wait_until(lambda: a11y.focused(app), 5)

    failures = []
    notes = []
    steps = []                 # (title, keys pressed, [Utterance], focus line)
    read = [0]                 # index in speech.said of the first utterance not shown yet

    def settle(min_wait=0.3, quiet=0.5, max_wait=3.0):
        """Pumps AT-SPI and reads Orca's log until Orca has been quiet for `quiet` s (after at
        least `min_wait` s), at most `max_wait` s."""
        begin = time.monotonic()
        count = len(speech.said)
        last = begin
        while True:
            a11y.pump(0.05)
            speech.poll()
            now = time.monotonic()
            if len(speech.said) != count:
                count, last = len(speech.said), now
            if now - begin >= max_wait or (now - begin >= min_wait and now - last >= quiet):
                return

    def take():
        new = speech.said[read[0]:]
        read[0] = len(speech.said)
        return new

    def focus_line():
        obj = a11y.focused(app)
        if obj is None:
            return "(nothing)"
        role = a11y.safe(obj.getRoleName, "?")
        return f"{role} {a11y.safe(lambda: obj.name, '') or ''!r}"

    def record(title, pressed, said, show_focus=True):
        line = focus_line() if show_focus else ""
        steps.append((title, pressed, said, line))
        print(f"\n{len(steps)}. {title}")
        if pressed:
            print(f"   keys: {' '.join(pressed)}")
        if show_focus:
            print(f"   focus after: {line}")
        if not said:
            print("   (Orca said nothing)")
        run = []

        def flush():
            if run:
                print("   » (echo) " + " ".join(u.text for u in run))
                run.clear()
        for u in said:
            if u.echo and len(u.text) <= 12:
                run.append(u)
                continue
            flush()
            print(f"   » {u.show()}")
        flush()
        return said

    def fail(step, what, seen):
        failures.append((step, what, seen))

    def spoken(said, pattern):
        return [u for u in said if not u.echo and re.search(pattern, u.text)]

    def press(pressed, *names):
        pressed.extend(names)
        a11y.keys(*names)

    def type_in(pressed, text):
        pressed.append(f"type:{text}")
        a11y.type_text(text)

    def is_focused(key):
        lookups = {
            "phone": lambda: a11y.find(app, "text", "手机号"),
            "slider": lambda: a11y.find(app, "slider"),
            "request": lambda: a11y.find(app, "push button", "获取验证码|发送|冷却"),
            "code": lambda: a11y.find(app, "text", "验证码"),
        }
        obj = a11y.focused(app)
        return obj is not None and obj == lookups[key]()

    def tab_to(pressed, key, limit=8):
        """Presses Tab (one at a time, Orca given time to speak) until `key` has focus."""
        for _ in range(limit + 1):
            if is_focused(key):
                return True
            press(pressed, "Tab")
            settle(0.2, 0.3, 1.0)
        return is_focused(key)

    # -- 1. Orca's own start, and the window opening.
    speech.poll()
    settle(0.5, 0.5, 2.0)
    before = [u for u in take()]
    if args.app_started:
        own = [u for u in before if u.stamp < args.app_started]
        window = [u for u in before if u.stamp >= args.app_started]
    else:
        own, window = before, []
    print(f"== Orca over CodeGate, scenario {args.scenario} ==")
    record("Orca starts (before the app)", [], own, show_focus=False)
    record("the app's window opens (no key pressed)", [], window)
    if not window:
        notes.append("the window opened in silence: Orca announced neither the window nor the "
                     "focused phone field (no window manager under Xvfb sends window:activate, and "
                     "the app's first focus event reaches Orca before it can resolve the object)")

    checked = []               # (step number, title, said) of the steps that must speak

    def step(title, action, settle_args=(0.3, 0.5, 3.0)):
        pressed = []
        ok = action(pressed)
        settle(*settle_args)
        said = record(title, pressed, take())
        checked.append((len(steps), title, said))
        if ok is False:
            fail(title, "the keyboard path", f"did not reach the target; focus {steps[-1][3]}")
        return said

    # -- 2. To the phone field. At start it has focus already (and Orca said nothing), so go
    # back one control and Tab forward to it, the way a user would have Orca read it.
    def to_phone(pressed):
        if is_focused("phone"):
            press(pressed, "shift+Tab")
            settle(0.2, 0.3, 1.0)
        return tab_to(pressed, "phone")
    step("Tab to the phone field", to_phone)

    step(f"type the number {a11y.PHONE_OK}", lambda p: type_in(p, a11y.PHONE_OK), (0.5, 0.5, 3.0))
    step("Tab to the slider", lambda p: tab_to(p, "slider"))

    # -- → ten times, one press at a time, with Orca given 0.3–1 s after each.
    for n in range(1, 11):
        title = f"→ on the slider ({n}/10)"
        said = step(title, lambda p: press(p, "Right"), (0.3, 0.3, 1.0))
        if n < 10 and not spoken(said, PROGRESS):
            fail(title, f"progress spoken (/{PROGRESS}/)", said_text(said))
        if n == 10 and not spoken(said, a11y.UNLOCKED + "|已滑到最右端|100\\s*%"):
            fail(title, "the unlock spoken (/" + a11y.UNLOCKED + "|已滑到最右端/)", said_text(said))

    step("Tab to 获取验证码", lambda p: tab_to(p, "request"))

    if args.scenario == "network":
        said = step("Enter on 获取验证码: the request fails", lambda p: press(p, "Return"), (1.0, 0.8, 4.0))
        if not spoken(said, a11y.FAILED):
            fail(steps[-1][0], f"the failure spoken (/{a11y.FAILED}/)", said_text(said))
        if not is_focused("slider"):
            fail(steps[-1][0], "focus back on the slider", steps[-1][3])
        elif not spoken(said, "滑动验证"):
            fail(steps[-1][0], "the slider spoken when focus went back to it", said_text(said))
    else:
        code = {}

        def request(pressed):
            press(pressed, "Return")
            code["right"] = a11y.wait_until(lambda: a11y.delivered_code(app), 5)
        said = step("Enter on 获取验证码: the code is sent", request, (0.8, 0.8, 4.0))
        if not spoken(said, a11y.SENT):
            fail(steps[-1][0], f"the sending spoken (/{a11y.SENT}/)", said_text(said))
        right = code.get("right")
        print(f"   (code in the inbox, read over AT-SPI: {right})")
        if not right:
            fail(steps[-1][0], "a 6-digit code in the inbox", repr(a11y.inbox_texts(app)))
            right = "000000"
        wrong = "%06d" % ((int(right) + 1) % 1000000)

        def type_wrong(pressed):
            ok = tab_to(pressed, "code")
            type_in(pressed, wrong)
            return ok
        step(f"type a wrong code ({wrong})", type_wrong, (0.5, 0.5, 3.0))
        said = step("Enter: the wrong code", lambda p: press(p, "Return"), (0.8, 0.8, 4.0))
        if not spoken(said, a11y.WRONG):
            fail(steps[-1][0], f"the wrong code spoken (/{a11y.WRONG}/)", said_text(said))

        def type_right(pressed):
            press(pressed, "ctrl+a", "BackSpace")
            type_in(pressed, right)
        step(f"clear the entry, type the code from the inbox ({right})", type_right, (0.5, 0.5, 3.0))
        said = step("Enter: the right code", lambda p: press(p, "Return"), (1.0, 1.2, 5.0))
        if not spoken(said, a11y.VERIFIED):
            fail(steps[-1][0], f"the success spoken (/{a11y.VERIFIED}/)", said_text(said))

    # Anything Orca says after the last step (a late or repeated status).
    settle(1.0, 1.0, 3.0)
    late = take()
    if late:
        record("afterwards (no key pressed)", [], late)

    for number, title, said in checked:
        if not said:
            fail(title, "Orca says something", "silence")

    # -- Summary.
    everything = [u for _, _, said, _ in steps for u in said]
    print(f"\n== statuses spoken (utterances containing them), scenario {args.scenario} ==")
    statuses = [("sent", a11y.SENT), ("failed", a11y.FAILED), ("wrong code", a11y.WRONG),
                ("verified", a11y.VERIFIED), ("unlocked", a11y.UNLOCKED),
                ("progress", PROGRESS)]
    for label, pattern in statuses:
        hits = spoken(everything, pattern)
        print(f"  {label:<11} /{pattern}/: {len(hits)}" +
              (" — " + "; ".join(u.show() for u in hits) if hits and label != "progress" else ""))
    verified = spoken(everything, a11y.VERIFIED)
    if len(verified) > 1:
        notes.append(f"验证成功 spoken {len(verified)} times (wanted once): " +
                     "; ".join(u.show() for u in verified))

    for number, (title, _, said, _) in enumerate(steps, 1):
        seen = {}
        for u in said:
            if u.echo:
                continue
            key = u.text.strip().rstrip(".。")
            seen[key] = seen.get(key, 0) + 1
            if CLASS_IN_SPEECH.search(u.text):
                notes.append(f"step {number} ({title}): a class name spoken: {u.show()}")
            if RAW_VALUE.search(u.text):
                notes.append(f"step {number} ({title}): the slider's raw value spoken "
                             f"(no value text reaches Orca): {u.show()}")
        for key, times in seen.items():
            if times > 1:
                notes.append(f"step {number} ({title}): said {times} times: {key!r}")
    for number, title, said in checked:
        typed = any(p.startswith("type:") for p in steps[number - 1][1])
        if said and all(u.echo for u in said) and not typed:
            notes.append(f"step {number} ({title}): only the key echo, nothing about the app")

    notes.extend(orca_errors(args.orca_log))

    print("\n== notes (redundant or odd speech) ==")
    for note in notes or ["none"]:
        print(f"- {note}")

    print(f"\n== {len(failures)} failure(s), scenario {args.scenario}, "
          f"{time.monotonic() - started:.1f} s of driving ==")
    for title, what, seen in failures:
        print(f"- {title}: expected {what}; heard {seen}")
    return 1 if failures and not args.report else 0


def orca_errors(path):
    """Orca's tracebacks, except the expected ones (no speech server, no braille display); one
    line per incident (chained exceptions under one time stamp)."""
    expected = ("speechd", "brlapi", "braille.py", "speechdispatcherfactory")
    incidents = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return []
    stamp = "?"
    for i, line in enumerate(lines):
        match = LINE_START.match(line)
        if match:
            stamp = match.group(1)
        if not line.startswith("Traceback (most recent call last)"):
            continue
        block = []
        for follow in lines[i + 1:]:
            if not follow.strip():
                break
            block.append(follow)
        if not block or any(word in "\n".join(block) for word in expected):
            continue
        frames = re.findall(r'File "(?:/usr/lib/python3/dist-packages/)?([^"]+)", line (\d+), in (\w+)',
                            "\n".join(block))
        where = "%s:%s %s()" % frames[-1] if frames else "?"
        incidents.setdefault(stamp, []).append(f"{block[-1].strip()} [{where}]")
    return [f"Orca error at {stamp} (what it was generating then is not in the transcript): "
            + " → ".join(errors) for stamp, errors in incidents.items()]


def said_text(said):
    return "; ".join(u.show() for u in said) or "silence"


if __name__ == "__main__":
    sys.exit(main())
