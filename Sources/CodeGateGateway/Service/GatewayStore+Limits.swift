import CodeGateBase
import CSQLite
import CodeGateService

/// The store's limits in time, kept in the database so that every gateway on it shares them:
/// `closures`, the moment until which a store started afresh refuses every request, and
/// `clients`, each client's rate limit.
extension GatewayStore {
    static let closureTable = """
        CREATE TABLE IF NOT EXISTS closures (
            id INTEGER PRIMARY KEY CHECK (id = 1), boot_id TEXT NOT NULL, until_boot INTEGER NOT NULL,
                until_wall INTEGER NOT NULL
        ) STRICT
        """

    static let clientTable = """
        CREATE TABLE IF NOT EXISTS clients (
            client TEXT PRIMARY KEY NOT NULL, boot_id TEXT NOT NULL, due_boot INTEGER NOT NULL,
                due_wall INTEGER NOT NULL
        ) STRICT
        """

    /// Opens the database if need be and runs one write transaction on it that makes SQLite find
    /// room for a row (`proveRoom`): throws what a request would meet, `.full` included. A
    /// transaction that only read passed while every request failed with SQLITE_FULL.
    package func check() async throws(StateProblem) {
        try await transaction { database throws(SQLiteError) in
            _ = try database.run("SELECT COUNT(*) FROM closures")
            try Self.proveRoom(in: database)
        }
    }

    /// Writes a row larger than a page, so that SQLite must allocate pages for it, and takes it
    /// back: in a database at its size limit (`max_page_count`) with no free page this fails
    /// with SQLITE_FULL, as the next request's write does, and the file never grows by it. The
    /// pages the savepoint touched still go to the write-ahead log at the commit, as a
    /// request's pages do, so a disk too full for the log fails it too.
    static func proveRoom(in database: SQLiteDatabase) throws(SQLiteError) {
        try database.run("SAVEPOINT room")
        // No client has such a name: it is an address, a /64 or a local user.
        try database.run(
            "INSERT INTO clients (client, boot_id, due_boot, due_wall) VALUES (?, '', 0, 0)",
            [.text(String(repeating: "-", count: 4096))])
        try database.run("ROLLBACK TO room")
        try database.run("RELEASE room")
    }

    /// What refuses every new number now (`CodeStore.refusalOfNewNumbers`), read in one write
    /// transaction as a request would: the closure after a recovery, then the room for numbers.
    package func refusalOfNewNumbers() async throws(StateProblem) -> StateProblem? {
        try await transaction { database throws(SQLiteError) -> StateProblem? in
            let now = moment()
            if let wait = try Self.closedTime(in: database, at: now) { return .recovering(secondsLeft: wait) }
            return try waitForRoom(in: database, at: now).map { .crowded(secondsLeft: $0) }
        }
    }

    /// Closes the store for `time` from `now`: every request for a number is refused until then.
    static func refuseAll(in database: SQLiteDatabase, for time: Duration, at now: SystemMoment) throws(SQLiteError) {
        try database.run(
            "INSERT OR REPLACE INTO closures (id, boot_id, until_boot, until_wall) VALUES (1, ?, ?, ?)",
            [
                .text(now.bootID), .integer((now.boot + time).wholeNanoseconds),
                .integer((now.wall + time).wholeNanoseconds),
            ])
    }

    /// The whole seconds the store stays closed at `now`, or nil when it is open (an elapsed
    /// closure is forgotten). A closure claiming more than a day counts as a day.
    static func closedTime(in database: SQLiteDatabase, at now: SystemMoment) throws(SQLiteError) -> Int? {
        let rows = try database.run("""
            SELECT CASE WHEN boot_id = ?1 THEN until_boot - ?2 ELSE until_wall - ?3 END FROM closures
            """, clocks(at: now))
        guard let row = rows.first else { return nil }
        guard case .integer(let left) = row.first, left > 0 else {
            try database.run("DELETE FROM closures")
            return nil
        }
        return Duration.nanoseconds(min(left, GatewayRecord.longestRule.wholeNanoseconds)).secondsRoundedUp
    }

    /// Counts a request from `client` against `limit` requests a minute (0: no limit), shared
    /// by every gateway on the store: nil when it is admitted, else the whole seconds until it
    /// would be. A client may send `limit` at once, then one every minute / `limit`: the
    /// generic cell rate algorithm, which keeps one moment per client — when its allowance is
    /// whole again — so a client's requests in any minute never exceed twice the limit, and
    /// average the limit. No newcomer waits for room: at `StoreRules.maxClients` the clients
    /// closest to a whole allowance are forgotten. Throws when the state cannot be used.
    public func admit(_ client: String, limit: Int) async throws(StateProblem) -> Int? {
        guard limit > 0 else { return nil }
        let interval = Duration.seconds(60) / limit
        let tolerance = Duration.seconds(60) - interval
        return try await transaction { database throws(SQLiteError) -> Int? in
            // Read under the write lock, as `update` reads them.
            let now = moment()
            let clocks = Self.clocks(at: now)
            try database.run(
                "DELETE FROM clients WHERE CASE WHEN boot_id = ?1 THEN due_boot - ?2 ELSE due_wall - ?3 END <= 0",
                clocks)
            let rows = try database.run(
                """
                SELECT CASE WHEN boot_id = ?1 THEN due_boot - ?2 ELSE due_wall - ?3 END
                    FROM clients WHERE client = ?4
                """, clocks + [.text(client)])
            // A moment further than a minute ahead is no moment of ours: a minute.
            var due = Duration.zero
            if case .integer(let left)? = rows.first?.first {
                due = .nanoseconds(min(max(left, 0), 60_000_000_000))
            }
            if due > tolerance { return max(1, (due - tolerance).secondsRoundedUp) }
            if rows.isEmpty { try Self.makeRoomForClient(in: database, clocks: clocks) }
            due += interval
            try database.run(
                "INSERT OR REPLACE INTO clients (client, boot_id, due_boot, due_wall) VALUES (?, ?, ?, ?)",
                [
                    .text(client), .text(now.bootID), .integer((now.boot + due).wholeNanoseconds),
                    .integer((now.wall + due).wholeNanoseconds),
                ])
            return nil
        }
    }

    /// Forgets, when the table is full, the clients whose allowance is closest to whole again
    /// (the smallest due), so that one more fits. Refusing the newcomer instead would let a
    /// flood of fresh addresses (a botnet through a proxy's `X-Forwarded-For`) lock every real
    /// client out; forgetting a client gives it back no more than its due, so the smallest
    /// dues give away the least, and a client sending fast keeps its row and stays limited.
    private static func makeRoomForClient(in database: SQLiteDatabase, clocks: [StoreValue]) throws(SQLiteError) {
        guard case .integer(let count)? = try database.run("SELECT COUNT(*) FROM clients").first?.first,
            count >= StoreRules.maxClients
        else { return }
        try database.run(
            """
            DELETE FROM clients WHERE client IN (SELECT client FROM clients
                ORDER BY CASE WHEN boot_id = ?1 THEN due_boot - ?2 ELSE due_wall - ?3 END LIMIT ?4)
            """, clocks + [.integer(count - Int64(StoreRules.maxClients) + 1)])
    }

    private static func clocks(at now: SystemMoment) -> [StoreValue] {
        [.text(now.bootID), .integer(now.boot.wholeNanoseconds), .integer(now.wall.wholeNanoseconds)]
    }
}
