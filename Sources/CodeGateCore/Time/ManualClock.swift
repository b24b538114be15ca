import Synchronization

/// A clock that moves only when told to: for tests and previews that need exact instants
/// without sleeping. Tasks sleeping on it wake when `advance(by:)` passes their deadline.
public final class ManualClock: TimeSource {
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration
        var sleepers: [Sleeper] = []
        var nextID = 0
        var cancelled: Set<Int> = []
    }

    private let state: Mutex<State>

    /// Creates a clock that reads `start` until it is advanced.
    public init(start: Duration = .seconds(1000)) {
        state = Mutex(State(now: start))
    }

    public func now() -> Duration {
        state.withLock { $0.now }
    }

    /// How many tasks are sleeping on this clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Moves the clock forward (or, to model a broken clock, back) by `delta` and wakes the
    /// sleepers whose deadline it reached.
    public func advance(by delta: Duration) {
        let due = state.withLock { state in
            state.now += delta
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let verdict: (any Error)?? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .some(CancellationError()) }
                    if duration <= .zero { return .some(nil) }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    return .none
                }
                switch verdict {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil as Sleeper?
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
