import CGtk

/// A single pending wake-up on the GLib main loop, re-armed for each change that is due.
///
/// The closure is owned by the GLib source and released by its destroy notify; the source id is
/// cleared before the callback runs, so `cancel()` never removes a source that is already gone.
@MainActor
final class OneShotTimer {
    private final class Box {
        weak var timer: OneShotTimer?
        let action: @MainActor () -> Void
        init(timer: OneShotTimer, action: @escaping @MainActor () -> Void) {
            self.timer = timer
            self.action = action
        }
    }

    /// The pending GLib source, 0 when none.
    private(set) var sourceID: guint = 0

    /// Runs `action` once after `delay` (rounded up to the millisecond, so never early),
    /// replacing any pending wake-up.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        cancel()
        let (seconds, attoseconds) = delay.components
        let milliseconds = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        let box = Unmanaged.passRetained(Box(timer: self, action: action)).toOpaque()
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: milliseconds), { data in
            MainActor.assumeIsolated {
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                box.timer?.sourceID = 0
                box.action()
            }
            return 0 // G_SOURCE_REMOVE
        }, box) { data in
            data.map { Unmanaged<Box>.fromOpaque($0).release() }
        }
    }

    /// Drops the pending wake-up, if any.
    func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }

    isolated deinit {
        cancel()
    }
}
