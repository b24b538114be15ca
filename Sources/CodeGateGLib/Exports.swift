// A GLib declaration that both CGLib and CGtk (or CSoup) include is merged into one, which Swift
// files may then find only through CGLib: whoever takes this glue takes CGLib's names with it.
@_exported import CGLib
