import CodeGateBase
import CGLib

/// Unix signals such as SIGTERM as ordinary work on the GLib main loop: GLib turns each into a
/// source (`g_unix_signal_add_full`), so the action runs on the main thread between events, not
/// inside a signal handler, and may quit the app or the gateway cleanly.
@MainActor
package enum UnixSignals {
    /// Runs `action` on the main loop each time one of `signals` arrives; returns the sources,
    /// which stay until removed (`g_source_remove`) or the process ends.
    @discardableResult
    package static func watch(_ signals: [Int32], _ action: @escaping @MainActor () -> Void) -> [guint] {
        signals.map { signal in
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
                return 1 // G_SOURCE_CONTINUE
            }, ClosureBox.retain(action), releaseClosureBox)
        }
    }
}
