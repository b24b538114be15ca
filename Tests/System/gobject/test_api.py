#!/usr/bin/python3
"""The GObject API of libcodegate-1 from Python, driven by the widgets' own signals (a → press
is GtkRange's move-slider, a click the button's own clicked): one widget per control, defaults,
properties and their notify, the request cycle with its CodeGateRequest (sent, failed,
refused, timed out, a late answer left to its own request), the longest cooldown, the gate and
the slider, GtkBuilder. Run under Xvfb with G_DEBUG=fatal-criticals and the staged install."""
import os
from collections import Counter

from harness import CodeGate, GLib, GObject, Gtk, check, finish, settle, step, wait_until


def threads():
    """The names of the process's threads: a Swift task on the global executor would start
    libdispatch's worker pool (and its 1 Hz timer), which shows here."""
    return sorted(open(f"/proc/self/task/{task}/comm").read().strip() for task in os.listdir("/proc/self/task"))


Gtk.init()
slider = CodeGate.SlideToUnlock()
button = CodeGate.CountdownButton()

# Defaults: the controls' words in the source language (the test runs under C.UTF-8).
check(button.props.idle_text == "获取验证码", "idle-text defaults to 获取验证码")
check(button.props.label_format == "获取验证码({s})", "label-format defaults to 获取验证码({s})")
check(button.props.sending_text == "发送中…", "sending-text defaults to 发送中…")
check(button.props.request_timeout == 10, "request-timeout defaults to 10 s")
check(button.props.enabled and button.props.slider is None, "enabled, no slider by default")
check(button.props.phase == CodeGate.CountdownPhase.IDLE and not button.props.counting, "idle at first")
check(slider.props.hint == "滑动解锁/获取验证码" and not slider.props.unlocked, "slider locked, with its hint")
check(slider.props.note is None and slider.get_note() is None, "note is NULL by default")
check(slider.get_css_name() == "slide-to-unlock" and button.get_css_name() == "button", "CSS names: slide-to-unlock, button")
# One widget per control: the button is the GtkButton, with its class and role on itself.
check(isinstance(button, Gtk.Button) and not isinstance(button.get_first_child(), Gtk.Button),
      f"the button is a GtkButton whose first child is no other button ({type(button.get_first_child()).__name__})")
check(button.has_css_class("countdown-button") and button.get_accessible_role() == Gtk.AccessibleRole.BUTTON,
      "the style class countdown-button and the role BUTTON are on the button itself")
check(slider.has_css_class("slide-to-unlock") and isinstance(slider, Gtk.Scale)
      and slider.get_accessible_role() == Gtk.AccessibleRole.SLIDER,
      "the slider is a GtkScale itself, with the style class slide-to-unlock and the role SLIDER")
check(slider.get_first_child().get_css_name() == "trough" and isinstance(slider.get_last_child(), Gtk.Label),
      "its children: the scale's trough, then the hint")
check(GObject.signal_lookup("unlocked", CodeGate.SlideToUnlock) == 0, "the slider has no unlocked signal, only the property")
check(CodeGate.LONGEST_COOLDOWN == 86400, "CODEGATE_LONGEST_COOLDOWN is 86400")

# Texts: set by property or setter, read back by both, notified once per change.
notified = []
slider.connect("notify::hint", lambda *_: notified.append("hint"))
slider.set_hint("Slide")
slider.props.hint = "Slide"
check(slider.get_hint() == "Slide" and notified == ["hint"], "set_hint: read back, notified once")
slider.props.note = "Again, please"
check(slider.get_note() == "Again, please", "note set")
slider.set_note(None)
check(slider.props.note is None, "note back to NULL")
button.props.label_format = "{ss}s重新发送"
check(button.get_label_format() == "{ss}s重新发送", "label-format set")
button.props.label_format = "no placeholder"
check(button.props.label_format == "{ss}s重新发送", "an invalid label-format is refused, the old one kept")
button.props.label_format = "获取验证码({s})"
button.props.idle_text = ""
check(button.props.idle_text == "获取验证码", "an empty idle-text is refused, the old one kept")

