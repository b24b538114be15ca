/// Where the view-models read the time and schedule their next visible change.
///
/// Instants are `ContinuousClock` instants: on Linux that clock reads `CLOCK_BOOTTIME`, which
/// keeps counting through a suspend and ignores changes to the wall clock, as a cooldown that a
/// server enforces does. The port is not a `Clock` itself, because a `Clock` waits with
/// `sleep`, and Swift's sleeps enqueue their wake-up on the global concurrent executor: its
/// first job starts libdispatch's worker pool, whose monitor timer then wakes the app once a
/// second for good. The app implements the port with GLib sources on the main loop; tests with
/// a clock that moves only when told.
@MainActor
public protocol TimerPort: AnyObject {
    /// The current instant.
    var now: ContinuousClock.Instant { get }

    /// Runs `action` once at `deadline`, or as soon as possible when it has passed. The port
    /// keeps `action` only until it runs or the returned timer is cancelled.
    func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer
}

/// One action a `TimerPort` will run, until cancelled.
@MainActor
public protocol ScheduledTimer: AnyObject {
    /// Drops the action if it has not run yet; does nothing afterwards.
    func cancel()
}
