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
      this Orca only ever sees its own private buses and Xvfb. Each echo of a key or a character
      is marked in LOG (mark_echoes): Orca 48 logs it like any other speech.

  orca_flow.py --started LOG
      Exits 0 once LOG shows that Orca has started (its event loop is about to run), else 1:
      the run scripts poll it after starting Orca.

  orca_flow.py --orca-log LOG --scenario success|network [--app-started HH:MM:SS.ffffff] [--report]
      Drives the flow by keyboard only (xdotool; the AT-SPI helpers of lib/desktop.py find the
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
import datetime
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
    from orca import debug, speech
    # What `--debug-file LOG` sets up, with a line-buffered file (Orca 48 has no
    # eventDebugLevel: setting it there changes nothing).
    debug.debugLevel = debug.LEVEL_ALL
    debug.eventDebugLevel = debug.LEVEL_OFF
    debug.debugFile = open(log, "w", buffering=1, encoding="utf-8", errors="replace")
    mark_echoes(speech, debug.debugFile)
    launcher.otherOrcas = lambda: []
    sys.argv = ["orca", *orca_args]
    return launcher.main()


# Orca's echo of a key or a character: Orca 43's speech.speakKeyEvent and speakCharacter, renamed
# speak_key_event and speak_character by Orca 48.
ECHO_FUNCTIONS = (("speakKeyEvent", "speakCharacter"), ("speak_key_event", "speak_character"))
ECHO_BEGINS, ECHO_ENDS = "ORCA FLOW: echo begins", "ORCA FLOW: echo ends"


def mark_echoes(speech, log):
    """Writes ECHO_BEGINS and ECHO_ENDS to the log around each key or character echo, so that
    SpeechLog can tell an echo from speech: Orca 43 logged them in different shapes (see
    SPEECH), Orca 48 logs both as "SPEECH OUTPUT: 'text' {acss}"."""
    names = next((names for names in ECHO_FUNCTIONS if all(hasattr(speech, n) for n in names)), None)
    if names is None:
        raise SystemExit(f"orca_flow.py: this Orca's speech module has none of {ECHO_FUNCTIONS}")

    def line(text):  # in Orca's own shape, on the file Orca writes to (one thread)
        log.write(f"{datetime.datetime.now().strftime('%H:%M:%S.%f')} - {text}\n")

    def marked(original):
        def echo(*args, **kwargs):
            line(ECHO_BEGINS)
            try:
                return original(*args, **kwargs)
            finally:
                line(ECHO_ENDS)
        return echo
    for name in names:
        setattr(speech, name, marked(getattr(speech, name)))


# The line Orca writes last before it runs its event loop and listens. Orca 43 (Debian 12):
# "ORCA: Startup complete notification made" (then "ORCA: Starting registry"); Orca 48 (Debian
# 13) no longer logs the notification, only "ORCA: Starting Atspi main event loop" after it.
STARTED = re.compile(r"^\d\d:\d\d:\d\d\.\d{6} - ORCA: "
                     r"(Startup complete notification made|Starting Atspi main event loop)$", re.M)


def orca_started(log):
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            return STARTED.search(f.read()) is not None
    except FileNotFoundError:
        return False


# ---------------------------------------------------------------------------------------------
# Role 2: the flow. lib/desktop.py is imported only in main(), so Orca's process never loads
# it.

# Orca's debug lines: "HH:MM:SS.ffffff - SPEECH OUTPUT: 'text'" and the voice, in a shape of
# each version's:
# - Orca 43: "'text'{acss}" from speech.speak, "'text' voice=uppercase{acss}" for another voice,
#   "'tab ' {acss}" (a space in and after the quotes) for the echo of a key or character;
# - Orca 48: "'text' {acss}" for speech and echoes alike, "'text' None" when no voice is given.
# Either way an echo is the SPEECH OUTPUT between ECHO_BEGINS and ECHO_ENDS (mark_echoes). A
# text with a newline goes on over lines indented by 18 spaces.
LINE_START = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - ")
SPEECH = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - SPEECH OUTPUT: '(.*)'( voice=\w+)? ?(\{[^{}]*\}|None)?$",
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
        self.pending_echo = False  # whether that record is an echo
        self.in_echo = False       # between ECHO_BEGINS and ECHO_ENDS
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
                if self.parse(self.pending, self.pending_echo):
                    self.pending = None
                return
            self.parse(self.pending, self.pending_echo, force=True)
            self.pending = None
        if not LINE_START.match(line):
            return
        if line.endswith(" - " + ECHO_BEGINS) or line.endswith(" - " + ECHO_ENDS):
            self.in_echo = line.endswith(ECHO_BEGINS)
        elif " - SPEECH OUTPUT: '" in line:
            if not self.parse(line, self.in_echo):
                self.pending, self.pending_echo = line, self.in_echo

    def parse(self, record, echo, force=False):
        match = SPEECH.match(record)
        if match:
            stamp, text, voice, _ = match.groups()
            self.said.append(Utterance(stamp, text.strip() if echo else text, voice, echo))
            return True
        if force:  # not the expected shape: keep what follows the marker
            stamp = record[:15]
            self.said.append(Utterance(stamp, record.split("SPEECH OUTPUT: ", 1)[1], None, echo))
        return False


def spoken(said, pattern):
    """The utterances of `said` (key echoes left out) that match `pattern`."""
    return [u for u in said if not u.echo and re.search(pattern, u.text)]


class OrcaWalk:
    """One keyboard walk with Orca listening: presses keys, waits for Orca to go quiet, and
    records each step's keys, what Orca said and where focus went; collects the failures and
    the notes."""

    def __init__(self, speech, app, desktop):
        self.speech, self.app, self.desktop = speech, app, desktop
        self.failures = []
        self.notes = []
        self.steps = []            # (title, keys pressed, [Utterance], focus line)
        self.checked = []          # (step number, title, said) of the steps that must speak
        self.read = 0              # index in speech.said of the first utterance not shown yet

    def settle(self, min_wait=0.3, quiet=0.5, max_wait=3.0):
        """Pumps AT-SPI and reads Orca's log until Orca has been quiet for `quiet` s (after at
        least `min_wait` s), at most `max_wait` s."""
        begin = time.monotonic()
        count = len(self.speech.said)
        last = begin
        while True:
            self.desktop.pump(0.05)
            self.speech.poll()
            now = time.monotonic()
            if len(self.speech.said) != count:
                count, last = len(self.speech.said), now
            if now - begin >= max_wait or (now - begin >= min_wait and now - last >= quiet):
                return

    def take(self):
        new = self.speech.said[self.read:]
        self.read = len(self.speech.said)
        return new

    def focus_line(self):
        obj = self.desktop.focused(self.app)
        if obj is None:
            return "(nothing)"
        role = self.desktop.role_of(obj)
        return f"{role} {self.desktop.name_of(obj)!r}"

    def record(self, title, pressed, said, show_focus=True):
        line = self.focus_line() if show_focus else ""
        self.steps.append((title, pressed, said, line))
        print(f"\n{len(self.steps)}. {title}")
        if pressed:
            print(f"   keys: {' '.join(pressed)}")
        if show_focus:
            print(f"   focus after: {line}")
        print_said(said)
        return said

    def fail(self, step, what, seen):
        self.failures.append((step, what, seen))

    def press(self, pressed, *names):
        pressed.extend(names)
        self.desktop.keys(*names)

    def type_in(self, pressed, text):
        pressed.append(f"type:{text}")
        self.desktop.type_text(text)

    def is_focused(self, key):
        obj = self.desktop.focused(self.app)
        return obj is not None and obj == self.desktop.control(self.app, key)

    def tab_to(self, pressed, key, limit=8):
        """Presses Tab (one at a time, Orca given time to speak) until `key` has focus."""
        for _ in range(limit + 1):
            if self.is_focused(key):
                return True
            self.press(pressed, "Tab")
            self.settle(0.2, 0.3, 1.0)
        return self.is_focused(key)

    def step(self, title, action, settle_args=(0.3, 0.5, 3.0)):
        """Runs action(pressed keys), lets Orca speak and records the step as one that must."""
        pressed = []
        ok = action(pressed)
        self.settle(*settle_args)
        said = self.record(title, pressed, self.take())
        self.checked.append((len(self.steps), title, said))
        if ok is False:
            self.fail(title, "the keyboard path", f"did not reach the target; focus {self.steps[-1][3]}")
        return said

    def expect(self, said, what, pattern):
        """The last step spoke `pattern` (`what` in the failure)."""
        if not spoken(said, pattern):
            self.fail(self.steps[-1][0], f"{what} spoken (/{pattern}/)", said_text(said))


def print_said(said):
    """What Orca said, one line an utterance; runs of short key echoes on one line."""
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


def opening(walk, app_started):
    """1. Orca's own start, and the window opening (split at the app's start time if known)."""
    walk.speech.poll()
    walk.settle(0.5, 0.5, 2.0)
    before = walk.take()
    if app_started:
        own = [u for u in before if u.stamp < app_started]
        window = [u for u in before if u.stamp >= app_started]
    else:
        own, window = before, []
    walk.record("Orca starts (before the app)", [], own, show_focus=False)
    walk.record("the app's window opens (no key pressed)", [], window)
    if not window:
        walk.notes.append("the window opened in silence: Orca announced neither the window nor the "
                          "focused phone field (no window manager under Xvfb sends window:activate, and "
                          "the app's first focus event reaches Orca before it can resolve the object)")


def to_request(walk):
    """2. To the phone field, the number, the slider unlocked by ten →, Tab to 获取验证码."""
    # At start the phone field has focus already (and Orca said nothing), so go back one
    # control and Tab forward to it, the way a user would have Orca read it.
    def to_phone(pressed):
        if walk.is_focused("phone"):
            walk.press(pressed, "shift+Tab")
            walk.settle(0.2, 0.3, 1.0)
        return walk.tab_to(pressed, "phone")
    walk.step("Tab to the phone field", to_phone)
    phone = walk.desktop.PHONE_OK
    walk.step(f"type the number {phone}", lambda p: walk.type_in(p, phone), (0.5, 0.5, 3.0))
    walk.step("Tab to the slider", lambda p: walk.tab_to(p, "slider"))
    # → ten times, one press at a time, with Orca given 0.3–1 s after each.
    unlocked = walk.desktop.UNLOCKED
    for n in range(1, 11):
        title = f"→ on the slider ({n}/10)"
        said = walk.step(title, lambda p: walk.press(p, "Right"), (0.3, 0.3, 1.0))
        if n < 10 and not spoken(said, PROGRESS):
            walk.fail(title, f"progress spoken (/{PROGRESS}/)", said_text(said))
        if n == 10 and not spoken(said, unlocked + "|已滑到最右端|100\\s*%"):
            walk.fail(title, "the unlock spoken (/" + unlocked + "|已滑到最右端/)", said_text(said))
    walk.step("Tab to 获取验证码", lambda p: walk.tab_to(p, "request"))


def request_fails(walk):
    """3, network: Enter fails the request; focus goes back to the slider, which is spoken."""
    said = walk.step("Enter on 获取验证码: the request fails", lambda p: walk.press(p, "Return"), (1.0, 0.8, 4.0))
    walk.expect(said, "the failure", walk.desktop.FAILED)
    if not walk.is_focused("slider"):
        walk.fail(walk.steps[-1][0], "focus back on the slider", walk.steps[-1][3])
    elif not spoken(said, "滑动验证"):
        walk.fail(walk.steps[-1][0], "the slider spoken when focus went back to it", said_text(said))


def request_and_verify(walk):
    """3, success: Enter sends the code; a wrong code, then the one from the inbox."""
    desktop = walk.desktop
    code = {}

    def request(pressed):
        walk.press(pressed, "Return")
        code["right"] = desktop.wait_until(lambda: desktop.delivered_code(walk.app), 5)
    said = walk.step("Enter on 获取验证码: the code is sent", request, (0.8, 0.8, 4.0))
    walk.expect(said, "the sending", desktop.SENT)
    right = code.get("right")
    print(f"   (code in the inbox, read over AT-SPI: {right})")
    if not right:
        walk.fail(walk.steps[-1][0], "a 6-digit code in the inbox", repr(desktop.inbox_texts(walk.app)))
        right = "000000"
    wrong = "%06d" % ((int(right) + 1) % 1000000)

    def type_wrong(pressed):
        ok = walk.tab_to(pressed, "code")
        walk.type_in(pressed, wrong)
        return ok
    walk.step(f"type a wrong code ({wrong})", type_wrong, (0.5, 0.5, 3.0))
    said = walk.step("Enter: the wrong code", lambda p: walk.press(p, "Return"), (0.8, 0.8, 4.0))
    walk.expect(said, "the wrong code", desktop.WRONG)

    def type_right(pressed):
        walk.press(pressed, "ctrl+a", "BackSpace")
        walk.type_in(pressed, right)
    walk.step(f"clear the entry, type the code from the inbox ({right})", type_right, (0.5, 0.5, 3.0))
    said = walk.step("Enter: the right code", lambda p: walk.press(p, "Return"), (1.0, 1.2, 5.0))
    walk.expect(said, "the success", desktop.VERIFIED)


def afterwards(walk):
    """Anything Orca says after the last step (a late or repeated status); every step that
    must speak did."""
    walk.settle(1.0, 1.0, 3.0)
    late = walk.take()
    if late:
        walk.record("afterwards (no key pressed)", [], late)
    for _, title, said in walk.checked:
        if not said:
            walk.fail(title, "Orca says something", "silence")


def count_statuses(walk, scenario):
    """Prints how often each status was spoken; more than one 验证成功 is a note."""
    desktop = walk.desktop
    everything = [u for _, _, said, _ in walk.steps for u in said]
    print(f"\n== statuses spoken (utterances containing them), scenario {scenario} ==")
    statuses = [("sent", desktop.SENT), ("failed", desktop.FAILED), ("wrong code", desktop.WRONG),
                ("verified", desktop.VERIFIED), ("unlocked", desktop.UNLOCKED),
                ("progress", PROGRESS)]
    for label, pattern in statuses:
        hits = spoken(everything, pattern)
        print(f"  {label:<11} /{pattern}/: {len(hits)}" +
              (" — " + "; ".join(u.show() for u in hits) if hits and label != "progress" else ""))
    verified = spoken(everything, desktop.VERIFIED)
    if len(verified) > 1:
        walk.notes.append(f"验证成功 spoken {len(verified)} times (wanted once): " +
                          "; ".join(u.show() for u in verified))


def note_odd_speech(walk):
    """Notes class names, raw slider values and repeats in what was said, and steps that got
    only the key echo."""
    for number, (title, _, said, _) in enumerate(walk.steps, 1):
        seen = {}
        for u in said:
            if u.echo:
                continue
            key = u.text.strip().rstrip(".。")
            seen[key] = seen.get(key, 0) + 1
            if CLASS_IN_SPEECH.search(u.text):
                walk.notes.append(f"step {number} ({title}): a class name spoken: {u.show()}")
            if RAW_VALUE.search(u.text):
                walk.notes.append(f"step {number} ({title}): the slider's raw value spoken "
                                  f"(no value text reaches Orca): {u.show()}")
        for key, times in seen.items():
            if times > 1:
                walk.notes.append(f"step {number} ({title}): said {times} times: {key!r}")
    for number, title, said in walk.checked:
        typed = any(p.startswith("type:") for p in walk.steps[number - 1][1])
        if said and all(u.echo for u in said) and not typed:
            walk.notes.append(f"step {number} ({title}): only the key echo, nothing about the app")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--run-orca":
        return run_orca(sys.argv[2], sys.argv[3:])
    if len(sys.argv) == 3 and sys.argv[1] == "--started":
        return 0 if orca_started(sys.argv[2]) else 1

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--orca-log", required=True, help="Orca's line-buffered debug file")
    parser.add_argument("--scenario", choices=["success", "network"], default="success")
    parser.add_argument("--app-started", default=None,
                        help="wall-clock time (HH:MM:SS.ffffff) the app was started, to split "
                             "what Orca said on its own start from what it said when the window opened")
    parser.add_argument("--report", action="store_true", help="print only, never fail")
    args = parser.parse_args()

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    sys.dont_write_bytecode = True     # no __pycache__ left in the tree
    import desktop

    started = time.monotonic()
    app = desktop.find_app()
    desktop.wait_until(lambda: desktop.focused(app), 5)
    walk = OrcaWalk(SpeechLog(args.orca_log), app, desktop)
    print(f"== Orca over CodeGate, scenario {args.scenario} ==")
    opening(walk, args.app_started)
    to_request(walk)
    if args.scenario == "network":
        request_fails(walk)
    else:
        request_and_verify(walk)
    afterwards(walk)
    count_statuses(walk, args.scenario)
    note_odd_speech(walk)
    walk.notes.extend(orca_errors(args.orca_log))

    print("\n== notes (redundant or odd speech) ==")
    for note in walk.notes or ["none"]:
        print(f"- {note}")
    print(f"\n== {len(walk.failures)} failure(s), scenario {args.scenario}, "
          f"{time.monotonic() - started:.1f} s of driving ==")
    for title, what, seen in walk.failures:
        print(f"- {title}: expected {what}; heard {seen}")
    return 1 if walk.failures and not args.report else 0


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
