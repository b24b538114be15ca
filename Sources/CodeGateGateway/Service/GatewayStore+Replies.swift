import CodeGateBase
import CSQLite
import CodeGateService

/// The store's second table, `replies`: `GatewayReply`s by idempotency key, written in the
/// same transaction as the record their code went into, so that no two processes can both
/// answer one key with a code.
extension GatewayStore {
    static let replyTable = """
        CREATE TABLE IF NOT EXISTS replies (
            key TEXT PRIMARY KEY NOT NULL, number TEXT NOT NULL, boot_id TEXT NOT NULL,
            issued_boot INTEGER NOT NULL, issued_wall INTEGER NOT NULL,
            cooldown INTEGER NOT NULL, lifetime INTEGER NOT NULL
        ) STRICT
        """

    /// Schema 3: the salt of the code each reply sent, its verification id's source. A reply
    /// kept before has none and is not replayed: its number's cooldown refuses a second code.
    static let replySaltColumn = "ALTER TABLE replies ADD COLUMN code_salt BLOB"

    /// The reply kept under `key` at `now`, after forgetting the replies no longer kept and the
    /// oldest beyond `GatewayReply.capacity`; nil when there is none (or a damaged one).
    static func reply(for key: String, in database: SQLiteDatabase, at now: SystemMoment) throws(SQLiteError)
        -> GatewayReply?
    {
        try database.run(
            """
            DELETE FROM replies WHERE
                (CASE WHEN boot_id = ?1 THEN ?2 - issued_boot ELSE ?3 - issued_wall END) >= MAX(cooldown, lifetime)
            """, [.text(now.bootID), .integer(now.boot.wholeNanoseconds), .integer(now.wall.wholeNanoseconds)])
        try database.run("""
            DELETE FROM replies WHERE key NOT IN (SELECT key FROM replies
                ORDER BY issued_wall DESC LIMIT \(GatewayReply.capacity - 1))
            """)
        let rows = try database.run("SELECT \(ReplyColumns.list) FROM replies WHERE key = ?", [.text(key)])
        return rows.first.flatMap { ReplyColumns.reply(from: $0, at: now) }.flatMap { $0.isKept ? $0 : nil }
    }

    /// Keeps `reply` under `key`, or forgets the key when nil.
    static func store(_ reply: GatewayReply?, for key: String, in database: SQLiteDatabase, at now: SystemMoment)
        throws(SQLiteError)
    {
        guard let reply else {
            try database.run("DELETE FROM replies WHERE key = ?", [.text(key)])
            return
        }
        try database.run(
            "INSERT OR REPLACE INTO replies (key, \(ReplyColumns.list)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(key)] + ReplyColumns.values(of: reply, at: now))
    }
}
