#if canImport(Glibc)
import Glibc
#endif

/// A clock the view-models and services read "now" from and wait on, so every rule about time
/// can be tested with a clock that a test moves by hand.
///
/// Readings are offsets from an arbitrary origin; only differences between two readings of the
/// same source mean anything.
public protocol TimeSource: Sendable {
    /// The current reading.
    func now() -> Duration
    /// Suspends for `duration` on this clock; throws `CancellationError` if the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `CLOCK_BOOTTIME`, which never goes back, ignores changes to the wall clock and,
/// unlike GLib's monotonic clock, keeps counting while the machine is suspended — a cooldown that
/// a server enforces keeps running through a suspend, so the countdown must too.
public struct BootClock: TimeSource {
    /// Creates the clock; it has no state.
    public init() {}

    public func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration, clock: .continuous)
    }
}
