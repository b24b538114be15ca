import Synchronization

/// A clock that moves only when told to: for tests and previews that need exact instants
/// without sleeping.
public final class ManualClock: TimeSource {
    private let reading: Mutex<Duration>

    /// Creates a clock that reads `start` until it is advanced.
    public init(start: Duration = .seconds(1000)) {
        reading = Mutex(start)
    }

    public func now() -> Duration {
        reading.withLock { $0 }
    }

    /// Moves the clock forward (or, to model a broken clock, back) by `delta`.
    public func advance(by delta: Duration) {
        reading.withLock { $0 += delta }
    }
}
