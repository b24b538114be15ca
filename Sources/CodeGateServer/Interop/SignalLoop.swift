import CodeGateGLib

/// The GLib main loop of the default context, run until one of the given signals arrives, so
/// the gateway ends cleanly on SIGTERM or Ctrl+C.
@MainActor
enum SignalLoop {
    /// Runs the loop until `signals` (e.g. SIGTERM, SIGINT) ends it.
    static func run(until signals: [Int32]) {
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        // Each source stays until the loop has ended, then all are removed.
        let sources = UnixSignals.watch(signals) { g_main_loop_quit(loop) }
        g_main_loop_run(loop)
        sources.forEach { g_source_remove($0) }
    }
}
