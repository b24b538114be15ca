import CodeGateBase
import CSQLite
import CodeGateService

/// Schema 4's `meters` table: the rows the gateway's rules keep above the numbers' own
/// (`Meter`: budgets' buckets, the guard's counts, numbers' trust), in the database so every
/// gateway on it reads and spends the same. A meter past its expiry is forgotten by the next
/// transaction that reads any: the table holds only what some rule still needs.
extension GatewayStore {
    static let meterTable = """
        CREATE TABLE IF NOT EXISTS meters (
            name TEXT PRIMARY KEY NOT NULL, stamp INTEGER NOT NULL, value INTEGER NOT NULL, expires INTEGER NOT NULL
        ) STRICT
        """
    /// Forgetting the expired ones reads no more rows than it deletes.
    static let meterExpiryIndex = "CREATE INDEX IF NOT EXISTS meters_expires ON meters (expires)"

    /// Each of `names`' meters kept at `now`, after forgetting every expired one.
    static func meters(_ names: [String], in database: SQLiteDatabase, at now: SystemMoment) throws(SQLiteError)
        -> [String: Meter]
    {
        guard !names.isEmpty else { return [:] }
        let wall = now.wall.wholeNanoseconds
        try database.run("DELETE FROM meters WHERE expires <= ?", [.integer(wall)])
        var meters: [String: Meter] = [:]
        for name in Set(names) {
            let rows = try database.run("SELECT stamp, value, expires FROM meters WHERE name = ?", [.text(name)])
            guard let row = rows.first, row.count == 3, case .integer(let stamp) = row[0],
                case .integer(let value) = row[1], case .integer(let expires) = row[2]
            else { continue }
            meters[name] = Meter(stamp: stamp, value: value, expires: expires)
        }
        return meters
    }

    /// Writes the meters of `meters` that differ from `read` and forgets those `read` had and
    /// `meters` no longer holds. `ON CONFLICT … DO UPDATE` is the upsert both SQLite (3.24 and
    /// later) and PostgreSQL speak.
    static func write(
        _ meters: [String: Meter], over read: [String: Meter], in database: SQLiteDatabase
    ) throws(SQLiteError) {
        for name in read.keys where meters[name] == nil {
            try database.run("DELETE FROM meters WHERE name = ?", [.text(name)])
        }
        for (name, meter) in meters where read[name] != meter {
            try database.run(
                """
                INSERT INTO meters (name, stamp, value, expires) VALUES (?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET stamp = excluded.stamp, value = excluded.value,
                    expires = excluded.expires
                """, [.text(name), .integer(meter.stamp), .integer(meter.value), .integer(meter.expires)])
        }
    }
}
