#!/usr/bin/python3
"""A window of someone else's app with CodeGate's two controls in it, for the controls' own
accessibility and contrast tests (Tests/System/controls-a11y/controls_flow.py, Tests/System/contrast/contrast.py): a plain
GtkApplicationWindow — no libadwaita, nothing of CodeGate's demo app — titled "Third-party
form", with an entry before the controls and a plain button after them. It does nothing for
focus or screen readers itself: whatever a user gets there, the controls give.

Its requests are answered from --answers, in order, each 300 ms after the press (the last one
repeats): "fail" (request.failed with NULL: the controls' own words), "fail:WORDS" (the app's
words) or "sent:SECONDS" (a cooldown of that many seconds).

usage: third_party_window.py [--answers fail:…,sent:3] [--width PX]
"""
import argparse
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("CodeGate", "1")
from gi.repository import CodeGate, Gio, GLib, Gtk  # noqa: E402

TITLE = "Third-party form"


def answer(request, spec):
    kind, _, words = spec.partition(":")
    if kind == "sent":
        request.sent(int(words))
    else:
        request.failed(words or None)
    return GLib.SOURCE_REMOVE


def build(application, options):
    answers = list(options.answers.split(","))
    entry = Gtk.Entry()
    entry.update_property([Gtk.AccessibleProperty.LABEL], ["昵称"])
    slider = CodeGate.SlideToUnlock()
    button = CodeGate.CountdownButton(slider=slider)
    plain = Gtk.Button(label="继续")

    def request(_button, pending):
        spec = answers.pop(0) if len(answers) > 1 else answers[0]
        GLib.timeout_add(300, answer, pending, spec)

    button.connect("request", request)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12,
                  margin_top=24, margin_bottom=24, margin_start=24, margin_end=24)
    for widget in (entry, slider, button, plain):
        box.append(widget)
    window = Gtk.ApplicationWindow(application=application, title=TITLE,
                                   default_width=options.width, child=box)
    window.present()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", default="sent:60")
    parser.add_argument("--width", type=int, default=360)
    options = parser.parse_args()
    application = Gtk.Application(application_id="org.example.ThirdPartyForm",
                                  flags=Gio.ApplicationFlags.NON_UNIQUE)
    application.connect("activate", build, options)
    return application.run([sys.argv[0]])


sys.exit(main())