window = Gtk.Window()
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
box.append(slider)
box.append(button)
window.set_child(box)
window.present()
wait_until(lambda: button.get_mapped())
threads_before = threads()
check(button.grab_focus() and window.get_focus() is button, "grab_focus on the button focuses it")
check(slider.grab_focus() and window.get_focus() is slider, "grab_focus on the slider focuses it")

# The track's hint and the ring follow the keyboard: the focus arriving while the window shows
# focus brings the focused hint and the style class keyboard-ring; GTK 4.8 stops showing focus
# 3 s after a key, which must take neither away from someone pressing keys slowly. (Keys and
# pointer presses themselves: Tests/System/controls-a11y/run, Tests/System/contrast/run.)
hint_label = slider.get_last_child()
button.grab_focus()
window.set_focus_visible(False)
slider.grab_focus()
settle()
check(hint_label.get_text() == "Slide" and not slider.has_css_class("keyboard-ring"),
      "focused, focus not shown: the track shows the hint, no ring")
button.grab_focus()
window.set_focus_visible(True)
slider.grab_focus()
settle()
check(hint_label.get_text() == slider.props.focused_hint and slider.has_css_class("keyboard-ring"),
      f"focused while focus is shown: focused-hint and the ring ({hint_label.get_text()!r})")
window.set_focus_visible(False)
settle()
check(hint_label.get_text() == slider.props.focused_hint and slider.has_css_class("keyboard-ring"),
      f"focus-visible off again, still focused: both stay ({hint_label.get_text()!r})")
button.grab_focus()
settle()
check(not slider.has_css_class("keyboard-ring"), "the focus gone: the ring's class too")
slider.grab_focus()


# The gate: with a slider, the button waits for the slide.
events = []
requests = []
button.connect("request", lambda _b, request: (events.append("request"), requests.append(request)))
button.connect("cooldown-finished", lambda _b: events.append("cooldown-finished"))
button.connect("sent", lambda _b, seconds: events.append(("sent", seconds)))
kinds = []
button.connect("failed", lambda b, message: (events.append(("failed", message)), kinds.append(b.props.failure_kind)))
timeouts = []
button.connect("failed::timed-out", lambda _b, message: timeouts.append(message))
slider.connect("notify::unlocked", lambda s, _p: s.props.unlocked and events.append("unlocked"))
# `counting`, notified once at each change, with the style class beside it: while counting the
# button stays sensitive (it keeps the focus), so neither `sensitive` nor CSS `:disabled` says so.
counting_seen = []
button.connect("notify::counting", lambda b, _p: counting_seen.append((b.props.counting, b.has_css_class("counting"))))
button.props.slider = slider
check(button.get_slider() is slider, "slider set")
check(not button.get_sensitive(), "with a locked slider the button is insensitive")
button.emit("clicked")
settle()
check("request" not in events, "a click before the slide requests nothing")
step(slider, 9)
check(not slider.props.unlocked, "nine steps do not unlock")
step(slider)
check(slider.props.unlocked and events == ["unlocked"], "the tenth step unlocks, once")
check(button.get_sensitive(), "unlocked, the button is sensitive")

# The request cycle: sent.
answers = {"mode": "later"}


def answer_now(_source, request):
    if answers["mode"] == "failed":
        request.failed("服务器错误")
    elif answers["mode"] == "refused":
        request.refused(5, "请稍后再试")
    elif answers["mode"] == "refused-unworded":
        request.refused(7, None)
    elif answers["mode"] == "refused-none-left":
        request.refused(0, None)
    elif answers["mode"] == "failed-unworded":
        request.failed(None)


button.connect("request", answer_now)
button.emit("clicked")
check(wait_until(lambda: "request" in events), "a click emits request")
check(button.props.phase == CodeGate.CountdownPhase.SENDING, "phase: sending")
check(not button.get_counting() and not button.has_css_class("counting") and counting_seen == [], "sending: not counting")
check(isinstance(requests[-1], CodeGate.Request) and requests[-1].props.pending, "the request is a pending CodeGate.Request")
# The words the button draws: its overlay's last child holds the invisible sizing label and,
# last, the inscription that shows them.
shown_words = button.get_child().get_last_child().get_last_child()
check(isinstance(shown_words, Gtk.Inscription) and shown_words.get_text() == "发送中…", "the label says 发送中…")
requests[-1].sent(3)
settle()
check(button.props.phase == CodeGate.CountdownPhase.COUNTING and button.props.counting, "sent: counting")
check(button.get_counting() and counting_seen == [(True, True)],
      f"sent: notify::counting once, the class counting set with it ({counting_seen})")
