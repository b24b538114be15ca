/// Hears of the messages other gateways on a shared state queue, postpone or finish, so that
/// this gateway's courier makes a pass for them (`SharedState.outboxListener`).
@MainActor
package protocol OutboxListener: AnyObject {
    /// Listens, unless it does already, waits to try again, or was stopped.
    func listen()
    /// Stops listening for good.
    func stop()
}
