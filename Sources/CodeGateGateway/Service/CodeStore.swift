import CodeGateBase
import CodeGateService

/// What the gateway's rules (`LocalCodeService`) need of the place they keep their state:
/// one transaction per decision on a number, the key for code digests, each client's rate,
/// and a health check. `GatewayStore` is one, over SQLite in the state folder, and
/// `PostgresStore` another, on a server many gateways share; both decide under one policy
/// (`StoreRules`), each through its own driver's `StoreTransaction`.
@MainActor
package protocol CodeStore: AnyObject {
    /// Runs `decide` on `number`'s record, and on the reply kept under `replyKey` when there
    /// is one, in one transaction: what it leaves is written before anyone else decides on
    /// the number; on a throw nothing it chose is kept.
    /// `meters` name the meters `decide` may read and change (`Sending.meters`: budgets, the
    /// guard's counts, trust); a message it leaves in `Sending.message` goes into the outbox.
    /// Both are kept with the record, or neither. `challenge`, when the request brings one, is
    /// spent in the same transaction when `decide` sends a code (`StoreRules.update`).
    func update<Answer>(
        _ number: PhoneNumber, replyKey: String?, meters: [String], challenge: ChallengeSpend?,
        _ decide: (inout GatewayRecord?, inout GatewayReply?, inout Sending) -> Answer
    ) async throws(StateProblem) -> Answer
    /// The key code digests are made under.
    func codeKey() throws(StateProblem) -> [UInt8]
    /// Reads the machine's clocks as the store does: challenges expire on its wall clock.
    var moment: @MainActor () -> SystemMoment { get }
    /// Counts a request from `client` against `limit` a minute: nil when admitted, else the
    /// whole seconds until it would be.
    func admit(_ client: String, limit: Int) async throws(StateProblem) -> Int?
    /// Throws what a request would meet now.
    func check() async throws(StateProblem)
    /// What refuses every new number now, though the store can be used; nil when none does.
    func refusalOfNewNumbers() async throws(StateProblem) -> StateProblem?

    // The outbox: messages written by `update`, delivered after it committed, by whichever
    // gateway on the store claims each first.

    /// Deletes the messages whose code has expired, delivered or not: returns how many.
    func dropExpiredMessages() async throws(StateProblem) -> Int
    /// Claims the message due first — its next attempt reached, no other gateway's lease on it
    /// — for `lease`, in which no other gateway claims it; nil when none is due.
    func claimMessage(lease: Duration) async throws(StateProblem) -> OutboxMessage?
    /// Deletes message `id`: delivered, or given up.
    func finishMessage(_ id: String) async throws(StateProblem)
    /// Counts an attempt at message `id` and releases it for the next one in `delay`.
    func postponeMessage(_ id: String, by delay: Duration) async throws(StateProblem)
    /// The time until the first message is due (zero when one is), nil when the outbox is empty.
    func nextMessageDue() async throws(StateProblem) -> Duration?
    /// How many messages the outbox holds.
    func pendingMessages() async throws(StateProblem) -> Int
}

extension CodeStore {
    /// What refuses every new number now, though the store itself can be used: `.recovering`
    /// while a state started afresh stays closed, `.crowded` while every number it keeps still
    /// matters; nil when a new number would be taken. A store with neither limit has none.
    package func refusalOfNewNumbers() async throws(StateProblem) -> StateProblem? {
        nil
    }

    /// `update` with no meter, no message and no challenge.
    func update<Answer>(
        _ number: PhoneNumber, replyKey: String?, _ decide: (inout GatewayRecord?, inout GatewayReply?) -> Answer
    ) async throws(StateProblem) -> Answer {
        try await update(number, replyKey: replyKey, meters: [], challenge: nil) { record, reply, _ in
            decide(&record, &reply)
        }
    }
}
