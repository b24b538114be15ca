import CodeGateBase
import CodeGateService

/// What a transaction of `CodeStore.update` may do beyond the number's record: read and change
/// the meters it asked for (budgets, the guard's counts, trust), and put one message in the
/// outbox, all kept only if the transaction commits.
package struct Sending: Sendable {
    /// The transaction's moment on the wall clock, in nanoseconds since 1970: what the meters
    /// are read at.
    package let wall: Int64
    /// Each asked meter as read, nil when the store has none (or only an expired one); set one
    /// to change it, nil to forget it.
    package var meters: [String: Meter]
    /// A message to write to the outbox, with the lifetime of its code.
    package var message: (id: String, sms: SMSMessage, lifetime: Duration)?
    /// Whether the challenge the request brought was spent by another request (or expired
    /// meanwhile): then it may send nothing.
    package internal(set) var challengeSpentElsewhere = false
    /// Whether what was decided spends the request's challenge: set when a code is sent, so
    /// a request refused (its cooldown, a budget) leaves no spent challenge behind.
    package var spendsChallenge = false

    /// The meters as read at `wall`.
    package init(wall: Int64, meters: [String: Meter]) {
        self.wall = wall
        self.meters = meters
    }
}
