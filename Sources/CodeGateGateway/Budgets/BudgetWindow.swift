/// One budget counter the store keeps: a name ("prefix +86", "global", "client 10.0.0.7") and a
/// period (an hour or a day). Periods are fixed and aligned on the wall clock since 1970 —
/// UTC hours and UTC days — so every gateway on the store, on any machine, counts in the same
/// period.
package struct BudgetWindow: Hashable, Sendable {
    /// What is counted: `BudgetScope.counterName`.
    package let name: String
    /// An hour or a day.
    package let period: Duration

    /// Describes a counter.
    package init(name: String, period: Duration) {
        self.name = name
        self.period = period
    }

    /// An hour.
    package static let hour: Duration = .seconds(3600)
    /// A day.
    package static let day: Duration = .seconds(86_400)
}
