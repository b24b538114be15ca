import CodeGateGLib

/// The GLib main loop of the default context, run until one of the given signals arrives and
/// the server has stopped cleanly, so the gateway ends well on SIGTERM or Ctrl+C.
@MainActor
enum SignalLoop {
    /// Runs the loop until the first of `signals` (e.g. SIGTERM, SIGINT) has `stopping` end
    /// the work in hand — it calls its argument when done — or `deadline` has passed since,
    /// or a second signal arrives.
    static func run(
        until signals: [Int32], deadline: Duration,
        stopping: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void
    ) {
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        var stopped = false
        var timer: guint = 0
        // Each source stays until the loop has ended, then all are removed.
        let sources = UnixSignals.watch(signals) {
            guard !stopped else { return g_main_loop_quit(loop) }
            stopped = true
            timer = g_timeout_add_full(
                G_PRIORITY_DEFAULT, guint(deadline.components.seconds * 1000),
                { data in
                    MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
                    return 0
                },
                ClosureBox.retain(
                    {
                        timer = 0
                        g_main_loop_quit(loop)
                    } as @MainActor () -> Void), releaseClosureBox)
            stopping { g_main_loop_quit(loop) }
        }
        g_main_loop_run(loop)
        for source in sources { g_source_remove(source) }
        if timer != 0 { g_source_remove(timer) }
    }
}
