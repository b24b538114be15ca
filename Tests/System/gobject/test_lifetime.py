#!/usr/bin/python3
"""1000 controls created and destroyed in a shown window — some mid-countdown, some waiting
for a request's answer, some mid-glide — under G_DEBUG=fatal-criticals: no crash, no critical,
every control finalized, and no GLib source of theirs left on the main context afterwards
(their countdown, glide and timeout timers all removed)."""
from harness import CodeGate, GLib, Gtk, check, finish, settle, step, wait_until

CYCLES = 1000


def live_sources():
    """The ids of the sources attached to the default main context now: every id up to the
    newest is looked up."""
    context = GLib.MainContext.default()
    newest = GLib.idle_add(lambda: GLib.SOURCE_REMOVE)
    GLib.source_remove(newest)
    return {i for i in range(1, newest) if context.find_source_by_id(i) is not None}


Gtk.init()
window = Gtk.Window()
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
window.set_child(box)
window.present()
wait_until(lambda: window.get_mapped())

# One pair first: what the library installs once per process (its main-queue source) is not a
# leak of the controls that follow.
warm = CodeGate.CountdownButton()
box.append(warm)
settle()
box.remove(warm)
del warm
settle()
before = live_sources()

finalized = []
requests = []
for cycle in range(CYCLES):
    slider = CodeGate.SlideToUnlock()
    button = CodeGate.CountdownButton(slider=slider)
    slider.weak_ref(finalized.append, "slider")
    button.weak_ref(finalized.append, "button")
    box.append(slider)
    box.append(button)
    kind = cycle % 4
    if kind == 0:
        # Mid-countdown, with the fill drawn at the button's width.
        button.start_cooldown(60)
    elif kind == 1:
        # Waiting for the app's answer, its timeout armed.
        button.connect("request", lambda _b, request: requests.append((cycle, request)))
        step(slider, 10)
        button.emit("clicked")
        wait_until(lambda: requests and requests[-1][0] == cycle, 2)
    elif kind == 2:
        # Mid-glide: unlocked, then locked again, the thumb on its way back.
        step(slider, 10)
        slider.lock()
    else:
        # Part-way along the track.
        step(slider, 4)
    settle()
    box.remove(slider)
    box.remove(button)
    del slider, button
    settle()

check(len(requests) == CYCLES // 4, f"{CYCLES // 4} controls were destroyed waiting for an answer")
check(not any(request.props.pending for _, request in requests), "their requests are no longer pending")
check(all(request.get_cancellable().is_cancelled() for _, request in requests), "and their cancellables are cancelled")
# An answer to a request whose button is gone does nothing (a debug message only).
requests[0][1].sent(60)
requests[1][1].failed(None)
del requests
check(finalized.count("slider") == CYCLES and finalized.count("button") == CYCLES,
      f"all {CYCLES} sliders and buttons finalized ({finalized.count('slider')}, {finalized.count('button')})")
# The window goes too, and with it the frame clock's own paint source (GTK's, not a control's).
window.destroy()
settle()
left = live_sources() - before
names = [GLib.MainContext.default().find_source_by_id(i).get_name() for i in sorted(left)[:5]]
check(not left, f"no GLib source left behind ({len(left)} left, the first: {names})")
finish()
