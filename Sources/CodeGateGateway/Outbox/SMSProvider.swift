/// Where the outbox hands its messages: a webhook, a command, or a test's fake. One call is one
/// attempt; the courier decides what follows.
@MainActor
package protocol SMSProvider: AnyObject {
    /// Tries once to hand `message` over, within the provider's own time limit.
    func deliver(_ message: OutboxMessage) async -> DeliveryOutcome
}

/// What one attempt at delivering a message came to.
package enum DeliveryOutcome: Equatable, Sendable {
    /// Taken: the provider answered 2xx (or the command exited 0).
    case delivered
    /// Not taken, worth another try: a timeout, no connection, a 5xx, a 429 (with the wait its
    /// `Retry-After` asked for, if any), a command that failed. `reason` labels `/metrics`.
    case retry(reason: String, after: Duration?)
    /// Refused for good (a 4xx other than 429): the message is given up.
    case rejected(reason: String)
}

/// What the courier tells its observers (`/metrics`).
package enum CourierEvent: Equatable, Sendable {
    /// A message was delivered.
    case delivered
    /// An attempt failed and another is scheduled.
    case retried(reason: String)
    /// Messages given up: `expired` (their code expired first) or `rejected`.
    case gaveUp(reason: String, count: Int)
}
