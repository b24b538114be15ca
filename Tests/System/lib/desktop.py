#!/usr/bin/python3
"""What the system tests share to drive a window as a user and a screen reader do: the AT-SPI
tree (find objects, read their names, states, values, texts and bounds), xdotool input, waits
that pump the GLib main context with a bound, the events Orca listens to (Ear), and what the
CodeGate window says (its statuses as patterns, its inbox).

Imported by the suites' Python (a11y, controls-a11y, contrast, example, orca) after
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
inside the session the suite's `run` prepared (private D-Bus session, accessibility bus, Xvfb;
lib/session.sh). APP_NAME is the application the helpers look for on the bus: a suite that
drives another program sets it first.
"""
import re
import subprocess
import sys
import time

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import GLib  # noqa: E402
import pyatspi  # noqa: E402

# ---------------------------------------------------------------------------------------------
# The CodeGate window: what it is called on the bus, and what its statuses say

APP_NAME = "codegate"
PHONE_OK = "13800138000"
PHONE_BAD = "12345678901"     # 11 digits, but no mainland number starts with 12
# What each status must say (regular expressions over the name or description heard).
SENT = r"已发送"
FAILED = r"网络|失败"
WRONG = r"错误"
VERIFIED = r"验证成功|已通过验证"   # the page says 验证成功 as focus enters it; 重新开始 says the number passed
UNLOCKED = r"验证通过|已通过|已解锁|解锁成功"
COOLING = r"冷却|秒后|后可|稍后"
COOLDOWN_OVER = r"冷却结束"
# A GTK or app class name used as an accessible name: "GtkButton", "AdwHeaderBar", "CodeGateClipBin".
CLASS_NAME = re.compile(r"^(Gtk|Adw|CodeGate)[A-Z]\w*$")

EVENTS = [
    "object:state-changed:focused",
    "object:state-changed:invalid",
    "object:state-changed:invalid-entry",
    "object:state-changed:sensitive",
    "object:state-changed:checked",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:text-changed",
    "object:value-changed",
    "window:activate",
    "window:deactivate",
    "window:create",
]
SHOWN_STATES = {
    pyatspi.STATE_FOCUSED: "focused",
    pyatspi.STATE_SENSITIVE: "sensitive",
    pyatspi.STATE_INVALID_ENTRY: "invalid",
    pyatspi.STATE_INVALID: "invalid",
    pyatspi.STATE_CHECKED: "checked",
    pyatspi.STATE_PRESSED: "pressed",
    pyatspi.STATE_SELECTED: "selected",
    pyatspi.STATE_EXPANDED: "expanded",
}


# ---------------------------------------------------------------------------------------------
# Bounded waits, the AT-SPI tree, X input

def pump(seconds):
    """Runs the GLib main context for `seconds`, so AT-SPI events are delivered."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not context.iteration(False):
            time.sleep(0.01)


def wait_until(predicate, timeout, step=0.05):
    """Pumps events until predicate() is true or `timeout` seconds pass; returns the last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() >= deadline:
            return value
        pump(step)


def find_app(timeout=10):
    def lookup():
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and (app.name or "").lower() == APP_NAME:
                return app
        return None
    app = wait_until(lookup, timeout, 0.2)
    if app is None:
        sys.exit(f"{APP_NAME} not found on the accessibility bus")
    return app


def wait_fresh(app, predicate, timeout, step=0.05):
    """wait_until(predicate) with AT-SPI's cache of app dropped before each try."""
    def fresh():
        refresh(app)
        return predicate()
    return wait_until(fresh, timeout, step)


def safe(call, default=None):
    try:
        return call()
    except Exception:  # a widget that went away, an interface it lacks
        return default


# AT-SPI's names of the roles that changed name between releases, each with the name the tests
# use (Debian 12's): at-spi2-core 2.56 (Debian 13) calls a push button "button".
ROLE_NAMES = {"button": "push button"}


def role_of(obj):
    """obj's AT-SPI role name, the same on every release ("?" once it went away)."""
    name = safe(obj.getRoleName, "?")
    return ROLE_NAMES.get(name, name)


def walk(obj):
    """Every object under obj (itself included), depth first."""
    yield obj
    for child in safe(lambda: list(obj), []):
        if child is not None:
            yield from walk(child)