check(button.get_sensitive(), "counting: still sensitive, to keep the focus")
check(button.props.seconds_left == 3 and ("sent", 3) in events, "sent(3): 3 s left, sent signal")
check(shown_words.get_text() == "获取验证码(3)", "the label counts: 获取验证码(3)")
check(not requests[-1].props.pending and not requests[-1].get_cancellable().is_cancelled(),
      "answered: no longer pending, its cancellable not cancelled")
check(wait_until(lambda: button.props.seconds_left == 2), "a second later: 2 s left")
check(wait_until(lambda: "cooldown-finished" in events), "the cooldown finishes")
check(button.props.phase == CodeGate.CountdownPhase.IDLE and button.props.fraction == 0, "idle again")
check(counting_seen == [(True, True), (False, False)] and not button.has_css_class("counting"),
      f"the cooldown's end: notify::counting once more, the class cleared ({counting_seen})")
check(not slider.props.unlocked, "the end of the cooldown locks the slider again")

# Failed, answered inside the request handler itself.
events.clear()
answers["mode"] = "failed"
step(slider, 10)
button.emit("clicked")
check(wait_until(lambda: ("failed", "服务器错误") in events), "request_failed: failed with the app's message")
check(kinds[-1] == CodeGate.FailureKind.FAILED, "request_failed: its kind is FAILED")
check(button.props.phase == CodeGate.CountdownPhase.IDLE and not slider.props.unlocked, "failed: idle, slider locked")
check(not button.props.counting and len(counting_seen) == 2 and not button.has_css_class("counting"),
      "failed: never counting, nothing notified")

# Refused: the server's cooldown counts down.
events.clear()
answers["mode"] = "refused"
step(slider, 10)
button.emit("clicked")
check(wait_until(lambda: ("failed", "请稍后再试") in events), "request_refused: failed with the server's message")
check(button.props.seconds_left == 5 and button.props.counting, "refused(5): counts down 5 s")
check(kinds[-1] == CodeGate.FailureKind.REFUSED, "refused(5): its kind is REFUSED")
button.reset()
check(button.props.phase == CodeGate.CountdownPhase.IDLE and "cooldown-finished" in events, "reset: idle, cooldown-finished")
check(counting_seen[2:] == [(True, True), (False, False)], f"refused(5), then reset: counting set, then cleared ({counting_seen[2:]})")

# Unworded answers (NULL): the controls' own words, which for a refusal say when to try again,
# not that a code was sent.
for mode, seconds, words in (("refused-unworded", 7, "请 7 秒后再试"), ("failed-unworded", 0, "发送失败，请重试"),
                              ("refused-none-left", 0, "发送失败，请重试")):
    events.clear()
    answers["mode"] = mode
    step(slider, 10)
    button.emit("clicked")
    check(wait_until(lambda: any(isinstance(e, tuple) and e[0] == "failed" for e in events)), f"{mode}: failed")
    check(("failed", words) in events and button.props.seconds_left == seconds,
          f"{mode}: the failed signal says {words!r}, {seconds} s left ({events}, {button.props.seconds_left} s)")
    button.reset()

# No answer: the timeout fails it with the controls' words and cancels the request's
# cancellable; a late answer to it is ignored, even while the next request waits.
events.clear()
answers["mode"] = "later"
button.props.request_timeout = 1
step(slider, 10)
button.emit("clicked")
check(wait_until(lambda: any(isinstance(e, tuple) and e[0] == "failed" for e in events)), "no answer: failed")
check(("failed", "请求超时，请重试") in events and kinds[-1] == CodeGate.FailureKind.TIMED_OUT
      and timeouts == ["请求超时，请重试"],
      "the timeout's message is the controls' own; its kind is TIMED_OUT, heard by failed::timed-out alone")
