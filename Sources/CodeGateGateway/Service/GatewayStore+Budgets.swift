import CodeGateBase
import CSQLite
import CodeGateService

/// Schema 2's budget table, `budget_spent`: per budget counter (`BudgetWindow`), the messages
/// spent in its current period, kept in the database so every gateway on it spends from the
/// same budgets. One row per counter; a row of a period that is over counts as nothing.
extension GatewayStore {
    /// Portable SQL but for `STRICT` (SQLite's, dropped on PostgreSQL, where INTEGER is BIGINT).
    static let budgetTable = """
        CREATE TABLE IF NOT EXISTS budget_spent (
            name TEXT NOT NULL, period INTEGER NOT NULL, period_start INTEGER NOT NULL, spent INTEGER NOT NULL,
            PRIMARY KEY (name, period)
        ) STRICT
        """

    /// The start, on the wall clock, of the period of length `period` that `now` is in.
    package static func periodStart(_ period: Duration, at now: SystemMoment) -> Int64 {
        let length = period.wholeNanoseconds
        let wall = now.wall.wholeNanoseconds
        return wall - ((wall % length) + length) % length
    }

    /// Each of `windows` with its spending in the current period (after forgetting the rows of
    /// periods that are over) and what is left of that period.
    static func budgets(_ windows: [BudgetWindow], in database: SQLiteDatabase, at now: SystemMoment)
        throws(SQLiteError) -> Sending
    {
        guard !windows.isEmpty else { return Sending(spent: [:], periodLeft: [:]) }
        let wall = now.wall.wholeNanoseconds
        try database.run("DELETE FROM budget_spent WHERE period_start + period <= ?", [.integer(wall)])
        var spent: [BudgetWindow: Int] = [:]
        var left: [BudgetWindow: Duration] = [:]
        for window in windows {
            let start = periodStart(window.period, at: now)
            let rows = try database.run(
                "SELECT spent FROM budget_spent WHERE name = ? AND period = ? AND period_start = ?",
                [.text(window.name), .integer(window.period.wholeNanoseconds), .integer(start)])
            // A negative count is no count of ours: as good as a spent budget, never a larger one.
            if case .integer(let count)? = rows.first?.first {
                spent[window] = count >= 0 ? Int(clamping: count) : .max
            } else {
                spent[window] = 0
            }
            left[window] = .nanoseconds(start + window.period.wholeNanoseconds - wall)
        }
        return Sending(spent: spent, periodLeft: left)
    }

    /// Writes the counters of `spent` that differ from `read`. `ON CONFLICT … DO UPDATE` is
    /// the upsert both SQLite (3.24 and later) and PostgreSQL speak.
    static func spend(
        _ spent: [BudgetWindow: Int], over read: [BudgetWindow: Int], in database: SQLiteDatabase, at now: SystemMoment
    ) throws(SQLiteError) {
        for (window, count) in spent where read[window] != count {
            try database.run(
                """
                INSERT INTO budget_spent (name, period, period_start, spent) VALUES (?, ?, ?, ?)
                ON CONFLICT (name, period) DO UPDATE SET period_start = excluded.period_start, spent = excluded.spent
                """,
                [
                    .text(window.name), .integer(window.period.wholeNanoseconds),
                    .integer(periodStart(window.period, at: now)), .integer(Int64(count)),
                ])
        }
    }
}
