/// Identifies one registration in an `ObserverList`, to remove it again.
package struct ObservationToken: Hashable, Sendable {
    fileprivate let id: Int
}

/// The callbacks to run when a view-model's visible state changes, or when something happens
/// to it. Observers hold an `Observation` that ends their registration, so a model may
/// outlive whatever shows it. Everything runs on the main actor: unlike an `AsyncStream`,
/// whose iterator hops to the global executor, delivering costs no thread and no wake-up.
@MainActor
public final class ObserverList<Value> {
    private var observers: [(token: ObservationToken, callback: @MainActor (Value) -> Void)] = []
    private var nextID = 0

    /// Creates an empty list.
    package init() {}

    /// Runs `callback` on every notification for as long as the returned observation is held
    /// and not cancelled.
    public func observe(_ callback: @escaping @MainActor (Value) -> Void) -> Observation {
        let token = add(callback)
        return Observation { [weak self] in self?.remove(token) }
    }

    /// Registers `callback` for as long as the list lives, for a model that owns the list's
    /// owner's lifetime; keep the token to remove it.
    @discardableResult
    package func add(_ callback: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        nextID += 1
        let token = ObservationToken(id: nextID)
        observers.append((token, callback))
        return token
    }

    /// Stops calling the callback registered under `token`.
    package func remove(_ token: ObservationToken) {
        observers.removeAll { $0.token == token }
    }

    /// Runs every registered callback with `value`, in the order they were added.
    package func notify(_ value: Value) {
        for observer in observers {
            observer.callback(value)
        }
    }
}

extension ObserverList where Value == Void {
    /// Runs every registered callback.
    package func notify() {
        notify(())
    }
}