first = requests[-1]
check(not first.props.pending and first.get_cancellable().is_cancelled(), "timed out: not pending, its cancellable cancelled")
events.clear()
button.props.request_timeout = 10
step(slider, 10)
button.emit("clicked")
check(wait_until(lambda: "request" in events) and requests[-1] is not first, "a second request")
second = requests[-1]
first.sent(60)
settle()
check(second.props.pending and button.props.phase == CodeGate.CountdownPhase.SENDING and not any(
    isinstance(e, tuple) for e in events), "the first request's late answer is ignored, the second still waits")
second.sent(60)
settle()
check(button.props.seconds_left == 60 and ("sent", 60) in events, "the second request's own answer counts: 60 s")
button.reset()
check(not second.props.pending, "reset: the answered request stays answered")

# The longest cooldown: sent's value is what is counted, for 0, 1, the ceiling and 2^32-1.
for given, counted in ((0, 0), (1, 1), (86400, 86400), (2**32 - 1, 86400)):
    events.clear()
    step(slider, 10)
    button.emit("clicked")
    wait_until(lambda: "request" in events)
    requests[-1].sent(given)
    settle()
    sent = [e[1] for e in events if isinstance(e, tuple) and e[0] == "sent"]
    check(sent == [counted] and button.props.seconds_left == counted,
          f"sent({given}): the sent signal says {sent}, {button.props.seconds_left} s counted, both {counted}")
    button.reset()
# A refusal longer than the ceiling: its words and its countdown say the ceiling.
events.clear()
step(slider, 10)
button.emit("clicked")
wait_until(lambda: "request" in events)
requests[-1].refused(2**32 - 1, None)
settle()
check(("failed", "请 86400 秒后再试") in events and button.props.seconds_left == 86400,
      f"refused(2^32-1): words and countdown say 86400 ({events}, {button.props.seconds_left})")
button.reset()
button.start_cooldown(2**32 - 1)
check(button.props.seconds_left == 86400, "start_cooldown(2^32-1) counts the ceiling")
button.reset()

# The app's gate, and no slider.
button.props.slider = None
check(button.props.slider is None and button.get_sensitive(), "no slider: the button is sensitive")
button.props.enabled = False
check(not button.get_sensitive(), "enabled = FALSE: insensitive")
button.props.enabled = True
button.start_cooldown(30)
check(button.props.seconds_left == 30 and 0 <= button.props.fraction < 1, "start_cooldown(30)")
button.reset()

# GtkBuilder: both by class name (registered when the library loaded), the slider by reference.
builder = Gtk.Builder.new_from_string("""<interface>
  <object class="GtkBox" id="box">
    <child><object class="CodeGateSlideToUnlock" id="slider"><property name="hint">Slide me</property></object></child>
    <child><object class="CodeGateCountdownButton" id="button">
      <property name="slider">slider</property><property name="request-timeout">3</property>
    </object></child>
  </object>
</interface>""", -1)
built = builder.get_object("button")
check(built.props.slider is builder.get_object("slider") and built.props.request_timeout == 3, "GtkBuilder: slider by reference")
check(builder.get_object("slider").props.hint == "Slide me", "GtkBuilder: a text property")

# Only new threads count: an idle GLib pool worker may end meanwhile.
started = Counter(threads()) - Counter(threads_before)
check(not started, f"the request cycles started no thread (new: {sorted(started.elements())})")
window.destroy()

# The controls leave the window alone: no focus-visible handler on it, mapped or not.
notify_id, focus_visible = GObject.signal_lookup("notify", Gtk.Window), GLib.quark_from_string("focus-visible")


def watched(root):
    return GObject.signal_has_handler_pending(root, notify_id, focus_visible, True)


other, other_box, guest = Gtk.Window(), Gtk.Box(), CodeGate.SlideToUnlock()
other.set_child(other_box)
other.present()
check(wait_until(lambda: other_box.get_mapped()) and not watched(other), "a window without a slider: no focus-visible handler")
other_box.append(guest)
check(wait_until(lambda: guest.get_mapped()) and not watched(other), "a slider mapped in it: still none")
other.destroy()
finish()
