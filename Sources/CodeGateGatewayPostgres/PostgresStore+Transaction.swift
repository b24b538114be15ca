import CodeGateBase
import CodeGateGateway
import CodeGateService

/// PostgreSQL's side of a decision (`StoreTransaction`): one transaction under the advisory
/// locks of its number and key, every call bounded by the transaction's deadline. A database
/// server has no closure after a lost file and no cap on numbers, and forgets old rows once
/// every `pruneInterval` rather than in each transaction.
@MainActor
struct PostgresStoreTransaction: StoreTransaction {
    let store: PostgresStore
    let connection: PostgresConnection
    let deadline: ContinuousClock.Instant
    let now: SystemMoment

    typealias Failure = PostgresError

    func closedTime() -> Int? { nil }

    func prune(except number: PhoneNumber) {}

    func waitForRoom() -> Int? { nil }

    func record(of number: PhoneNumber) throws(PostgresError) -> (exists: Bool, record: GatewayRecord?) {
        let rows = try connection.run(
            """
            SELECT boot_id, issued_boot, issued_wall, cooldown, lifetime, attempts_left, salt, digest
            FROM codegate_numbers WHERE number = $1
            """, [number.e164], until: deadline)
        return (!rows.isEmpty, rows.first.flatMap { PostgresStore.record(from: $0, at: now) })
    }

    func save(_ record: GatewayRecord, for number: PhoneNumber) throws(PostgresError) {
        let issued = StoredInstant(record.age, before: now)
        let code = record.storedCode
        try connection.run(
            """
            INSERT INTO codegate_numbers
                (number, boot_id, issued_boot, issued_wall, cooldown, lifetime, attempts_left, salt, digest)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (number) DO UPDATE SET boot_id = $2, issued_boot = $3, issued_wall = $4,
                cooldown = $5, lifetime = $6, attempts_left = $7, salt = $8, digest = $9
            """,
            [
                number.e164, issued.bootID, String(issued.boot), String(issued.wall),
                String(record.cooldown.wholeNanoseconds), String(record.lifetime.wholeNanoseconds),
                code.map { String($0.attempts) }, code.map { PostgresText.bytea($0.salt) },
                code.map { PostgresText.bytea($0.digest) },
            ], until: deadline)
    }

    func delete(_ number: PhoneNumber) throws(PostgresError) {
        try connection.run("DELETE FROM codegate_numbers WHERE number = $1", [number.e164], until: deadline)
    }

    func reply(for key: String) throws(PostgresError) -> GatewayReply? {
        try PostgresStore.reply(for: key, on: connection, until: deadline, at: now)
    }

    func store(_ reply: GatewayReply?, for key: String) throws(PostgresError) {
        try PostgresStore.store(reply, for: key, on: connection, until: deadline, at: now)
    }

    func budgets(_ windows: [BudgetWindow]) throws(PostgresError) -> Sending {
        try PostgresStore.budgets(windows, on: connection, until: deadline, at: now)
    }

    func spend(_ spent: [BudgetWindow: Int], over read: [BudgetWindow: Int]) throws(PostgresError) {
        try PostgresStore.spend(spent, over: read, on: connection, until: deadline, at: now)
    }

    func enqueue(_ sms: SMSMessage, id: String, lifetime: Duration) throws(PostgresError) {
        try PostgresStore.enqueue(sms, id: id, lifetime: lifetime, on: connection, until: deadline, at: now)
    }

    func reportDamagedRecord() {
        store.remember("dropped a damaged record for a number")
    }
}
