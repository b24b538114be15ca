import CodeGateBase
import CodeGateService

/// One transaction of a store's driver — SQLite's (`GatewayStore`), PostgreSQL's
/// (`PostgresStore`) — as the gateway's rules see it: the rows they read and write, typed, each
/// driver in its own SQL. The rules themselves are written once, over any driver
/// (`StoreRules.update`): a new backend is one more driver.
@MainActor
package protocol StoreTransaction {
    /// What a failed statement throws; the driver says what it means for users.
    associatedtype Failure: Error

    /// The machine's clocks, read once the transaction held what it decides under: a decision
    /// made after another gateway's commit is stamped after it too.
    var now: SystemMoment { get }

    /// The whole seconds the store stays closed, after its state was started afresh and the
    /// cooldowns it held were lost; nil when it is open.
    func closedTime() async throws(Failure) -> Int?
    /// Forgets the numbers no rule needs any more (`GatewayRecord.isKept`), but `number`.
    func prune(except number: PhoneNumber) async throws(Failure)
    /// Nil when there is room for one more number; else the seconds until there is.
    func waitForRoom() async throws(Failure) -> Int?

    /// The row kept for `number`, if any, and the record it holds: nil when it holds none.
    func record(of number: PhoneNumber) async throws(Failure) -> (exists: Bool, record: GatewayRecord?)
    /// Writes `record` as `number`'s.
    func save(_ record: GatewayRecord, for number: PhoneNumber) async throws(Failure)
    /// Removes `number`'s row.
    func delete(_ number: PhoneNumber) async throws(Failure)

    /// The reply kept under idempotency key `key`, if any.
    func reply(for key: String) async throws(Failure) -> GatewayReply?
    /// Keeps `reply` under `key`, or removes what is kept there when it is nil.
    func store(_ reply: GatewayReply?, for key: String) async throws(Failure)

    /// Each of `names`' meters as kept, but those expired at `now`: on a store many gateways
    /// share, locked until the transaction ends, so that two never both spend the last of a budget.
    func meters(_ names: [String]) async throws(Failure) -> [String: Meter]
    /// Writes the meters of `meters` that differ from `read`, and forgets those of `read` it
    /// no longer holds.
    func write(_ meters: [String: Meter], over read: [String: Meter]) async throws(Failure)
    /// Spends `challenge` for its request: false when another request spent it (a retry
    /// under the same key is the same request, and may). Two transactions spending one
    /// challenge meet on its row: the second sees the first's once it committed. Asked last,
    /// once every lock the decision needs is held, so the second waits holding nothing the
    /// first needs.
    func spend(_ challenge: ChallengeSpend) async throws(Failure) -> Bool
    /// Whether another request spent `challenge` (not a retry under its key), as committed
    /// now: asked of a request that sends nothing, which spends nothing either, so that a
    /// replay is still told as one.
    func hasSpent(_ challenge: ChallengeSpend) async throws(Failure) -> Bool
    /// Writes `sms` to the outbox under `id`, due at once, valid for `lifetime`.
    func enqueue(_ sms: SMSMessage, id: String, lifetime: Duration) async throws(Failure)

    /// Tells the operator a row that held no valid record was dropped, in the store's words.
    func reportDamagedRecord()
}
