import CodeGateBase
import CGLib

/// One call at the next idle moment of GTK's main loop, owned by whoever holds it: scheduling
/// again while one waits does nothing, and `cancel()` (in its owner's dispose) removes the
/// source, so the call never reaches an object that is gone.
@MainActor
package final class IdleCall {
    private var source: guint = 0

    package init() {}

    /// Runs `action` once at the next idle moment, unless a call already waits.
    package func schedule(_ action: @escaping @MainActor () -> Void) {
        guard source == 0 else { return }
        let fired: @MainActor () -> Void = { [weak self] in
            self?.source = 0
            action()
        }
        source = g_idle_add_full(G_PRIORITY_HIGH_IDLE, { data in
            UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
            return 0  // G_SOURCE_REMOVE
        }, ClosureBox.retain(fired), releaseClosureBox)
    }

    /// Removes the waiting call, if any.
    package func cancel() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }
}
