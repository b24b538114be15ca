import CSoup
import Glibc

/// The GLib main loop of the default context, run until one of the given signals arrives:
/// GLib turns each into a source on the loop (`g_unix_signal_add_full`), so the handler is
/// ordinary code on the main thread, not a signal handler, and the loop ends cleanly.
enum SignalLoop {
    /// Runs the loop until `signals` (e.g. SIGTERM, SIGINT) ends it.
    static func run(until signals: [Int32]) {
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        // Each source stays until the loop has ended, then all are removed.
        let stop: GSourceFunc = { data in
            g_main_loop_quit(OpaquePointer(data))
            return 1 // G_SOURCE_CONTINUE
        }
        let sources = signals.map { g_unix_signal_add_full(G_PRIORITY_DEFAULT, $0, stop, UnsafeMutableRawPointer(loop), nil) }
        g_main_loop_run(loop)
        sources.forEach { g_source_remove($0) }
    }
}
