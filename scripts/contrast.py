#!/usr/bin/python3
"""Measures CodeGate's contrast from rendered pixels, state by state (WCAG 2 ratios).

Two modes:
  contrast.py measure --style S --scenario success|network --out DIR --results FILE
      Inside a session scripts/test_contrast.sh prepared (Xvfb, accessibility bus, the app):
      drives the app to each state issue 9 lists, saves a screenshot of the window to
      DIR/S-STATE.png and appends one JSON line per measured element to FILE. Where each
      element is comes from AT-SPI (object bounds), so the regions follow the layout.
  contrast.py summarize FILE [--report]
      Prints the table state × style × element with the ratio and PASS/FAIL; exits 1 on any
      FAIL unless --report.

Text: the region's background is its most frequent colour (or colours: a label over the
countdown fill has two), the foreground the frequent colour that contrasts most with it, so
antialiased edge pixels do not count. Text needs 4.5:1. Non-text indicators (fill vs button,
thumb vs track, track vs window, focus ring vs window) compare the dominant colour of the
indicator with that of its neighbour and need 3:1.
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

sys.dont_write_bytecode = True    # no __pycache__ in scripts/ from importing a11y_flow
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from a11y_flow import (delivered_code, extents, find, find_app, keys, pump,  # noqa: E402
                       refresh, safe, screen_box, screen_offset, type_text, wait_until, walk, xdo)

TEXT, NON_TEXT = 4.5, 3.0


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
    def __init__(self, app, style, state, out, results):
        self.app, self.style, self.state, self.results = app, style, state, results
        self.offset = screen_offset(app)
        path = os.path.join(out, f"{style}-{state}.png")
        frame = find(app, "frame")
        _, _, fw, fh = extents(frame)
        ox, oy = self.offset
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
        print(f"  {element:<34} {row['fg']} on {row['bg']}: {row['ratio']}:1 {row['result']}")
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

    def focus_ring(self, element, obj, window_bg):
        """The focus ring around obj: the row, within 4 px of its top edge, whose dominant colour
        differs most from the window background."""
        x, y, w, h = self.box(obj)
        rows = [dominant(self.image, (x + w // 4, y + dy, w // 2, 1)) for dy in range(-4, 3)]
        ring = max(rows, key=lambda c: ratio(c, window_bg))
        self.record(element, "non-text", ring, window_bg, ratio(ring, window_bg))

    def label(self, element, pattern):
        refresh(self.app)
        obj = find(self.app, "label", pattern)
        if obj is None:
            print(f"  {element}: no label matching /{pattern}/")
            self.record(element, "text", None, None, None)
            return
        self.text(element, self.box(obj))


def window_bg(shot, slider):
    """The window's background just above the slider, right of the heading."""
    x, y, w, h = shot.box(slider)
    return dominant(shot.image, (x + w // 2, y - 5, w // 2, 3))


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
    # The track's top edge against the window above it.
    track_edge = (x + h + 4, y, w - h - 8, 3)
    shot.indicator("slider track vs window", track_edge, (x + w // 2, y - 5, w // 2, 3))


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


def measure(args):
    app = find_app()
    pump(1)
    refresh(app)
    phone = find(app, "text", "手机号")
    slider = find(app, "slider")
    button = find(app, "push button", "获取验证码")
    code_entry = find(app, "text", "验证码")
    shoot = lambda state: Shot(app, args.style, state, args.out, args.results)  # noqa: E731

    if args.scenario == "success":
        print(f"[{args.style}] idle")
        shot = shoot("idle")
        measure_slider(shot, slider, unlocked=False)
        shot.focus_ring("focus ring (phone entry)", phone, window_bg(shot, slider))

    click(app, phone)
    type_text("13800138000")
    drag_slider(app, slider)
    if args.scenario == "success":
        print(f"[{args.style}] unlocked")
        shot = shoot("unlocked")
        measure_slider(shot, slider, unlocked=True)

    click(app, button)
    xdo("mousemove", "790", "790")
    if args.scenario == "network":
        wait_until(lambda: (refresh(app), find(app, "label", r"网络|失败"))[1], 5)
        pump(0.5)
        print(f"[{args.style}] error")
        shot = shoot("error")
        shot.label("error status text", r"网络|失败")
        return 0

    wait_until(lambda: delivered_code(app), 5)
    pump(2.0)                        # a visible fill: 2.5 s of the cooldown
    print(f"[{args.style}] counting")
    shot = shoot("counting")
    bx, by, bw, bh = shot.box(button)
    refresh(app)
    label = next((o for o in walk(button) if safe(o.getRoleName) == "label"), button)
    shot.text("countdown label text", shot.box(label))
    # The fill's bar along the button's bottom, against the unfilled part of the button.
    shot.indicator("countdown fill vs button", (bx + 3, by + bh - 7, 10, 5), (bx + bw - 13, by + 8, 10, bh - 16))
    shot.label("sent status text", r"已发送")

    code = delivered_code(app)
    click(app, code_entry)
    keys("ctrl+a", "BackSpace")
    type_text(code or "000000")
    keys("Return")
    xdo("mousemove", "790", "790")
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
    return 0


def summarize(args):
    rows = [json.loads(line) for line in open(args.results, encoding="utf-8") if line.strip()]
    order = {s: i for i, s in enumerate(["idle", "unlocked", "counting", "error", "verified"])}
    styles = {s: i for i, s in enumerate(["light", "dark", "high-contrast"])}
    rows.sort(key=lambda r: (order.get(r["state"], 9), r["element"], styles.get(r["style"], 9)))
    print(f"\n{'state':<10} {'style':<14} {'element':<34} {'fg':<8} {'bg':<8} {'ratio':>7}  need  result")
    for r in rows:
        value = f"{r['ratio']:.2f}" if r["ratio"] else "-"
        print(f"{r['state']:<10} {r['style']:<14} {r['element']:<34} {r['fg'] or '-':<8} {r['bg'] or '-':<8} "
              f"{value:>7}  {r['threshold']:<4}  {r['result']}")
    failed = [r for r in rows if r["result"] != "PASS"]
    print(f"\n{len(rows)} measured, {len(failed)} below the threshold")
    return 1 if failed and not args.report else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--style", required=True)
    m.add_argument("--scenario", choices=["success", "network"], required=True)
    m.add_argument("--out", required=True)
    m.add_argument("--results", required=True)
    s = sub.add_parser("summarize")
    s.add_argument("results")
    s.add_argument("--report", action="store_true")
    args = parser.parse_args()
    return measure(args) if args.mode == "measure" else summarize(args)


if __name__ == "__main__":
    sys.exit(main())
