/// Identifies one registration in an `ObserverList`, to remove it again.
public struct ObservationToken: Hashable, Sendable {
    fileprivate let id: Int
}

/// The callbacks to run when a view-model's visible state changes, or when a service delivers
/// something. Observers register here and remove themselves when they go away, so a model may
/// outlive whatever shows it. Everything runs on the main actor: unlike an `AsyncStream`,
/// whose iterator hops to the global executor, delivering costs no thread and no wake-up.
@MainActor
public final class ObserverList<Value> {
    private var observers: [(token: ObservationToken, callback: @MainActor (Value) -> Void)] = []
    private var nextID = 0

    /// Creates an empty list.
    public init() {}

    /// Registers `callback` to run on every change; keep the token to remove it.
    @discardableResult
    public func add(_ callback: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        nextID += 1
        let token = ObservationToken(id: nextID)
        observers.append((token, callback))
        return token
    }

    /// Stops calling the callback registered under `token`.
    public func remove(_ token: ObservationToken) {
        observers.removeAll { $0.token == token }
    }

    /// Runs every registered callback with `value`, in the order they were added.
    public func notify(_ value: Value) {
        for observer in observers {
            observer.callback(value)
        }
    }
}

extension ObserverList where Value == Void {
    /// Runs every registered callback.
    public func notify() {
        notify(())
    }
}
