/// Identifies one registration in an `ObserverList`, to remove it again.
public struct ObservationToken: Hashable, Sendable {
    fileprivate let id: Int
}

/// The callbacks to run when a view-model's visible state changes. Widgets register here and
/// remove themselves when they are destroyed, so a model may outlive the widgets showing it.
@MainActor
public final class ObserverList {
    private var observers: [(token: ObservationToken, callback: @MainActor () -> Void)] = []
    private var nextID = 0

    /// Creates an empty list.
    public init() {}

    /// Registers `callback` to run on every change; keep the token to remove it.
    @discardableResult
    public func add(_ callback: @escaping @MainActor () -> Void) -> ObservationToken {
        nextID += 1
        let token = ObservationToken(id: nextID)
        observers.append((token, callback))
        return token
    }

    /// Stops calling the callback registered under `token`.
    public func remove(_ token: ObservationToken) {
        observers.removeAll { $0.token == token }
    }

    /// Runs every registered callback, in the order they were added.
    public func notify() {
        for observer in observers {
            observer.callback()
        }
    }
}
