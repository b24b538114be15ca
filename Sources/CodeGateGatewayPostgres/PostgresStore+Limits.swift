import CodeGateBase
import CodeGateGateway
import CodeGateService

/// `codegate_clients`: each client's rate limit, shared by every gateway on the database.
extension PostgresStore {
    /// Counts a request from `client` against `limit` requests a minute (0: no limit), as
    /// `GatewayStore.admit` does — the generic cell rate algorithm, one moment per client — in
    /// one transaction under the client's advisory lock: nil when admitted, else the whole
    /// seconds until it would be.
    public func admit(_ client: String, limit: Int) async throws(StateProblem) -> Int? {
        guard limit > 0 else { return nil }
        let interval = Duration.seconds(60) / limit
        let tolerance = Duration.seconds(60) - interval
        return try await transaction(locking: ["client:" + client]) {
            connection, deadline async throws(PostgresError) -> Int? in
            // Read under the lock, as `update` reads them.
            let now = moment()
            let rows = try await connection.run(
                """
                SELECT CASE WHEN boot_id = $1 THEN due_boot - $2 ELSE due_wall - $3 END FROM codegate_clients
                WHERE client = $4
                """,
                [now.bootID, String(now.boot.wholeNanoseconds), String(now.wall.wholeNanoseconds), client],
                until: deadline)
            // A moment further than a minute ahead is no moment of ours: a minute.
            var due = Duration.zero
            if let left = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) {
                due = .nanoseconds(min(max(left, 0), 60_000_000_000))
            }
            if due > tolerance { return max(1, (due - tolerance).secondsRoundedUp) }
            due += interval
            connection.queue(
                """
                INSERT INTO codegate_clients (client, boot_id, due_boot, due_wall) VALUES ($1, $2, $3, $4)
                ON CONFLICT (client) DO UPDATE SET boot_id = $2, due_boot = $3, due_wall = $4
                """,
                [
                    client, now.bootID, String((now.boot + due).wholeNanoseconds),
                    String((now.wall + due).wholeNanoseconds),
                ])
            return nil
        }
    }
}
