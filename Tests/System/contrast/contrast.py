#!/usr/bin/python3
"""Measures CodeGate's contrast from rendered pixels, state by state (WCAG 2 ratios).

Two modes:
  contrast.py measure --style S --scenario success|network --out DIR --results FILE
      Inside a session Tests/System/contrast/run prepared (Xvfb, accessibility bus, the app):
      drives the app to each state issues 9 and 14 list, saves a screenshot of the window to
      DIR/S-STATE.png and appends one JSON line per measured element to FILE. Where each
      element is comes from AT-SPI (object bounds), so the regions follow the layout.
  contrast.py controls --style S --text 1|2 --width PX --out DIR --results FILE
      The two controls alone in someone else's window (Tests/System/controls-a11y/third_party_window.py, plain
      GTK in the style S), at that text size and window width: the track's text by keyboard
      at 0 %, 40 % and 90 % (beside the thumb, over the part slid or the rest), and the focus rings
      of the slider and of the request button (issue 23).
  contrast.py summarize FILE [--report] [--controls]
      Prints the table state × style × element with the ratio and PASS/FAIL; exits 1 on any
      FAIL, or any expected row missing (a run that stopped half-way), unless --report.

The success run goes by keyboard where focus rings matter: idle (the phone field focused, the
code field's placeholder, the empty inbox's line, the insensitive 验证 and 获取验证码), Tab to
the slider ("keyboard": its focus ring, the phone field's placeholder), back, the number, Tab,
→ steps until unlocked ("unlocked", the slider still focused; then the request button's
label in the suggested action's colours, Tab on it), Enter ("counting", with the sender line
over the message), the code typed ("code": 验证 sensitive), Enter ("verified", 重新开始). The
network run takes the pointer to the error.

Text: the region's background is its most frequent colour (or colours: a label over the
countdown fill has two), the foreground the frequent colour that contrasts most with it, so
antialiased edge pixels do not count. Text needs 4.5:1. Non-text indicators (fill vs button,
thumb vs track, track vs window) compare the dominant colour of the indicator with that of
its neighbour and need 3:1.

Focus rings are found by difference: the same element focused and not, in two screenshots of
the same layout; the ring is the most frequent colour among the pixels that changed near the
element's edge, from 6 px inside its bounds to 6 px outside (a text that changes with focus,
as on the slider's track, lies further in; a caret is far fewer pixels; no change at all: no
ring, FAIL). It needs 3:1 against the window, and against what it sits
on: for each colour covering at least 10 % of the changed pixels (a translucent ring has one
over each thing it crosses), the colours of the unchanged pixels within 2 px of it, inside
and outside (each covering at least 10 % of them); the least contrasting pair counts.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time

from PIL import Image

sys.dont_write_bytecode = True    # no __pycache__ in the tree from importing desktop
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pyatspi  # noqa: E402
from desktop import (UNLOCKED, delivered_code, extents, find, find_app, has_state,  # noqa: E402
                       keys, pump, refresh, role_of, safe, screen_box, screen_offset, type_text, value_of,
                       wait_until, walk, xdo)

TEXT, NON_TEXT = 4.5, 3.0

# What a complete run of each style measures: (state, element). A missing row is a FAIL.
EXPECTED = [
    ("idle", e) for e in ("slider hint text", "slider thumb vs track", "slider track vs window",
                          "code placeholder text", "inbox placeholder text",
                          "验证 label (insensitive)", "获取验证码 label (insensitive)")
] + [
    ("keyboard", e) for e in ("phone placeholder text", "focus ring (slider) vs window",
                              "focus ring (slider) vs adjacent", "focus ring (phone entry) vs window",
                              "focus ring (phone entry) vs adjacent")
] + [
    ("unlocked", e) for e in ("slider hint text", "slider thumb vs track", "slider track vs window",
                              "focus ring (slider) vs window", "focus ring (slider) vs adjacent",
                              "获取验证码 label")
] + [
    ("counting", e) for e in ("countdown label text", "countdown fill vs button", "sent status text",
                              "sender line text")
] + [
    ("code", "验证 label"), ("verified", "verified status text"), ("verified", "重新开始 label"),
    ("error", "error status text"),
]
STATES = ["idle", "keyboard", "unlocked", "counting", "code", "verified", "error"]
# What each run of the controls in a third-party window measures.
CONTROLS_EXPECTED = [
    ("track 0%", "slider hint text"), ("track 0%", "focus ring (slider) vs window"),
    ("track 0%", "focus ring (slider) vs adjacent"), ("track 40%", "slider progress text"),
    ("track 90%", "slider progress text"), ("button focused", "focus ring (button) vs window"),
    ("button focused", "focus ring (button) vs adjacent"),
] + [
    # 4 s after the last key, when GTK 4.8 has stopped showing focus: the controls' own rings.
    (state, f"focus ring ({what}) vs {against}")
    for state, what in (("track 0% +4s", "slider"), ("button +4s", "button")) for against in ("window", "adjacent")
]
CONTROLS_STATES = ["track 0%", "track 0% +4s", "track 40%", "track 90%", "button focused", "button +4s"]
# How long after the last key the rings are measured again: past GTK 4.8's 3 s.
RING_KEPT_AFTER = 4.0


# ---------------------------------------------------------------------------------------------
# Colour arithmetic

def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hexcolour(rgb):
    return "#%02X%02X%02X" % tuple(rgb)


def histogram(image, box):
    x, y, w, h = box
    region = image.crop((x, y, x + w, y + h)).convert("RGB")
    counts = collections.Counter(region.getdata())
    return counts, max(1, w * h)


def dominant(image, box):
    counts, _ = histogram(image, box)
    return counts.most_common(1)[0][0]


def boundary(image, box, against):
    """The colour that sets a component apart where it meets its surroundings (WCAG 1.4.11
    counts a component's boundary): among the colours covering at least 5 % of `box`, a strip
    along the component's edge, the one contrasting most with `against`."""
    counts, total = histogram(image, box)
    frequent = [c for c, n in counts.most_common() if n >= 0.05 * total] or [counts.most_common(1)[0][0]]
    return max(frequent, key=lambda c: ratio(c, against))


def text_colours(image, box):
    """(foreground, [backgrounds]) of a text region: backgrounds are the colours covering at
    least 15 % of it (at least the most frequent one); the foreground is the colour of the
    glyphs' inked core: the least contrasting of the pixels that make up the most contrasting
    0.3 % of the region. Thin strokes are mostly anti-aliased shades with few pixels of the
    full text colour, so this errs towards less contrast, never more."""
    counts, total = histogram(image, box)
    ranked = counts.most_common()
    backgrounds = [c for c, n in ranked if n >= 0.15 * total] or [ranked[0][0]]
    ink = sorted(((c, n) for c, n in ranked if c not in backgrounds),
                 key=lambda cn: min(ratio(cn[0], b) for b in backgrounds), reverse=True)
    needed, covered = max(3, 0.003 * total), 0
    for colour, n in ink:
        covered += n
        if covered >= needed:
            return colour, backgrounds
    return None, backgrounds


# ---------------------------------------------------------------------------------------------
# Measuring one screenshot

class Shot:
    def __init__(self, app, style, state, out, results, name=None):
        self.app, self.style, self.state, self.results = app, style, state, results
        self.offset = screen_offset(app)
        path = os.path.join(out, f"{style}-{name or state}.png")
        frame = find(app, "frame")
        fx, fy, fw, fh = extents(frame)
        ox, oy = self.offset[0] + fx, self.offset[1] + fy
        subprocess.run(["import", "-window", "root", "/tmp/codegate-contrast-root.png"], check=True)
        self.image = Image.open("/tmp/codegate-contrast-root.png").convert("RGB")
        self.image.crop((ox, oy, ox + fw, oy + fh)).save(path)
        print(f"  screenshot {path}")

    def box(self, obj):
        x, y, w, h = extents(obj)
        return x + self.offset[0], y + self.offset[1], w, h

    def record(self, element, kind, fg, bg, value):
        threshold = TEXT if kind == "text" else NON_TEXT
        row = dict(state=self.state, style=self.style, element=element, kind=kind,
                   fg=hexcolour(fg) if fg else None, bg=hexcolour(bg) if bg else None,
                   ratio=round(value, 2) if value else None, threshold=threshold,
                   result="PASS" if value and value >= threshold else "FAIL")
        print(f"  {element:<38} {row['fg']} on {row['bg']}: {row['ratio']}:1 {row['result']}")
        with open(self.results, "a") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")

    def text(self, element, box):
        fg, backgrounds = text_colours(self.image, box)
        if fg is None:
            self.record(element, "text", None, backgrounds[0], None)
            return
        worst = min(backgrounds, key=lambda b: ratio(fg, b))
        self.record(element, "text", fg, worst, ratio(fg, worst))

    def indicator(self, element, box, neighbour_box):
        """A component's edge strip `box` against the dominant colour of its neighbour."""
        b = dominant(self.image, neighbour_box)
        a = boundary(self.image, box, b)
        self.record(element, "non-text", a, b, ratio(a, b))

    def focus_ring(self, element, obj, focused, unfocused, window):
        """The focus ring of obj, focused in the shot `focused` and not in `unfocused` (same
        layout, either may be this one): two rows of this state, the ring against the window
        colour and against what it sits on."""
        x, y, w, h = self.box(obj)
        pad = 6
        now, before = focused.image.load(), unfocused.image.load()
        changed = set()
        edge = 6
        for py in range(y - pad, y + h + pad):
            for px in range(x - pad, x + w + pad):
                # Only near the element's edge, where a ring is drawn: inside it, the text a
                # focused control shows instead of another (the slider's track) is no ring.
                inner = x + edge <= px < x + w - edge and y + edge <= py < y + h - edge
                if not inner and now[px, py] != before[px, py]:
                    changed.add((px, py))
        if len(changed) < 10:
            print(f"  {element}: nothing drawn around it when focused")
            self.record(f"{element} vs window", "non-text", None, window, None)
            self.record(f"{element} vs adjacent", "non-text", None, None, None)
            return
        colours = collections.Counter(now[p] for p in changed)
        ring = colours.most_common(1)[0][0]
        # A translucent ring takes another colour over each thing it crosses: each of its
        # frequent colours against what lies beside that part of it.
        pairs = []
        for colour, count in colours.most_common():
            if count < 0.1 * len(changed):
                break
            around = collections.Counter()
            for px, py in changed:
                if now[px, py] != colour:
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        if (px + dx, py + dy) not in changed:
                            around[now[px + dx, py + dy]] += 1
            total = sum(around.values())
            pairs += [(colour, c) for c, n in around.items() if n >= 0.1 * total]
        part, beside = min(pairs or [(ring, window)], key=lambda pair: ratio(*pair))
        self.record(f"{element} vs window", "non-text", ring, window, ratio(ring, window))
        self.record(f"{element} vs adjacent", "non-text", part, beside, ratio(part, beside))

    def label(self, element, pattern):
        refresh(self.app)
        obj = find(self.app, "label", pattern)
        if obj is None:
            print(f"  {element}: no label matching /{pattern}/")
            self.record(element, "text", None, None, None)
            return
        self.text(element, self.box(obj))

    def button_label(self, element, pattern):
        """The text of the push button named /pattern/: its label's bounds, clear of the
        button's edge and of a focus ring on it."""
        refresh(self.app)
        button = find(self.app, "push button", pattern)
        if button is None:
            print(f"  {element}: no button matching /{pattern}/")
            self.record(element, "text", None, None, None)
            return
        label = next((o for o in walk(button) if o is not button and role_of(o) == "label"), None)
        if label is not None and extents(label) and extents(label)[2] > 0:
            self.text(element, self.label_in(button, label))
        else:
            self.text(element, inset(self.box(button), 8, 6))

    def label_in(self, button, label):
        """The bounds of a button's label: its size, centred in the button, where a button puts
        it. Not its position: GTK 4.10+ gives a widget's position relative to its parent's
        content box, and adds that to the parent's position, so the button's padding is left
        out (the label of 验证 lies over the button's left edge by 17 px)."""
        bx, by, bw, bh = self.box(button)
        _, _, w, h = extents(label)
        return bx + (bw - w) // 2, by + (bh - h) // 2, w, h

    def first_line(self, element, pattern):
        """A label among the labels stacked in a box with even padding (the sender line over a
        message): placed as among them, inset from the box by that padding (half what the labels
        leave free), as GTK 4.10+ leaves the padding out of the label's position."""
        refresh(self.app)
        obj = find(self.app, "label", pattern)
        box = obj and safe(lambda: obj.parent)
        lines = [extents(o) for o in safe(lambda: list(box), []) if role_of(o) == "label"] if box else []
        if obj is None or not lines or not extents(box):
            print(f"  {element}: no label matching /{pattern}/ in a box")
            self.record(element, "text", None, None, None)
            return
        bx, by, bw, bh = self.box(box)
        x, y, w, h = extents(obj)
        left, top = min(lx for lx, _, _, _ in lines), min(ly for _, ly, _, _ in lines)
        used_w = max(lx + lw for lx, _, lw, _ in lines) - left
        used_h = max(ly + lh for _, ly, _, lh in lines) - top
        self.text(element, (bx + (bw - used_w) // 2 + x - left, by + (bh - used_h) // 2 + y - top, w, h))

    def placeholder(self, element, entry):
        """The placeholder of an empty entry: the entry less 8 px at the sides and 6 px at the
        top and bottom, clear of a focus ring."""
        self.text(element, inset(self.box(entry), 8, 6))


def inset(box, dx, dy):
    x, y, w, h = box
    return x + dx, y + dy, w - 2 * dx, h - 2 * dy


def beside_thumb(shot, slider):
    """The track's inside on the wider side of its thumb (a square as tall as the track, at the
    slider's value), where the hint lies: the thumb, opaque, is no background of the text."""
    x, y, w, h = shot.box(slider)
    current, low, high = value_of(slider) or (0, 0, 1)
    thumb_x = x + round((current - low) / ((high - low) or 1) * (w - h))
    left, right = (x, thumb_x - x), (thumb_x + h, x + w - thumb_x - h)
    side_x, side_w = max(left, right, key=lambda side: side[1])
    return inset((side_x, y, side_w, h), 3, 3)


def window_bg(shot, slider):
    """The window's background in the content's margin left of the slider, clear of any focus
    ring around it."""
    x, y, w, h = shot.box(slider)
    return dominant(shot.image, (x - 20, y, 12, h))


def measure_slider(shot, slider, unlocked):
    x, y, w, h = shot.box(slider)
    thumb_x = x + w - h if unlocked else x
    track = (x + 4, y + 4, w - h - 8, 5) if unlocked else (x + h + 4, y + 4, w - h - 8, 5)
    # The thumb's left edge, a few pixels wide, where it meets the track beside it.
    thumb_edge = (thumb_x + 1, y + 10, 4, h - 20)
    # The track's inside, clear of its outline above and below the hint.
    hint = (x + 4, y + 4, w - h - 8, h - 8) if unlocked else (x + h + 4, y + 4, w - h - 8, h - 8)
    shot.text("slider hint text", hint)
    shot.indicator("slider thumb vs track", thumb_edge, track)
    # The track's top edge against the window (beside it: above it a focus ring may be drawn).
    track_edge = (x + h + 4, y, w - h - 8, 3)
    shot.indicator("slider track vs window", track_edge, (x - 20, y, 12, h))


# ---------------------------------------------------------------------------------------------
# Driving the app (the pointer is fine here: this is about what is drawn)

def click(app, obj):
    x, y, w, h = screen_box(app, obj)
    xdo("mousemove", str(x + w // 2), str(y + h // 2), "click", "1")


def drag_slider(app, slider):
    x, y, w, h = screen_box(app, slider)
    xdo("mousemove", str(x + h // 2), str(y + h // 2), "mousedown", "1")
    for px in range(x + h // 2, x + w + 40, 20):
        xdo("mousemove", str(px), str(y + h // 2))
        time.sleep(0.02)
    xdo("mouseup", "1")
    xdo("mousemove", "790", "790")   # away, so no hover colours
    pump(0.8)


def is_unlocked(app, slider):
    refresh(app)
    value = value_of(slider)
    return bool(find(app, "label", UNLOCKED) or (value and value[0] >= value[2]))


def has_focus(app, obj):
    refresh(app)
    return has_state(obj, pyatspi.STATE_FOCUSED)


def unlock_by_keys(app, slider):
    """→ steps, one at a time, until the focused slider unlocks; the pointer if they fail."""
    for _ in range(30):
        keys("Right")
        pump(0.15)
        if is_unlocked(app, slider):
            return True
    print("  the → keys did not unlock the slider; dragging it")
    drag_slider(app, slider)
    return is_unlocked(app, slider)


def measure(args):
    app = find_app()
    pump(1)
    refresh(app)
    phone = find(app, "text", "手机号")
    slider = find(app, "slider")
    button = find(app, "push button", "获取验证码")
    code_entry = find(app, "text", "验证码")
    shoot = lambda state, name=None: Shot(app, args.style, state, args.out, args.results, name)  # noqa: E731

    if args.scenario == "network":
        click(app, phone)
        type_text("13800138000")
        drag_slider(app, slider)
        click(app, button)
        xdo("mousemove", "790", "790")
        wait_until(lambda: (refresh(app), find(app, "label", r"网络|失败"))[1], 5)
        pump(0.5)
        print(f"[{args.style}] error")
        shot = shoot("error")
        shot.label("error status text", r"网络|失败")
        return 0

    xdo("mousemove", "790", "790")   # away, so no hover colours
    wait_until(lambda: has_focus(app, phone), 3)
    pump(0.5)
    print(f"[{args.style}] idle")
    idle = shoot("idle")
    measure_slider(idle, slider, unlocked=False)
    idle.placeholder("code placeholder text", code_entry)
    idle.label("inbox placeholder text", r"收到的短信")
    idle.button_label("验证 label (insensitive)", r"^验证$")
    idle.button_label("获取验证码 label (insensitive)", r"获取验证码")

    # Tab: the slider gets the focus, and the window shows focus (a key was pressed).
    keys("Tab")
    wait_until(lambda: has_focus(app, slider), 3)
    pump(0.6)                        # past the theme's 200 ms outline transitions
    print(f"[{args.style}] keyboard (Tab to the slider)")
    tabbed = shoot("keyboard")
    window = window_bg(tabbed, slider)
    tabbed.placeholder("phone placeholder text", phone)
    tabbed.focus_ring("focus ring (slider)", slider, tabbed, idle, window)
    # The phone field was focused in the idle shot and is not now.
    tabbed.focus_ring("focus ring (phone entry)", phone, idle, tabbed, window)

    keys("shift+Tab")
    wait_until(lambda: has_focus(app, phone), 3)
    type_text("13800138000")
    keys("Tab")
    wait_until(lambda: has_focus(app, slider), 3)
    unlock_by_keys(app, slider)
    pump(0.8)
    print(f"[{args.style}] unlocked (the slider focused)")
    unlocked = shoot("unlocked")
    keys("Tab")                      # on to the request button
    wait_until(lambda: has_focus(app, button), 3)
    pump(0.6)
    plain = shoot("unlocked", "unlocked-unfocused")
    measure_slider(plain, slider, unlocked=True)
    # The request button, usable now: the suggested action's colours.
    plain.button_label("获取验证码 label", r"获取验证码")
    unlocked.focus_ring("focus ring (slider)", slider, unlocked, plain, window_bg(plain, slider))

    keys("Return")
    wait_until(lambda: delivered_code(app), 5)
    pump(2.0)                        # a visible fill: 2.5 s of the cooldown
    print(f"[{args.style}] counting")
    shot = shoot("counting")
    bx, by, bw, bh = shot.box(button)
    refresh(app)
    label = next((o for o in walk(button) if role_of(o) == "label"), None)
    shot.text("countdown label text", shot.label_in(button, label) if label else shot.box(button))
    # The fill's bar along the button's bottom, against the unfilled part of the button.
    shot.indicator("countdown fill vs button", (bx + 3, by + bh - 7, 10, 5), (bx + bw - 13, by + 8, 10, bh - 16))
    shot.label("sent status text", r"已发送")
    # The line over the message: "12:03 发送至 138****8000".
    shot.first_line("sender line text", r"^\d{1,2}:\d\d 发送至")

    code = delivered_code(app)
    click(app, code_entry)
    keys("ctrl+a", "BackSpace")
    type_text(code or "000000")
    xdo("mousemove", "790", "790")
    pump(0.6)
    print(f"[{args.style}] code (typed, 验证 sensitive)")
    shot = shoot("code")
    shot.button_label("验证 label", r"^验证$")

    keys("Return")
    wait_until(lambda: (refresh(app), find(app, "label", r"验证成功"))[1], 5)
    pump(0.5)
    print(f"[{args.style}] verified")
    shot = shoot("verified")
    # The completion page's title, "验证成功", two lines above its 重新开始 button.
    refresh(app)
    start_over = find(app, "push button", r"重新开始")
    if start_over is None:
        shot.label("verified status text", r"验证成功")
    else:
        x, y, w, h = shot.box(start_over)
        shot.text("verified status text", (x - 20, y - 70, w + 40, 28))
    shot.button_label("重新开始 label", r"重新开始")
    return 0


def measure_controls(args):
    """The controls in Tests/System/controls-a11y/third_party_window.py, by keyboard: Tab from the entry to the
    slider, → to 40 % and 90 %, the rest of the way, Tab to the button. Each ring is measured
    within 3 s of a key, while GTK still shows focus, and again 4 s after it, when only the
    controls' own .keyboard-ring keeps it (issue 23)."""
    app = find_app()
    pump(1)
    refresh(app)
    entry = find(app, "text")
    slider = find(app, "slider")
    button = find(app, "push button", "获取验证码")
    style = f"{args.style} {args.text}x {args.width}px"
    shoot = lambda state: Shot(app, style, state, args.out, args.results,  # noqa: E731
                               f"{args.text}x-{args.width}-{state.replace(' ', '-').replace('%', '')}")
    xdo("mousemove", "790", "790")
    wait_until(lambda: has_focus(app, entry), 3)
    pump(0.5)
    print(f"[{style}] idle")
    idle = shoot("idle")
    keys("Tab")
    wait_until(lambda: has_focus(app, slider), 3)
    pump(0.6)                        # past the theme's outline transitions
    print(f"[{style}] track 0% (focused by Tab)")
    start = shoot("track 0%")
    frame = find(app, "frame")
    print(f"  window {extents(frame)[2]} px wide; track {extents(slider)[2]}×{extents(slider)[3]} px")
    start.text("slider hint text", beside_thumb(start, slider))
    start.focus_ring("focus ring (slider)", slider, start, idle, window_bg(start, slider))
    pump(RING_KEPT_AFTER)
    print(f"[{style}] track 0% +4s")
    later = shoot("track 0% +4s")
    later.focus_ring("focus ring (slider)", slider, later, idle, window_bg(later, slider))
    for state, steps in (("track 40%", 4), ("track 90%", 5)):
        for _ in range(steps):
            keys("Right")
            pump(0.15)
        pump(0.4)
        print(f"[{style}] {state}")
        shot = shoot(state)
        shot.text("slider progress text", beside_thumb(shot, slider))
    keys("Right")
    wait_until(lambda: is_unlocked(app, slider), 3)
    pump(0.5)
    before = shoot("button unfocused")
    keys("Tab")
    wait_until(lambda: has_focus(app, button), 3)
    pump(0.6)
    print(f"[{style}] button focused")
    focused = shoot("button focused")
    focused.focus_ring("focus ring (button)", button, focused, before, window_bg(focused, slider))
    pump(RING_KEPT_AFTER)
    print(f"[{style}] button +4s")
    later = shoot("button +4s")
    later.focus_ring("focus ring (button)", button, later, before, window_bg(later, slider))
    return 0


def summarize(args):
    rows = [json.loads(line) for line in open(args.results, encoding="utf-8") if line.strip()]
    styles = sorted({r["style"] for r in rows} | set(args.styles or []),
                    key=lambda s: (["light", "dark", "high-contrast"] + [s]).index(s))
    seen = {(r["style"], r["state"], r["element"]) for r in rows}
    expected, states = (CONTROLS_EXPECTED, CONTROLS_STATES) if args.controls else (EXPECTED, STATES)
    for style in styles:
        for state, element in expected:
            if (style, state, element) not in seen:
                rows.append(dict(state=state, style=style, element=element, fg=None, bg=None, ratio=None,
                                 threshold=TEXT if element.endswith(("text", "label", "(insensitive)")) else NON_TEXT,
                                 result="MISSING"))
    order = {s: i for i, s in enumerate(states)}
    rank = {s: i for i, s in enumerate(styles)}
    rows.sort(key=lambda r: (order.get(r["state"], 9), r["element"], rank.get(r["style"], 9)))
    width = max(len(s) for s in styles) if styles else 14
    print(f"\n{'state':<14} {'style':<{width}} {'element':<38} {'fg':<8} {'bg':<8} {'ratio':>7}  need  result")
    for r in rows:
        value = f"{r['ratio']:.2f}" if r["ratio"] else "-"
        print(f"{r['state']:<14} {r['style']:<{width}} {r['element']:<38} {r['fg'] or '-':<8} {r['bg'] or '-':<8} "
              f"{value:>7}  {r['threshold']:<4}  {r['result']}")
    measured = [r for r in rows if r["ratio"]]
    for kind in ("text", "non-text"):
        ratios = [r for r in measured if r.get("kind", "text" if r["threshold"] == TEXT else "non-text") == kind]
        if ratios:
            low = min(ratios, key=lambda r: r["ratio"])
            print(f"lowest {kind}: {low['ratio']:.2f}:1 ({low['state']}, {low['style']}, {low['element']})")
    failed = [r for r in rows if r["result"] != "PASS"]
    missing = [r for r in failed if r["result"] == "MISSING"]
    print(f"\n{len(rows) - len(missing)} measured, {len(failed) - len(missing)} below the threshold, "
          f"{len(missing)} missing")
    return 1 if failed and not args.report else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--style", required=True)
    m.add_argument("--scenario", choices=["success", "network"], required=True)
    m.add_argument("--out", required=True)
    m.add_argument("--results", required=True)
    c = sub.add_parser("controls")
    c.add_argument("--style", required=True)
    c.add_argument("--text", type=int, choices=[1, 2], required=True)
    c.add_argument("--width", type=int, required=True)
    c.add_argument("--out", required=True)
    c.add_argument("--results", required=True)
    s = sub.add_parser("summarize")
    s.add_argument("results")
    s.add_argument("--report", action="store_true")
    s.add_argument("--styles", nargs="*", help="styles that must have a complete set of rows")
    s.add_argument("--controls", action="store_true", help="the rows of `controls` runs")
    args = parser.parse_args()
    if args.mode == "controls":
        import desktop
        desktop.APP_NAME = "third_party_window.py"
        return measure_controls(args)
    return measure(args) if args.mode == "measure" else summarize(args)


if __name__ == "__main__":
    sys.exit(main())
