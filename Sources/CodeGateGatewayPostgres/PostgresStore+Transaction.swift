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

    func record(of number: PhoneNumber) async throws(PostgresError) -> (exists: Bool, record: GatewayRecord?) {
        let rows = try await connection.run(
            "SELECT \(RecordColumns.list) FROM codegate_numbers WHERE number = $1", [number.e164], until: deadline)
        let record = rows.first
            .flatMap { PostgresText.values($0, as: RecordColumns.kinds) }
            .flatMap { RecordColumns.record(from: $0, at: now) }
        return (!rows.isEmpty, record)
    }

    // The writes go with the transaction's next statement, its COMMIT at the latest: nothing
    // the rules decide waits on them.

    func save(_ record: GatewayRecord, for number: PhoneNumber) {
        connection.queue(
            """
            INSERT INTO codegate_numbers (number, \(RecordColumns.list)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (number) DO UPDATE SET boot_id = $2, issued_boot = $3, issued_wall = $4,
                cooldown = $5, lifetime = $6, attempts_left = $7, salt = $8, digest = $9
            """, [number.e164] + RecordColumns.values(of: record, at: now).map(PostgresText.cell))
    }

    func delete(_ number: PhoneNumber) {
        connection.queue("DELETE FROM codegate_numbers WHERE number = $1", [number.e164])
    }

    func reply(for key: String) async throws(PostgresError) -> GatewayReply? {
        try await PostgresStore.reply(for: key, on: connection, until: deadline, at: now)
    }

    func store(_ reply: GatewayReply?, for key: String) {
        PostgresStore.store(reply, for: key, on: connection, at: now)
    }

    func meters(_ names: [String]) async throws(PostgresError) -> [String: Meter] {
        try await PostgresStore.meters(names, on: connection, until: deadline, at: now)
    }

    func write(_ meters: [String: Meter], over read: [String: Meter]) {
        PostgresStore.write(meters, over: read, on: connection)
    }

    func enqueue(_ sms: SMSMessage, id: String, lifetime: Duration) {
        PostgresStore.enqueue(sms, id: id, lifetime: lifetime, on: connection, at: now)
    }

    func reportDamagedRecord() {
        store.remember("dropped a damaged record for a number")
    }
}
