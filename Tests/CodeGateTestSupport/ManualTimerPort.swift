import CodeGateBase
import CodeGateCore

/// A `TimerPort` whose clock moves only when a test says so: `advance(by:)` runs every action
/// that falls due on the way, each at its own instant, so a test sees exactly what a user would
/// at those moments without sleeping.
@MainActor
public final class ManualTimerPort: TimerPort {
    private final class Entry: ScheduledTimer {
        let deadline: ContinuousClock.Instant
        let order: Int
        var action: (@MainActor () -> Void)?

        init(deadline: ContinuousClock.Instant, order: Int, action: @escaping @MainActor () -> Void) {
            self.deadline = deadline
            self.order = order
            self.action = action
        }

        func cancel() {
            action = nil
        }
    }

    public private(set) var now: ContinuousClock.Instant
    private var entries: [Entry] = []
    private var scheduled = 0

    /// A port whose clock reads a fixed instant until it is advanced.
    public init() {
        now = ContinuousClock.now
    }

    public func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledTimer
    {
        scheduled += 1
        let entry = Entry(deadline: deadline, order: scheduled, action: action)
        entries.append(entry)
        return entry
    }

    /// How many actions are waiting to run.
    public var pendingCount: Int {
        entries.removeAll { $0.action == nil }
        return entries.count
    }

    /// The instant of the next pending action, if any.
    public var nextDeadline: ContinuousClock.Instant? {
        entries.filter { $0.action != nil }.map(\.deadline).min()
    }

    /// Moves the clock forward by `delta`, running each action that falls due at its deadline,
    /// in deadline order (and in scheduling order for equal deadlines); actions scheduled by
    /// those actions run too when they fall due before the end.
    public func advance(by delta: Duration) {
        let end = now + delta
        while true {
            entries.removeAll { $0.action == nil }
            guard let entry = entries.filter({ $0.deadline <= end })
                .min(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) }) else { break }
            now = max(now, entry.deadline)
            let action = entry.action
            entry.action = nil
            action?()
        }
        now = max(now, end)
    }

    /// Lets other main-actor tasks run until `condition` holds. Bounded: gives up after a
    /// generous number of turns, and the test's expectations then fail.
    public func yield(until condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() {
            await Task.yield()
        }
    }
}