def refresh(app):
    safe(lambda: app.clear_cache())


def name_of(obj):
    return safe(lambda: obj.name, "") or ""


def states(obj):
    return set(safe(lambda: obj.getState().getStates(), []))


def has_state(obj, state):
    return state in states(obj)


def text_of(obj):
    """The whole text of an object with the Text interface, else ''."""
    def read():
        text = obj.queryText()
        return text.getText(0, text.characterCount)
    return safe(read, "") or ""


def value_of(obj):
    def read():
        value = obj.queryValue()
        return value.currentValue, value.minimumValue, value.maximumValue
    return safe(read)


def _bounds(obj, coords):
    box = safe(lambda: obj.queryComponent().getExtents(coords))
    return (box.x, box.y, box.width, box.height) if box else None


def extents(obj):
    """Bounds relative to the window: (x, y, width, height), where (0, 0) is the window's own
    corner, inside the margin GTK keeps around it for client-side decorations; a frame's own
    bounds as GTK gives them. GTK 4.8 has no screen coordinates.
    GTK 4.10+ (Debian 13: 4.18) adds up the bounds of every accessible ancestor instead of
    asking the widget tree, which puts two things in that sum that are not offsets: the
    window's own bounds, which start at minus that margin (the frame is (-5, -5, 420, 569)
    around a 410 × 559 window), and a GtkStack page, whose bounds are its child's, relative to
    the stack, so that the child's offset is counted twice (24 px too far right and down, more
    on the completion page). Both are taken out here; GTK 4.8's window bounds start at (0, 0)
    and it has no such pages, so nothing changes there. What stays off under GTK 4.10+: a
    widget's position is taken relative to its parent's content box, so the border and padding
    of the widgets around it are left out (a button's label, a line in a padded box)."""
    box = _bounds(obj, pyatspi.WINDOW_COORDS)
    if box is None or role_of(obj) == "frame":
        return box
    x, y, w, h = box
    child, parent = obj, safe(lambda: obj.parent)
    while parent is not None and role_of(parent) not in ("frame", "application", "?"):
        # A parent whose bounds relative to its own parent are exactly its child's (same size,
        # same non-zero offset) is such a page: a contained child cannot have them otherwise.
        mine, its = _bounds(child, pyatspi.XY_PARENT), _bounds(parent, pyatspi.XY_PARENT)
        if mine and mine == its and mine[:2] != (0, 0):
            x, y = x - mine[0], y - mine[1]
        child, parent = parent, safe(lambda: parent.parent)
    frame = _bounds(parent, pyatspi.WINDOW_COORDS) if parent is not None and role_of(parent) == "frame" else None
    if frame:
        x, y = x - frame[0], y - frame[1]
    return x, y, w, h


