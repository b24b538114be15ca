#!/usr/bin/python3
"""What a GTK developer does in ordinary use that must never crash the controls, under
G_DEBUG=fatal-criticals: a pressed button destroyed before or after its request, the button's
child replaced during a cooldown, a request dropped on a worker thread, one slide for one
request whatever the answer. Each case once failed on main (issue 34)."""
import threading

from harness import CodeGate, GLib, GObject, Gtk, check, finish, settle, step

Gtk.init()

# The request is emitted within the press: a clicked handler connected after sees it, and an
# answer given inside the request handler shows before emit("clicked") returns.
button = CodeGate.CountdownButton()
requests = []
button.connect("request", lambda _b, request: requests.append(request))
seen_in_clicked = []
button.connect_after("clicked", lambda _b: seen_in_clicked.append(len(requests)))
button.emit("clicked")
check(seen_in_clicked == [1] and button.props.phase == CodeGate.CountdownPhase.SENDING,
      "::request is emitted within the press, before the app's clicked handlers return")
requests[0].sent(30)
check(not requests[0].props.pending and button.props.phase == CodeGate.CountdownPhase.COUNTING
      and button.props.seconds_left == 30, "an answer's state is visible when sent() returns")

answered_at_once = CodeGate.CountdownButton()
answered_at_once.connect("request", lambda _b, request: request.sent(45))
answered_at_once.emit("clicked")
check(answered_at_once.props.seconds_left == 45, "answered inside ::request: counting when emit() returns")

# Pressed, then destroyed after 0…5 main-loop turns, with the request answered afterwards.
for turns in range(6):
    window = Gtk.Window()
    window.set_child(CodeGate.CountdownButton())
    window.present()
    kept = []
    window.get_child().connect("request", lambda _b, request: kept.append(request))
    window.get_child().emit("clicked")
    for _ in range(turns):
        GLib.MainContext.default().iteration(False)
    window.destroy()
    del window  # GTK's own reference is gone with destroy(); Python's is the last one
    settle()
    cancelled = kept[0].get_cancellable().is_cancelled() if kept else None
    if kept:
        kept[0].sent(60)
    check(kept and not kept[0].props.pending and cancelled,
          f"pressed then destroyed after {turns} turn(s): the request is cancelled, a late answer ignored")
for cycle in range(300):
    window = Gtk.Window()
    pressed = CodeGate.CountdownButton()
    pressed.connect("request", lambda _b, request: None)
    window.set_child(pressed)
    pressed.emit("clicked")
    window.destroy()
    if cycle % 50 == 0:
        settle()
settle()
check(True, "300 cycles of create, press, destroy")

# The button keeps its content: a label set during a cooldown becomes its idle text, any other
# child or an icon is refused; the countdown keeps drawing on it.
window = Gtk.Window()
counting = CodeGate.CountdownButton()
window.set_child(counting)
window.present()
counting.connect("request", lambda _b, request: request.sent(20))
counting.emit("clicked")
content = counting.get_child()
counting.set_label("Get code")
settle()
check(counting.get_child() == content and counting.props.idle_text == "Get code",
      "set_label during a cooldown: the content stays, the label is the idle text")
counting.set_child(Gtk.Label(label="mine"))
settle()
check(counting.get_child() == content, "set_child: refused, the content stays")
counting.set_icon_name("edit-copy-symbolic")
settle()
check(counting.get_child() == content, "set_icon_name: refused, the content stays")
counting.reset()
settle()
check(counting.get_child() == content and counting.props.phase == CodeGate.CountdownPhase.IDLE,
      "after all of that, the button resets and shows its words")
window.destroy()
built = Gtk.Builder.new_from_string("""<interface>
  <object class="CodeGateCountdownButton" id="b"><property name="label">Send code</property></object>
</interface>""", -1).get_object("b")
settle()
check(built.props.idle_text == "Send code" and built.get_label() is None,
      "a label property in a .ui file is the idle text")

# A request whose last reference goes on a worker thread (its button gone), and the documented
# pattern: the answer handed to the main loop from a worker, which then drops its reference.
window = Gtk.Window()
dropped = CodeGate.CountdownButton()
window.set_child(dropped)
held = []
dropped.connect("request", lambda _b, request: held.append(request))
dropped.emit("clicked")
window.destroy()
settle()
worker = threading.Thread(target=held.clear)
worker.start()
worker.join()
check(not held, "a request's last reference dropped on a worker thread")

