// The GLib glue is part of what an app takes with the controls (`GLibTimerPort`,
// `Signal.connect`, `MainQueueSource`): `import CodeGateGtk` brings it, as before it moved into
// a target of its own that the GTK-free gateway shares.
@_exported import CodeGateGLib
