#!/usr/bin/python3
"""Misuse that must not stop the process, run without G_DEBUG=fatal-criticals: an answer from a
worker thread, a second answer, and a call on a disposed button. Each logs one critical naming the C function
and returns; the process goes on and the button still works from the GTK thread.
Tests/System/gobject/run checks the stderr lines and the exit status."""
import threading

from harness import CodeGate, Gtk, check, finish, settle, wait_until

Gtk.init()
button = CodeGate.CountdownButton()
requests = []
button.connect("request", lambda _b, request: requests.append(request))
button.emit("clicked")
check(wait_until(lambda: requests), "a request")

# From a worker thread, as a Python app's blocking HTTP call would answer.
worker = threading.Thread(target=lambda: requests[0].sent(60))
worker.start()
worker.join()
settle()
check(requests[0].props.pending and button.props.phase == CodeGate.CountdownPhase.SENDING,
      "the answer from a worker thread was refused: the request still waits")
requests[0].sent(60)
settle()
check(button.props.seconds_left == 60, "answered on the GTK thread, it counts down 60 s")
requests[0].sent(5)
check(button.props.seconds_left == 60, "answered twice: the second answer changes nothing")

# On a disposed button.
button.run_dispose()
button.reset()
check(True, "reset on a disposed button returned")
finish()
