import CodeGateBase
import CSQLite

/// The state database's schema, in one place: its tables (each declared beside the code that
/// reads it) created, and the steps from the version a file was written under to this one, in
/// the transaction that opens it. A file of a newer CodeGate is refused, not rewritten.
extension GatewayStore {
    /// 1: numbers, replies, closures, clients. 2: the outbox and budgets. 3: the replies' code
    /// salts. 4: meters in place of the budgets' counters.
    static let schemaVersion: Int64 = 4

    /// Creates what is missing and migrates the file to `schemaVersion`.
    static func migrate(_ database: SQLiteDatabase) throws(SQLiteError) {
        guard case .integer(let version) = try database.run("PRAGMA user_version").first?.first else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "no user_version")
        }
        guard version <= schemaVersion else {
            throw SQLiteError(code: SQLITE_ERROR, message: "written by a newer CodeGate (schema \(version))")
        }
        try database.run("""
            CREATE TABLE IF NOT EXISTS numbers (
                number TEXT PRIMARY KEY NOT NULL, boot_id TEXT NOT NULL,
                issued_boot INTEGER NOT NULL, issued_wall INTEGER NOT NULL,
                cooldown INTEGER NOT NULL, lifetime INTEGER NOT NULL,
                attempts_left INTEGER, salt BLOB, digest BLOB
            ) STRICT
            """)
        // Added within schema 1: a CodeGate that does not know the table leaves it alone.
        try database.run(replyTable)
        try database.run(closureTable)
        try database.run(clientTable)
        try database.run(challengeTable)
        try database.run(challengeExpiryIndex)
        try migrate(database, from: version)
        try database.run("PRAGMA user_version = \(schemaVersion)")
    }

    /// The schema's steps from `version` to `schemaVersion`, in the transaction that opens it.
    private static func migrate(_ database: SQLiteDatabase, from version: Int64) throws(SQLiteError) {
        if version < 2 {
            try database.run(outboxTable)
        }
        if version < 3 {
            try database.run(replySaltColumn)
        }
        if version < 4 {
            // Schema 2's counters per calendar period: the buckets that replace them start full.
            try database.run("DROP TABLE IF EXISTS budget_spent")
            try database.run(meterTable)
            try database.run(meterExpiryIndex)
        }
    }
}
