import CodeGateBase
import CodeGateGateway
import CodeGateService

/// `codegate_budget_spent`: the budgets' counters (`BudgetWindow`), shared by every gateway on
/// the database. A counter is shared by many numbers, so a transaction that spends from it
/// first takes its advisory lock — after the number's and the key's, and the counters' in the
/// order of their names, so that no two transactions wait for each other in a circle — and two
/// gateways never both spend the last message of a budget.
extension PostgresStore {
    /// Each of `windows` with its spending in the current period, locked until the transaction
    /// ends, and what is left of that period.
    static func budgets(
        _ windows: [BudgetWindow], on connection: PostgresConnection, until deadline: ContinuousClock.Instant,
        at now: SystemMoment
    ) async throws(PostgresError) -> Sending {
        let wall = now.wall.wholeNanoseconds
        var spent: [BudgetWindow: Int] = [:]
        var left: [BudgetWindow: Duration] = [:]
        let ordered = windows.sorted { ($0.name, $0.period) < ($1.name, $1.period) }
        for window in ordered {
            let period = window.period.wholeNanoseconds
            lock("budget:\(period):" + window.name, on: connection)
            let start = GatewayStore.periodStart(window.period, at: now)
            let rows = try await connection.run(
                "SELECT spent FROM codegate_budget_spent WHERE name = $1 AND period = $2 AND period_start = $3",
                [window.name, String(period), String(start)], until: deadline)
            // A negative count is no count of ours: as good as a spent budget, never a larger one.
            let count = rows.first?.first.flatMap { $0 }.flatMap { Int($0) } ?? 0
            spent[window] = count >= 0 ? count : .max
            left[window] = .nanoseconds(start + period - wall)
        }
        return Sending(spent: spent, periodLeft: left)
    }

    /// Writes the counters of `spent` that differ from `read`, under the locks `budgets` took,
    /// with the transaction's next statement.
    static func spend(
        _ spent: [BudgetWindow: Int], over read: [BudgetWindow: Int], on connection: PostgresConnection,
        at now: SystemMoment
    ) {
        for (window, count) in spent where read[window] != count {
            connection.queue(
                """
                INSERT INTO codegate_budget_spent (name, period, period_start, spent) VALUES ($1, $2, $3, $4)
                ON CONFLICT (name, period) DO UPDATE SET period_start = excluded.period_start, spent = excluded.spent
                """,
                [
                    window.name, String(window.period.wholeNanoseconds),
                    String(GatewayStore.periodStart(window.period, at: now)), String(count),
                ])
        }
    }
}
