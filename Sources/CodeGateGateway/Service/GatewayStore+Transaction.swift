import CodeGateBase
import CodeGateService

/// SQLite's side of a decision (`StoreTransaction`): one `BEGIN IMMEDIATE` transaction on the
/// state database, whose write lock every other process waits for.
@MainActor
struct SQLiteStoreTransaction: StoreTransaction {
    let store: GatewayStore
    let database: SQLiteDatabase
    let now: SystemMoment

    func closedTime() throws(SQLiteError) -> Int? {
        try GatewayStore.closedTime(in: database, at: now)
    }

    func prune(except number: PhoneNumber) throws(SQLiteError) {
        try store.prune(database, except: number, at: now)
    }

    func waitForRoom() throws(SQLiteError) -> Int? {
        try store.waitForRoom(in: database, at: now)
    }

    func record(of number: PhoneNumber) throws(SQLiteError) -> (exists: Bool, record: GatewayRecord?) {
        let rows = try database.run(
            "SELECT \(RecordColumns.list) FROM numbers WHERE number = ?", [.text(number.e164)])
        return (!rows.isEmpty, rows.first.flatMap { RecordColumns.record(from: $0, at: now) })
    }

    func save(_ record: GatewayRecord, for number: PhoneNumber) throws(SQLiteError) {
        try database.run(
            "INSERT OR REPLACE INTO numbers (number, \(RecordColumns.list)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(number.e164)] + RecordColumns.values(of: record, at: now))
    }

    func delete(_ number: PhoneNumber) throws(SQLiteError) {
        try database.run("DELETE FROM numbers WHERE number = ?", [.text(number.e164)])
    }

    func reply(for key: String) throws(SQLiteError) -> GatewayReply? {
        try GatewayStore.reply(for: key, in: database, at: now)
    }

    func store(_ reply: GatewayReply?, for key: String) throws(SQLiteError) {
        try GatewayStore.store(reply, for: key, in: database, at: now)
    }

    func meters(_ names: [String]) throws(SQLiteError) -> [String: Meter] {
        try GatewayStore.meters(names, in: database, at: now)
    }

    func write(_ meters: [String: Meter], over read: [String: Meter]) throws(SQLiteError) {
        try GatewayStore.write(meters, over: read, in: database)
    }

    func enqueue(_ sms: SMSMessage, id: String, lifetime: Duration) throws(SQLiteError) {
        try GatewayStore.enqueue(sms, id: id, lifetime: lifetime, in: database, at: now)
    }

    func reportDamagedRecord() {
        store.reportDamagedRecord()
    }
}
