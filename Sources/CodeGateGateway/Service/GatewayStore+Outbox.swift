import CodeGateBase
import CSQLite
import CodeGateService

/// Schema 2's outbox table: the messages `update` issued, until delivered or given up. Times
/// are on the wall clock (nanoseconds since 1970), the one clock gateways on several machines
/// share: keep their clocks in step (NTP). The rows carry codes in clear text, as the message
/// must: each row is deleted as soon as it is delivered or its code expires.
extension GatewayStore {
    /// The table; `STRICT`, so a value of the wrong type is refused rather than stored.
    static let outboxTable = """
        CREATE TABLE IF NOT EXISTS outbox (
            id TEXT PRIMARY KEY NOT NULL, recipient TEXT NOT NULL, text TEXT NOT NULL,
            created INTEGER NOT NULL, expires INTEGER NOT NULL, attempts INTEGER NOT NULL,
            next_attempt INTEGER NOT NULL, lease_until INTEGER NOT NULL
        ) STRICT
        """

    /// Writes `sms` to the outbox under `id`, due at once, valid for `lifetime`.
    static func enqueue(
        _ sms: SMSMessage, id: String, lifetime: Duration, in database: SQLiteDatabase, at now: SystemMoment
    ) throws(SQLiteError) {
        let wall = now.wall.wholeNanoseconds
        try database.run(
            """
            INSERT INTO outbox (id, recipient, text, created, expires, attempts, next_attempt, lease_until)
            VALUES (?, ?, ?, ?, ?, 0, ?, 0)
            """,
            [
                .text(id), .text(sms.recipient.e164), .text(sms.text), .integer(wall),
                .integer((now.wall + lifetime).wholeNanoseconds), .integer(wall),
            ])
    }

    package func dropExpiredMessages() async throws(StateProblem) -> Int {
        let dropped = try await outbox { database, wall throws(SQLiteError) in
            try database.run("DELETE FROM outbox WHERE expires <= ? RETURNING id", [.integer(wall)]).count
        }
        if dropped > 0 { await forgetDeletedTexts() }
        return dropped
    }

    package func claimMessage(lease: Duration) async throws(StateProblem) -> OutboxMessage? {
        try await outbox { database, wall throws(SQLiteError) -> OutboxMessage? in
            // One statement in SQLite's one writer at a time: no other gateway on this state can
            // claim the row between the choice and the lease. (PostgresStore's claim, where it
            // can, says how it is made safe there.)
            let rows = try database.run(
                """
                UPDATE outbox SET lease_until = ?1 WHERE lease_until <= ?2 AND id = (
                    SELECT id FROM outbox WHERE next_attempt <= ?2 AND lease_until <= ?2 AND expires > ?2
                    ORDER BY next_attempt, id LIMIT 1
                ) RETURNING id, recipient, text, created, expires, attempts
                """, [.integer((.nanoseconds(wall) + lease).wholeNanoseconds), .integer(wall)])
            guard let row = rows.first else { return nil }
            guard case .text(let id) = row[0], OutboxMessage.isID(id), case .text(let e164) = row[1],
                let recipient = PhoneNumber(e164: e164), case .text(let text) = row[2],
                case .integer(let created) = row[3], case .integer(let expires) = row[4],
                case .integer(let attempts) = row[5], (0...1000).contains(attempts)
            else {
                // A row that lies in one place cannot be trusted in the others: dropped.
                if case .text(let id)? = row.first { try database.run("DELETE FROM outbox WHERE id = ?", [.text(id)]) }
                return nil
            }
            return OutboxMessage(
                id: id, recipient: recipient, text: text, created: .nanoseconds(created), attempts: Int(attempts),
                validFor: .nanoseconds(expires - wall))
        }
    }

    package func finishMessage(_ id: String) async throws(StateProblem) {
        try await outbox { database, _ throws(SQLiteError) in
            try database.run("DELETE FROM outbox WHERE id = ?", [.text(id)])
        }
        await forgetDeletedTexts()
    }

    /// A deleted message's text, its code in clear, is zeroed in the database file
    /// (`secure_delete`), but the write-ahead log still holds the pages it was written on until
    /// a checkpoint resets it: this checkpoints and empties the log now. Best effort, never a
    /// wait: while another process uses the database, the log is reset at a later delivery.
    private func forgetDeletedTexts() async {
        await turns.turn { (try? connected())?.resetWriteAheadLogIfIdle() }
    }

    package func postponeMessage(_ id: String, by delay: Duration) async throws(StateProblem) {
        try await outbox { database, wall throws(SQLiteError) in
            try database.run(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?, lease_until = 0 WHERE id = ?",
                [.integer((.nanoseconds(wall) + delay).wholeNanoseconds), .text(id)])
        }
    }

    package func nextMessageDue() async throws(StateProblem) -> Duration? {
        try await outbox { database, wall throws(SQLiteError) -> Duration? in
            let rows = try database.run(
                "SELECT MIN(CASE WHEN lease_until > next_attempt THEN lease_until ELSE next_attempt END) FROM outbox")
            guard case .integer(let due)? = rows.first?.first else { return nil }
            return .nanoseconds(max(0, due - wall))
        }
    }

    package func pendingMessages() async throws(StateProblem) -> Int {
        try await outbox { database, _ throws(SQLiteError) -> Int in
            guard case .integer(let count)? = try database.run("SELECT COUNT(*) FROM outbox").first?.first else {
                return 0
            }
            return Int(count)
        }
    }

    /// `body` in one transaction, with the wall clock's nanoseconds now.
    @discardableResult
    private func outbox<T>(_ body: (SQLiteDatabase, Int64) throws(SQLiteError) -> T) async throws(StateProblem) -> T {
        try await transaction { database throws(SQLiteError) -> T in try body(database, moment().wall.wholeNanoseconds) }
    }
}
