"""What the GObject library's Python tests share: the staged library through PyGObject, a
bounded wait on the GLib main loop, and checks that say what failed. CodeGate's types are left
unregistered until a test uses them (GObject introspection loads the library at first use)."""
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("CodeGate", "1")
from gi.repository import CodeGate, GLib, GObject, Gtk  # noqa: E402,F401

failures = []


def check(condition, what):
    """Records one check; the test exits 1 at the end if any failed."""
    print(("PASS: " if condition else "FAIL: ") + what, flush=True)
    if not condition:
        failures.append(what)


def wait_until(condition, seconds=5.0):
    """Runs the main loop until condition() holds or `seconds` pass; returns condition()."""
    context = GLib.MainContext.default()
    expired = []
    guard = GLib.timeout_add(int(seconds * 1000), lambda: expired.append(True) or GLib.SOURCE_REMOVE)
    while not condition() and not expired:
        context.iteration(True)
    if not expired:
        GLib.source_remove(guard)
    return condition()


def settle():
    """Runs whatever the main loop has ready now, without blocking."""
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def step(slider, times=1):
    """Steps the thumb as → presses do (GtkRange's keybinding signal)."""
    for _ in range(times):
        slider.emit("move-slider", Gtk.ScrollType.STEP_FORWARD)


def finish():
    print(f"{'FAIL' if failures else 'PASS'}: {len(failures)} check(s) failed", flush=True)
    sys.exit(1 if failures else 0)
