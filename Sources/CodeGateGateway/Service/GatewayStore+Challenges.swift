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

    /// Spends the challenge of salt `salt`, which expires at `expires` (whole seconds of the
    /// wall clock), for the request under idempotency key `key`: false when another request
    /// spent it — a retry under the same key is the same request, and may.
    public func spendChallenge(_ salt: String, key: String?, expires: Int64) async throws(StateProblem) -> Bool {
        try await transaction { database throws(SQLiteError) -> Bool in
            let now = moment().wall.components.seconds
            try database.run("DELETE FROM challenges WHERE expires <= ?", [.integer(now)])
            let rows = try database.run("SELECT idempotency_key FROM challenges WHERE salt = ?", [.text(salt)])
            if let row = rows.first {
                guard let key, case .text(let spentUnder)? = row.first else { return false }
                return spentUnder == key
            }
            try database.run(
                "INSERT INTO challenges (salt, idempotency_key, expires) VALUES (?, ?, ?)",
                [.text(salt), key.map { .text($0) } ?? .null, .integer(expires)])
            return true
        }
    }
}
