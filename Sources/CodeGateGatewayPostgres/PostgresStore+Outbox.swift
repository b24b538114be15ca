import CodeGateBase
import CodeGateGateway
import CodeGateService

/// `codegate_outbox`: the messages `update` issued, until delivered or given up, claimed by
/// whichever gateway on the database gets to each first (`OutboxCourier`). Times are on the
/// wall clock, the one clock gateways on several machines share.
extension PostgresStore {
    /// The channel on which a transaction that queued, postponed or finished a message tells the
    /// other gateways, at its commit (`PostgresOutboxListener`).
    static let channel = "codegate_outbox"

    /// Writes `sms` to the outbox under `id`, due at once, valid for `lifetime`, and tells the
    /// other gateways at commit; with the transaction's next statement.
    static func enqueue(
        _ sms: SMSMessage, id: String, lifetime: Duration, on connection: PostgresConnection, at now: SystemMoment
    ) {
        let wall = String(now.wall.wholeNanoseconds)
        connection.queue(
            """
            INSERT INTO codegate_outbox (id, recipient, text, created, expires, attempts, next_attempt, lease_until)
            VALUES ($1, $2, $3, $4, $5, 0, $4, 0)
            """,
            [id, sms.recipient.e164, sms.text, wall, String((now.wall + lifetime).wholeNanoseconds)])
        connection.queue("NOTIFY \(channel)")
    }

    package func dropExpiredMessages() async throws(StateProblem) -> Int {
        try await outbox { connection, deadline, wall async throws(PostgresError) -> Int in
            try await connection.run(
                "DELETE FROM codegate_outbox WHERE expires <= $1 RETURNING id", [String(wall)], until: deadline
            ).count
        }
    }

    /// The message due first, leased: `FOR UPDATE SKIP LOCKED` passes over a row another
    /// gateway is claiming this instant, and the outer condition over one it has just claimed.
    package func claimMessage(lease: Duration) async throws(StateProblem) -> OutboxMessage? {
        try await outbox { connection, deadline, wall async throws(PostgresError) -> OutboxMessage? in
            let rows = try await connection.run(
                """
                UPDATE codegate_outbox SET lease_until = $1 WHERE lease_until <= $2 AND id = (
                    SELECT id FROM codegate_outbox WHERE next_attempt <= $2 AND lease_until <= $2 AND expires > $2
                    ORDER BY next_attempt, id LIMIT 1 FOR UPDATE SKIP LOCKED
                ) RETURNING id, recipient, text, created, expires, attempts
                """, [String(wall + lease.wholeNanoseconds), String(wall)], until: deadline)
            guard let row = rows.first else { return nil }
            guard row.count == 6, let id = row[0], OutboxMessage.isID(id),
                let recipient = row[1].flatMap({ PhoneNumber(e164: $0) }), let text = row[2],
                let created = row[3].flatMap({ Int64($0) }), let expires = row[4].flatMap({ Int64($0) }),
                let attempts = row[5].flatMap({ Int($0) }), (0...1000).contains(attempts)
            else {
                // A row that lies in one place cannot be trusted in the others: dropped.
                if let id = row.first.flatMap({ $0 }) {
                    try await connection.run("DELETE FROM codegate_outbox WHERE id = $1", [id], until: deadline)
                }
                return nil
            }
            return OutboxMessage(
                id: id, recipient: recipient, text: text, created: .nanoseconds(created), attempts: attempts,
                validFor: .nanoseconds(expires - wall))
        }
    }

    /// Deletes the message and tells the other gateways, so that one whose timer waits for the
    /// end of this gateway's lease on it drops that timer.
    package func finishMessage(_ id: String) async throws(StateProblem) {
        _ = try await outbox { connection, deadline, _ async throws(PostgresError) in
            try await connection.run("DELETE FROM codegate_outbox WHERE id = $1", [id], until: deadline)
            try await connection.run("NOTIFY \(Self.channel)", until: deadline)
        }
    }

    /// Postpones the message and tells the other gateways: one that set its timer for the end
    /// of this gateway's lease sets it for the retry instead, and takes the retry up should
    /// this gateway be gone by then.
    package func postponeMessage(_ id: String, by delay: Duration) async throws(StateProblem) {
        _ = try await outbox { connection, deadline, wall async throws(PostgresError) in
            try await connection.run(
                "UPDATE codegate_outbox SET attempts = attempts + 1, next_attempt = $1, lease_until = 0 WHERE id = $2",
                [String(wall + delay.wholeNanoseconds), id], until: deadline)
            try await connection.run("NOTIFY \(Self.channel)", until: deadline)
        }
    }

    package func nextMessageDue() async throws(StateProblem) -> Duration? {
        try await outbox { connection, deadline, wall async throws(PostgresError) -> Duration? in
            let rows = try await connection.run(
                "SELECT MIN(GREATEST(lease_until, next_attempt)) FROM codegate_outbox", until: deadline)
            guard let due = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) else { return nil }
            return .nanoseconds(max(0, due - wall))
        }
    }

    package func pendingMessages() async throws(StateProblem) -> Int {
        try await outbox { connection, deadline, _ async throws(PostgresError) -> Int in
            let rows = try await connection.run("SELECT count(*) FROM codegate_outbox", until: deadline)
            return rows.first?.first.flatMap { $0 }.flatMap { Int($0) } ?? 0
        }
    }

    /// `body` in one transaction, with the wall clock's nanoseconds now.
    private func outbox<T>(
        _ body: @MainActor (PostgresConnection, ContinuousClock.Instant, Int64) async throws(PostgresError) -> T
    ) async throws(StateProblem) -> T {
        let wall = Int64(moment().wall.wholeNanoseconds)
        return try await transaction { connection, deadline async throws(PostgresError) -> T in
            try await body(connection, deadline, wall)
        }
    }
}
