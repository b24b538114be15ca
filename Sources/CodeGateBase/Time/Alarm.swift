/// At most one pending action of one owner on a `TimerPort`: setting it again replaces the
/// previous one, and it is cancelled when its owner lets go of it, so a view-model that goes
/// away leaves no source behind.
@MainActor
package final class Alarm {
    private let timers: any TimerPort
    private var pending: (any ScheduledTimer)?
    private var generation = 0

    /// An alarm on `timers`, not set.
    package init(timers: any TimerPort) {
        self.timers = timers
    }

    /// Whether an action is waiting to run.
    package var isSet: Bool { pending != nil }

    /// Runs `action` once at `deadline`, replacing whatever was set before.
    package func set(at deadline: ContinuousClock.Instant, _ action: @escaping @MainActor () -> Void) {
        cancel()
        generation += 1
        let setting = generation
        pending = timers.schedule(at: deadline) { [weak self] in
            // Cleared before the action runs, so the action may set the alarm again.
            if let self, self.generation == setting {
                self.pending = nil
            }
            action()
        }
    }

    /// Drops the pending action, if any.
    package func cancel() {
        pending?.cancel()
        pending = nil
    }

    deinit {
        UIThread.assume { cancel() }
    }
}
