#!/usr/bin/python3
"""CodeGate's two controls from Python (PyGObject): slide to unlock, then request a code.

With --builder the controls come from Examples/Builder/controls-example.ui instead of code;
with --builder FILE from that GtkBuilder file (one compiled from
Examples/Blueprint/controls-example.blp, say); --cooldown SECONDS answers with that cooldown
instead of 60 s.
"""
import argparse
import os
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("CodeGate", "1")
from gi.repository import CodeGate, Gio, GLib, Gtk  # noqa: E402

UI_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Builder", "controls-example.ui")


def request_code(request, failing, cooldown):
    """A stand-in for this app's own server call: answers the request after 300 ms with the
    cooldown, or fails it when the check box says so. An answer to a request that timed out
    meanwhile is ignored: it never lands on a newer one."""
    def answer():
        if failing:
            request.failed("服务器拒绝了请求，请重新滑动验证")
        else:
            request.sent(cooldown)
        return GLib.SOURCE_REMOVE
    GLib.timeout_add(300, answer)


def controls_from_code():
    slider = CodeGate.SlideToUnlock()
    # The slide enables the button; the end of a cooldown or a failure locks the slider again.
    button = CodeGate.CountdownButton(slider=slider)
    failing = Gtk.CheckButton(label="让请求失败")
    status = Gtk.Label()
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12,
                  margin_top=24, margin_bottom=24, margin_start=24, margin_end=24)
    for widget in (slider, button, failing, status):
        box.append(widget)
    return box, button, failing, status


def controls_from_builder(ui_file):
    # GObject introspection loads the library at the first use of CodeGate, and the library
    # registers its types as it loads: here the builder file is that first use.
    CodeGate.init()
    builder = Gtk.Builder.new_from_file(ui_file)
    return [builder.get_object(name) for name in ("box", "button", "failing", "status")]


def build_window(application, ui_file, cooldown):
    box, button, failing, status = controls_from_builder(ui_file) if ui_file else controls_from_code()
    button.connect("request", lambda _button, request: request_code(request, failing.get_active(), cooldown))
    button.connect("sent", lambda _button, cooldown: status.set_text(f"验证码已发送，{cooldown} 秒后可重新获取"))
    button.connect("failed", lambda _button, message: status.set_text(message))
    window = Gtk.ApplicationWindow(application=application, title="CodeGate controls",
                                   default_width=360, child=box)
    window.present()


parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--builder", nargs="?", const=UI_FILE, metavar="FILE",
                    help="the controls from a GtkBuilder file (default: Examples/Builder's)")
parser.add_argument("--cooldown", type=int, default=60, metavar="SECONDS",
                    help="the cooldown each request is answered with (default: 60)")
options, gtk_args = parser.parse_known_args()
application = Gtk.Application(application_id="io.github.codegate.ControlsExample",
                              flags=Gio.ApplicationFlags.NON_UNIQUE)
application.connect("activate", build_window, options.builder, options.cooldown)
sys.exit(application.run(sys.argv[:1] + gtk_args))
