import CodeGateBase
import CodeGateService

/// The store's `challenges` table: the challenges requests have spent, each kept until it
/// expires, so that no challenge sends two codes — from this gateway or any other on the state.
extension GatewayStore {
    /// Added within schema 3: a CodeGate from before challenges leaves it alone.
    static let challengeTable = """
        CREATE TABLE IF NOT EXISTS challenges (
            salt TEXT PRIMARY KEY NOT NULL, idempotency_key TEXT, expires INTEGER NOT NULL
        ) STRICT
        """
    /// Forgetting the expired ones reads no more rows than it deletes.
    static let challengeExpiryIndex = "CREATE INDEX IF NOT EXISTS challenges_expires ON challenges (expires)"
}

extension SQLiteStoreTransaction {
    func hasSpent(_ challenge: ChallengeSpend) throws(SQLiteError) -> Bool {
        let rows = try database.run("SELECT idempotency_key FROM challenges WHERE salt = ?", [.text(challenge.salt)])
        guard let row = rows.first else { return false }
        guard let key = challenge.key, case .text(let spentUnder)? = row.first else { return true }
        return spentUnder != key
    }

    func spend(_ challenge: ChallengeSpend) throws(SQLiteError) -> Bool {
        let rows = try database.run("SELECT idempotency_key FROM challenges WHERE salt = ?", [.text(challenge.salt)])
        if let row = rows.first {
            guard let key = challenge.key, case .text(let spentUnder)? = row.first else { return false }
            return spentUnder == key
        }
        try database.run(
            "INSERT INTO challenges (salt, idempotency_key, expires) VALUES (?, ?, ?)",
            [.text(challenge.salt), challenge.key.map { .text($0) } ?? .null, .integer(challenge.expires)])
        return true
    }
}
