#!/usr/bin/python3
"""GTK's thread is the one GTK runs on, not the process's first: the button's class first
referenced on a worker keeps its properties, and GTK initialised and run on a worker (as
`cargo test` does) makes, builds and presses a button there. Under G_DEBUG=fatal-criticals."""
import threading

from harness import CodeGate, GLib, GObject, Gtk, check, finish

results = {}


def ref_class():
    CodeGate.init()
    GObject.type_class_ref(GObject.type_from_name("CodeGateCountdownButton"))


worker = threading.Thread(target=ref_class)
worker.start()
worker.join()


def run_gtk():
    Gtk.init()
    button = CodeGate.CountdownButton()
    results["label-format"] = button.props.label_format
    built = Gtk.Builder.new_from_string("""<interface>
  <object class="CodeGateCountdownButton" id="b"><property name="label-format">Again in {s} s</property></object>
</interface>""", -1).get_object("b")
    results["built"] = built.props.label_format
    button.connect("request", lambda _b, request: request.sent(30))
    button.emit("clicked")
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass
    results["seconds"] = button.props.seconds_left


worker = threading.Thread(target=run_gtk)
worker.start()
worker.join()
check(results.get("label-format") == "获取验证码({s})",
      "the class first referenced on a worker keeps its properties; GTK on a worker makes a button")
check(results.get("built") == "Again in {s} s", "GTK on a worker: GtkBuilder sets label-format")
check(results.get("seconds") == 30, "GTK on a worker: pressed and answered there, it counts down")
finish()
