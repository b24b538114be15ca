import CodeGateBase
import CodeGateGateway

/// `codegate_replies`: `GatewayReply`s by idempotency key, written in the transaction that
/// holds the key's lock and the number's, so no two gateways both answer one key with a code.
extension PostgresStore {
    /// The reply kept under `key` at `now`; nil when there is none, it is no longer kept, or
    /// its row is damaged.
    static func reply(
        for key: String, on connection: PostgresConnection, until deadline: ContinuousClock.Instant,
        at now: SystemMoment
    ) async throws(PostgresError) -> GatewayReply? {
        let rows = try await connection.run(
            "SELECT \(ReplyColumns.list) FROM codegate_replies WHERE key = $1", [key], until: deadline)
        let reply = rows.first
            .flatMap { PostgresText.values($0, as: ReplyColumns.kinds) }
            .flatMap { ReplyColumns.reply(from: $0, at: now) }
        return reply.flatMap { $0.isKept ? $0 : nil }
    }

    /// Keeps `reply` under `key`, or forgets the key when nil, with the transaction's next
    /// statement.
    static func store(_ reply: GatewayReply?, for key: String, on connection: PostgresConnection, at now: SystemMoment) {
        guard let reply else {
            connection.queue("DELETE FROM codegate_replies WHERE key = $1", [key])
            return
        }
        connection.queue(
            """
            INSERT INTO codegate_replies (key, \(ReplyColumns.list)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (key) DO UPDATE SET number = $2, boot_id = $3, issued_boot = $4, issued_wall = $5,
                cooldown = $6, lifetime = $7, code_salt = $8
            """, [key] + ReplyColumns.values(of: reply, at: now).map(PostgresText.cell))
    }
}