window = Gtk.Window()
answered_later = CodeGate.CountdownButton()
window.set_child(answered_later)


def answer_from_worker(_button, request):
    def work(request=request):
        GLib.idle_add(request.sent, 60)
    threading.Thread(target=work).start()


answered_later.connect("request", answer_from_worker)
answered_later.emit("clicked")
deadline = GLib.get_monotonic_time() + 5_000_000
while answered_later.props.phase != CodeGate.CountdownPhase.COUNTING and GLib.get_monotonic_time() < deadline:
    GLib.MainContext.default().iteration(True)
check(answered_later.props.seconds_left == 60, "GLib.idle_add(request.sent, 60) from a worker: counting 60 s")
window.destroy()
settle()


# One slide, one request, whatever the answer.
def slid(*buttons):
    slider = CodeGate.SlideToUnlock()
    for each in buttons:
        each.props.slider = slider
    step(slider, 10)
    settle()
    return slider


for way in ["sent(0)", "refused(0)", "failed", "reset", "start_cooldown(0)"]:
    button = CodeGate.CountdownButton()
    asked = []
    button.connect("request", lambda _b, request: asked.append(request))
    slider = slid(button)
    button.emit("clicked")
    if way == "sent(0)":
        asked[0].sent(0)
    elif way == "refused(0)":
        asked[0].refused(0, None)
    elif way == "failed":
        asked[0].failed(None)
    elif way == "reset":
        button.reset()
    else:
        button.start_cooldown(0)
    settle()
    button.emit("clicked")
    check(len(asked) == 1 and not slider.props.unlocked,
          f"after {way}: the slider is locked again and a second press asks nothing")
first, second = CodeGate.CountdownButton(), CodeGate.CountdownButton()
asked = []
for each in (first, second):
    each.connect("request", lambda _b, request: asked.append(request))
slider = slid(first, second)
first.emit("clicked")
second.emit("clicked")
asked[0].sent(0)
second.emit("clicked")
check(len(asked) == 1, "two buttons on one slider: one request for one slide")

# The app's own sensitivity composes with the button's state: what the app turned off stays
# off across toggles of `enabled`, a request and the end of a cooldown; turned on again, the
# button's own state decides.
window = Gtk.Window()
gated = CodeGate.CountdownButton()
window.set_child(gated)
window.present()
gated.connect("request", lambda _b, request: request.sent(1))
gated.set_sensitive(False)
gated.props.enabled = False
gated.props.enabled = True
check(not gated.get_sensitive(), "the app's set_sensitive(False) holds across enabled toggles")
gated.emit("clicked")
deadline = GLib.get_monotonic_time() + 5_000_000
while gated.props.phase != CodeGate.CountdownPhase.IDLE and GLib.get_monotonic_time() < deadline:
    GLib.MainContext.default().iteration(True)
check(gated.props.phase == CodeGate.CountdownPhase.IDLE and not gated.get_sensitive()
      and gated.get_state_flags() & Gtk.StateFlags.INSENSITIVE,
      "and across the end of a cooldown: insensitive, in its state flags too")
gated.set_sensitive(True)
check(gated.get_sensitive(), "the app's set_sensitive(True): ready, so sensitive")
gated.props.enabled = False
check(not gated.get_sensitive(), "the button's own gate still turns it insensitive")
gated.props.enabled = True
check(gated.get_sensitive(), "and back")
window.destroy()

# The slider's range is its own: GtkRange's setters are undone with a warning, and it still
# unlocks in ten steps.
for setter in ["set_range", "set_increments", "set_adjustment"]:
    slider = CodeGate.SlideToUnlock()
    if setter == "set_range":
        slider.set_range(0, 10)
    elif setter == "set_increments":
        slider.set_increments(50, 50)
    else:
        slider.set_adjustment(Gtk.Adjustment.new(0, 0, 10, 1, 1, 0))
    adjustment = slider.get_adjustment()
    check(adjustment.get_lower() == 0 and adjustment.get_upper() == 100 and adjustment.get_step_increment() == 10,
          f"{setter}: the range stays 0 to 100 in steps of 10")
    step(slider, 9)
    nine = slider.props.unlocked
    step(slider, 1)
    check(not nine and slider.props.unlocked, f"after {setter}, ten steps unlock it, nine do not")
slider = CodeGate.SlideToUnlock()
slider.set_value(95)
check(not slider.props.unlocked and slider.get_value() == 10, "set_value(95) is one step forward, as an AT's")
finish()
