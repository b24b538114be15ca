import CSoup
import CodeGateCore

/// The gateway's `TimerPort`: GLib timeouts on the default main context, each removed once it
/// has run or been cancelled. The gateway's service waits on it only for a simulated latency,
/// so the suspend-aware boot-clock timer of the app's `GLibTimerPort` is not needed here.
@MainActor
final class GLibTimeoutPort: TimerPort {
    var now: ContinuousClock.Instant { .now }

    func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer {
        let timer = GLibTimeout()
        let delay = max(.zero, ContinuousClock.now.duration(to: deadline))
        let milliseconds = guint(clamping: (delay + .nanoseconds(999_999)).wholeNanoseconds / 1_000_000)
        timer.sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            MainActor.assumeIsolated {
                guard let (timer, action) = CallbackBox<(GLibTimeout, @MainActor () -> Void)>.unbox(data) else { return }
                // Cleared first: the source is gone once this returns.
                timer.sourceID = 0
                action()
            }
            return 0 // G_SOURCE_REMOVE
        }, CallbackBox.retain((timer, action)), releaseCallbackBox)
        return timer
    }
}

/// One timeout of a `GLibTimeoutPort`.
@MainActor
private final class GLibTimeout: ScheduledTimer {
    /// The GLib source, 0 once it has run or been cancelled.
    var sourceID: guint = 0

    func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}
