import CodeGateService

/// What the gateway's rules (`LocalCodeService`) need of the place they keep their state:
/// one transaction per decision on a number, the key for code digests, each client's rate,
/// and a health check. `GatewayStore` is one, over SQLite in the state folder; a store on a
/// database server would be another, beside it, with the same rules on top.
@MainActor
package protocol CodeStore: AnyObject {
    /// Runs `decide` on `number`'s record, and on the reply kept under `replyKey` when there
    /// is one, in one transaction: what it leaves is written before anyone else decides on
    /// the number; on a throw nothing it chose is kept.
    func update<Answer>(
        _ number: PhoneNumber, replyKey: String?, _ decide: (inout GatewayRecord?, inout GatewayReply?) -> Answer
    ) throws(StateProblem) -> Answer
    /// The key code digests are made under.
    func codeKey() throws(StateProblem) -> [UInt8]
    /// Counts a request from `client` against `limit` a minute: nil when admitted, else the
    /// whole seconds until it would be.
    func admit(_ client: String, limit: Int) throws(StateProblem) -> Int?
    /// Throws what a request would meet now.
    func check() throws(StateProblem)
}
