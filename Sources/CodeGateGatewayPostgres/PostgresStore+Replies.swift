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
    ) throws(PostgresError) -> GatewayReply? {
        let rows = try connection.run(
            """
            SELECT number, boot_id, issued_boot, issued_wall, cooldown, lifetime, code_salt
            FROM codegate_replies WHERE key = $1
            """, [key], until: deadline)
        guard let row = rows.first, row.count == 7, let number = row[0], let bootID = row[1],
            let boot = row[2].flatMap({ Int64($0) }), let wall = row[3].flatMap({ Int64($0) }),
            let cooldown = row[4].flatMap({ Int64($0) }), let lifetime = row[5].flatMap({ Int64($0) }),
            let reply = GatewayReply(
                number: number, stored: StoredInstant(bootID: bootID, boot: boot, wall: wall), cooldown: cooldown,
                lifetime: lifetime, codeSalt: row[6].flatMap(PostgresText.bytes), at: now)
        else { return nil }
        return reply.isKept ? reply : nil
    }

    /// Keeps `reply` under `key`, or forgets the key when nil.
    static func store(
        _ reply: GatewayReply?, for key: String, on connection: PostgresConnection,
        until deadline: ContinuousClock.Instant, at now: SystemMoment
    ) throws(PostgresError) {
        guard let reply else {
            try connection.run("DELETE FROM codegate_replies WHERE key = $1", [key], until: deadline)
            return
        }
        let issued = StoredInstant(reply.age, before: now)
        try connection.run(
            """
            INSERT INTO codegate_replies (key, number, boot_id, issued_boot, issued_wall, cooldown, lifetime, code_salt)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (key) DO UPDATE SET number = $2, boot_id = $3, issued_boot = $4, issued_wall = $5,
                cooldown = $6, lifetime = $7, code_salt = $8
            """,
            [
                key, reply.number.e164, issued.bootID, String(issued.boot), String(issued.wall),
                String(reply.cooldown.wholeNanoseconds), String(reply.lifetime.wholeNanoseconds),
                PostgresText.bytea(reply.codeSalt),
            ], until: deadline)
    }
}
