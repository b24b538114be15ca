import CodeGateBase
import CodeGateGateway
import CodeGateService

/// `codegate_meters`: the gateway's meters (`Meter`: budgets' buckets, the guard's counts,
/// numbers' trust), shared by every gateway on the database. A meter is shared by many numbers,
/// so a transaction that reads one first takes its advisory lock — after the number's and the
/// key's, and the meters' in the order of their names, so that no two transactions wait for
/// each other in a circle — and two gateways never both spend the last message of a budget.
extension PostgresStore {
    /// Each of `names`' meters not expired at `now`, locked until the transaction ends: the
    /// locks go with the one statement that reads them all.
    static func meters(
        _ names: [String], on connection: PostgresConnection, until deadline: ContinuousClock.Instant,
        at now: SystemMoment
    ) async throws(PostgresError) -> [String: Meter] {
        let ordered = Set(names).sorted()
        guard !ordered.isEmpty else { return [:] }
        for name in ordered { lock("meter:" + name, on: connection) }
        let rows = try await connection.run(
            "SELECT name, stamp, value, expires FROM codegate_meters WHERE name = ANY($1::text[]) AND expires > $2",
            [PostgresText.array(ordered), String(now.wall.wholeNanoseconds)], until: deadline)
        var meters: [String: Meter] = [:]
        for row in rows {
            guard row.count == 4, let name = row[0], let stamp = row[1].flatMap({ Int64($0) }),
                let value = row[2].flatMap({ Int64($0) }), let expires = row[3].flatMap({ Int64($0) })
            else { continue }
            meters[name] = Meter(stamp: stamp, value: value, expires: expires)
        }
        return meters
    }

    /// Writes the meters of `meters` that differ from `read`, and forgets those `read` had
    /// and `meters` no longer holds, under the locks `meters` took, with the transaction's next
    /// statement.
    static func write(_ meters: [String: Meter], over read: [String: Meter], on connection: PostgresConnection) {
        for name in read.keys where meters[name] == nil {
            connection.queue("DELETE FROM codegate_meters WHERE name = $1", [name])
        }
        for (name, meter) in meters where read[name] != meter {
            connection.queue(
                """
                INSERT INTO codegate_meters (name, stamp, value, expires) VALUES ($1, $2, $3, $4)
                ON CONFLICT (name) DO UPDATE SET stamp = excluded.stamp, value = excluded.value,
                    expires = excluded.expires
                """, [name, String(meter.stamp), String(meter.value), String(meter.expires)])
        }
    }
}
