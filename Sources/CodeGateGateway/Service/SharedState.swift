import CodeGateBase

/// A shared database's state, opened: the store, and how this gateway hears of the messages
/// the others queue.
@MainActor
package struct SharedState {
    /// Watches `socket` on the main loop, running `readable` each time it has something to
    /// read or was closed; the closure it returns ends the watch.
    package typealias Watch = @MainActor (_ socket: Int32, _ readable: @escaping @MainActor () -> Void) -> (
        @MainActor () -> Void
    )

    /// The store every gateway on the database decides in.
    package let store: any CodeStore
    /// A listener that runs `changed` when another gateway changed the outbox, from its first
    /// `listen()` until `stop()`; its socket watched by `watch`, its retries timed by `timers`.
    package let outboxListener:
        @MainActor (_ timers: any TimerPort, _ watch: @escaping Watch, _ changed: @escaping @MainActor () -> Void) ->
            any OutboxListener

    /// The state of `store`, whose other gateways' messages `outboxListener` hears of.
    package init(
        store: any CodeStore,
        outboxListener:
            @escaping @MainActor (any TimerPort, @escaping Watch, @escaping @MainActor () -> Void) ->
            any OutboxListener
    ) {
        self.store = store
        self.outboxListener = outboxListener
    }
}
