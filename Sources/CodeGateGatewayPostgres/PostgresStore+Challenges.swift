import CodeGateBase
import CodeGateService

/// `codegate_challenges`: the challenges requests spent, shared by every gateway on the
/// database, so that no challenge sends two codes whichever gateways its requests reach.
extension PostgresStore {
    /// Spends the challenge of salt `salt`, as `GatewayStore.spendChallenge` does: false when
    /// another request spent it. Two gateways spending one challenge at once meet on its primary
    /// key: the second waits for the first's commit, then sees its row.
    public func spendChallenge(_ salt: String, key: String?, expires: Int64) async throws(StateProblem) -> Bool {
        try await transaction { connection, deadline async throws(PostgresError) -> Bool in
            let now = String(moment().wall.components.seconds)
            try await connection.run("DELETE FROM codegate_challenges WHERE expires <= $1", [now], until: deadline)
            let inserted = try await connection.run(
                """
                INSERT INTO codegate_challenges (salt, idempotency_key, expires) VALUES ($1, $2, $3)
                ON CONFLICT (salt) DO NOTHING RETURNING 1
                """, [salt, key, String(expires)], until: deadline)
            if !inserted.isEmpty { return true }
            guard let key else { return false }
            let rows = try await connection.run(
                "SELECT idempotency_key FROM codegate_challenges WHERE salt = $1", [salt], until: deadline)
            return rows.first?.first.flatMap { $0 } == key
        }
    }
}
