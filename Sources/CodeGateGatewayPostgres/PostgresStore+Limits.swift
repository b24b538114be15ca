import CodeGateBase
import CodeGateGateway
import CodeGateService

/// `codegate_clients`: each client's rate limit, shared by every gateway on the database.
extension PostgresStore {
    /// Counts a request from `client` against `limit` requests a minute (0: no limit), as the
    /// SQLite store (`GatewayStore.admit`) does — the generic cell rate algorithm, one moment
    /// per client, at most `StoreRules.maxClients` of them, a newcomer admitted and those
    /// closest to a whole allowance forgotten for it — in one transaction under the client's
    /// advisory lock: nil when admitted, else the whole seconds until it would be.
    ///
    /// The bound holds within what concurrent transactions can add: two gateways admitting at
    /// once may each insert a row the other did not count yet (or one gives a row back that the
    /// other just forgot), so the table may hold a row more per gateway deciding at the same
    /// moment, until the next newcomer brings it back to the cap.
    public func admit(_ client: String, limit: Int) async throws(StateProblem) -> Int? {
        guard limit > 0 else { return nil }
        let interval = Duration.seconds(60) / limit
        let tolerance = Duration.seconds(60) - interval
        return try await transaction(locking: ["client:" + client]) {
            connection, deadline async throws(PostgresError) -> Int? in
            // Read under the lock, as `update` reads them.
            let now = moment()
            let clocks = [now.bootID, String(now.boot.wholeNanoseconds), String(now.wall.wholeNanoseconds)]
            let rows = try await connection.run(
                """
                SELECT CASE WHEN boot_id = $1 THEN due_boot - $2 ELSE due_wall - $3 END FROM codegate_clients
                WHERE client = $4
                """,
                clocks + [client], until: deadline)
            // A moment further than a minute ahead is no moment of ours: a minute.
            var due = Duration.zero
            if let left = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) {
                due = .nanoseconds(min(max(left, 0), 60_000_000_000))
            }
            if due > tolerance { return max(1, (due - tolerance).secondsRoundedUp) }
            if rows.isEmpty { Self.makeRoomForClient(client, on: connection, clocks: clocks) }
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

    /// Queues, to go with the newcomer's own row, the deletion of the clients closest to a whole
    /// allowance again (the smallest due) beyond `StoreRules.maxClients - 1`: the rule and the
    /// reasons of `GatewayStore.admit`. A row another transaction holds (its client is being
    /// admitted now, so its due is no small one) is passed over rather than waited for: two
    /// newcomers at once forget two different clients, and never wait for each other. The rows
    /// are chosen once, in a query of their own: as a subquery of the `DELETE` (`WHERE client IN
    /// (…)`) PostgreSQL may run it again for each row, and each run, skipping what the last
    /// deleted, chose more (it forgot 1,497 clients for one newcomer so).
    private static func makeRoomForClient(_ client: String, on connection: PostgresConnection, clocks: [String]) {
        connection.queue(
            """
            WITH forgotten AS (
                SELECT client FROM codegate_clients WHERE client <> $4
                ORDER BY CASE WHEN boot_id = $1 THEN due_boot - $2 ELSE due_wall - $3 END
                LIMIT GREATEST(0, (SELECT COUNT(*) FROM codegate_clients) - $5 + 1)
                FOR UPDATE SKIP LOCKED)
            DELETE FROM codegate_clients USING forgotten WHERE codegate_clients.client = forgotten.client
            """, clocks + [client, String(StoreRules.maxClients)])
    }
}
