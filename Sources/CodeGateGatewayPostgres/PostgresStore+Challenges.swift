import CodeGateBase
import CodeGateGateway
import CodeGateService

/// `codegate_challenges`: the challenges requests spent, shared by every gateway on the
/// database, so that no challenge sends two codes whichever gateways its requests reach. Two
/// gateways spending one challenge at once meet on its primary key: the second waits for the
/// first's commit, then sees its row.
extension PostgresStoreTransaction {
    func hasSpent(_ challenge: ChallengeSpend) async throws(PostgresError) -> Bool {
        let rows = try await connection.run(
            "SELECT idempotency_key FROM codegate_challenges WHERE salt = $1", [challenge.salt], until: deadline)
        guard let row = rows.first else { return false }
        guard let key = challenge.key, let spentUnder = row.first.flatMap({ $0 }) else { return true }
        return spentUnder != key
    }

    func spend(_ challenge: ChallengeSpend) async throws(PostgresError) -> Bool {
        let inserted = try await connection.run(
            """
            INSERT INTO codegate_challenges (salt, idempotency_key, expires) VALUES ($1, $2, $3)
            ON CONFLICT (salt) DO NOTHING RETURNING 1
            """, [challenge.salt, challenge.key, String(challenge.expires)], until: deadline)
        if !inserted.isEmpty { return true }
        guard let key = challenge.key else { return false }
        let rows = try await connection.run(
            "SELECT idempotency_key FROM codegate_challenges WHERE salt = $1", [challenge.salt], until: deadline)
        return rows.first?.first.flatMap { $0 } == key
    }
}