def screen_offset(app):
    """Where window coordinates (0, 0) are on the screen: the X window's position plus the
    margin GTK keeps around a window with client-side decorations (no window manager here).
    The X window is the one titled as app's first frame."""
    frame = find(app, "frame")
    title = "^" + re.escape(safe(lambda: frame.name, "") or "CodeGate") + "$"
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title,
                          "getwindowgeometry", "--shell"], capture_output=True, text=True).stdout
    geometry = dict(line.split("=", 1) for line in out.split() if "=" in line)
    # The frame's bounds: the window alone (GTK 4.8) or with that margin, from minus its width.
    fx, fy, width, height = extents(frame)
    return (int(geometry["X"]) + (int(geometry["WIDTH"]) - width) // 2 - fx,
            int(geometry["Y"]) + (int(geometry["HEIGHT"]) - height) // 2 - fy)


def screen_box(app, obj):
    """Bounds of obj on the screen: (x, y, width, height)."""
    x, y, w, h = extents(obj)
    dx, dy = screen_offset(app)
    return x + dx, y + dy, w, h


def describe(obj):
    """One line: role 'name' [description] {states} value=… text=…."""
    if obj is None:
        return "(nothing)"
    role = role_of(obj)
    parts = [f"{role} {safe(lambda: obj.name, '')!r}"]
    description = safe(lambda: obj.description, "")
    if description:
        parts.append(f"desc={description!r}")
    shown = sorted({name for state, name in SHOWN_STATES.items() if state in states(obj)})
    parts.append("{" + ",".join(shown) + "}")
    value = value_of(obj)
    if value:
        parts.append("value=%g (%g…%g)" % value)
    if role in ("text", "entry", "password text"):
        text = safe(obj.queryText)
        if text:
            parts.append(f"text={text_of(obj)!r} caret={safe(lambda: text.caretOffset)}"
                         f" selections={safe(lambda: text.getNSelections(), 0)}")
    return " ".join(parts)


def find(app, role=None, name=None, predicate=None):
    """The first object with role (AT-SPI role name) and a name matching the regex `name`."""
    for obj in walk(app):
        if role and role_of(obj) != role:
            continue
        if name and not re.search(name, safe(lambda: obj.name, "") or ""):
            continue
        if predicate and not predicate(obj):
            continue
        return obj
    return None


def focused(app):
    refresh(app)
    return find(app, predicate=lambda o: has_state(o, pyatspi.STATE_FOCUSED)
                and role_of(o) not in ("frame", "window", "application"))


# The window's controls a walk moves between: (AT-SPI role, name pattern).
CONTROLS = {
    "phone": ("text", "手机号"),
    "slider": ("slider", None),
    "request": ("push button", "获取验证码|发送|冷却"),
    "code": ("text", "验证码"),
}


def control(app, key):
    """The window's control `key` (a key of CONTROLS), or None."""
    return find(app, *CONTROLS[key])


def inbox_texts(app):
    """The texts of the labels in the message list ("短信"), newest first."""
    refresh(app)
    inbox = find(app, role="list", name="短信") or find(app, role="list")
    if inbox is None:
        return []
    return [text_of(o) for o in walk(inbox)
            if o is not inbox and role_of(o) == "label" and text_of(o)]


def delivered_code(app):
    for text in inbox_texts(app):
        match = re.search(r"(?<!\d)(\d{6})(?!\d)", text)
        if match:
            return match.group(1)
    return None


def xdo(*args):
    subprocess.run(["xdotool", *args], check=True)


def keys(*names):
    xdo("key", "--delay", "60", *names)


def type_text(text):
    xdo("type", "--delay", "60", text)


# ---------------------------------------------------------------------------------------------
# Listening

class Ear:
    """Collects the events Orca listens to, each with what it would present."""

    def __init__(self, app):
        self.app = app
        self.events = []
        self.read = 0
        self.focus = None          # the object the last focus event was about
        pyatspi.Registry.registerEventListener(self.on_event, *EVENTS)

    def on_event(self, event):
        source = event.source
        if source is None or safe(lambda: source.getApplication()) != self.app:
            return
        kind = event.type
        if kind.startswith("object:state-changed:focused") and event.detail1:
            self.focus = source
        value = event.any_data if isinstance(event.any_data, str) and "state-changed" not in kind else None
        self.events.append({
            "time": time.monotonic(),
            "type": str(kind),
            "detail": event.detail1,
            "value": value,
            "source": source,
            "role": role_of(source),
            "name": safe(lambda: source.name, "") or "",
            "description": safe(lambda: source.description, "") or "",
            "on_focus": source is self.focus,
        })

    def since_last(self):
        new = self.events[self.read:]
        self.read = len(self.events)
        return new

    @staticmethod
    def line(event):
        kind = event["type"].replace("object:", "").replace("property-change:accessible-", "")
        said = ""
        if event["value"] is not None:
            said = f" → {event['value']!r}"
        elif "state-changed" in kind:
            said = f" = {event['detail']}"
        where = "focused" if event["on_focus"] else "not focused"
        desc = f" desc={event['description']!r}" if event["description"] else ""
        return f"{kind}{said}  on {event['role']} {event['name']!r}{desc} ({where})"

    @staticmethod
    def presents(event, pattern):
        """Would Orca speak `pattern` for this event? A focus gain on an object whose name or
        description carries it, or a name/description change on the focused object."""
        kind = event["type"]
        if kind.startswith("object:state-changed:focused") and event["detail"]:
            return bool(re.search(pattern, event["name"] + " " + event["description"]))
        if "accessible-name" in kind or "accessible-description" in kind:
            said = event["value"] if event["value"] is not None else event["name"] + " " + event["description"]
            return event["on_focus"] and bool(re.search(pattern, said))
        return False
