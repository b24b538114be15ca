#!/usr/bin/python3
"""A stand-in desktop notification service for Tests/System/notification/run: owns
org.freedesktop.Notifications on the session bus and appends each call it gets to the log file
named on its command line, one line each ("notify ID BODY", "close ID"), flushed at once."""
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
  </interface>
</node>
"""

log = open(sys.argv[1], "a", buffering=1)
last_id = 0


def call(connection, sender, path, interface, method, parameters, invocation):
    global last_id
    if method == "Notify":
        replaces = parameters[1]
        last_id = replaces or last_id + 1
        log.write(f"notify {last_id} {parameters[4]}\n")
        invocation.return_value(GLib.Variant("(u)", (last_id,)))
    elif method == "CloseNotification":
        log.write(f"close {parameters[0]}\n")
        invocation.return_value(None)
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body"],)))
    else:
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "codegate", "1", "1.2")))


bus = Gio.bus_get_sync(Gio.BusType.SESSION)
node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
bus.register_object("/org/freedesktop/Notifications", node.interfaces[0], call)
loop = GLib.MainLoop()
Gio.bus_own_name_on_connection(bus, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE,
                               lambda *_: log.write("ready\n"), lambda *_: loop.quit())
loop.run()
