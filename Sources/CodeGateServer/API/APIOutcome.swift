import CodeGateGateway

/// What a code request or a check came to, told for `/metrics`: the signals an operator
/// watches for SMS pumping — codes issued against codes verified per calling code (pumped
/// numbers never verify), the numbers refused before anything was spent, the budgets spent.
/// Labels come from bounded sets: calling codes, regions, result names.
enum APIOutcome: Equatable {
    /// A code was issued (201) to a number of `prefix` ("+86").
    case issued(prefix: String)
    /// A code was checked for a number of `prefix`, with `result` (the protocol's name).
    case checked(prefix: String, result: String)
    /// A number was refused before anything was spent: `reason` is the error kind, `region`
    /// the ISO code libphonenumber gave it ("ZZ" for none).
    case numberRefused(reason: String, region: String)
    /// A budget was spent.
    case overBudget(BudgetRefusal)
}
