import CodeGateBase

extension BudgetPlan {
    /// The most rules a file may hold.
    static let maxRules = 1000
    /// The largest cap a rule may set.
    static let maxCap = 100_000_000
    /// The longest trust's wait may be: less than the memory it must fall in (`NumberTrust`).
    static let maxTrustHours = 29 * 24

    /// The plan `text` (a budgets file) sets, or the first line it refuses and why. Strict: a
    /// rule is exactly `SCOPE PERIOD COUNT`; a scope and period given twice, an unknown word,
    /// or a count that is no whole number from 0 to 100,000,000 refuses the whole file. With
    /// no `default` rule, calling codes not listed get `builtInDefault`; with one or two, those.
    /// Each number gets `builtInNumber` for a period no `number` rule sets, the guard its
    /// `PumpingGuard.builtIn` threshold unless `guard day COUNT` sets one (0 turns it off) and
    /// volume unless `volume hour COUNT` does (0: no volume limit), and
    /// trust its `NumberTrust.builtIn` wait unless `trust hour COUNT` sets one (0: no number is
    /// a returning one).
    public static func parse(_ text: String) throws(BudgetFileError) -> BudgetPlan {
        var plan = BudgetPlan()
        var seen: Set<String> = []
        var defaults = Limits()
        var sawDefault = false
        // By newline characters, not "\n": Swift reads a CRLF as one character, so a file saved
        // on Windows was one long line 1.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = index + 1
            let content = raw.prefix { $0 != "#" }
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.isEmpty { continue }
            guard words.count == 3 else { throw BudgetFileError(line: line, reason: "a rule is SCOPE PERIOD COUNT") }
            let scope = String(words[0])
            let period = String(words[1])
            guard period == "hour" || period == "day" else {
                throw BudgetFileError(
                    line: line, reason: "the period must be hour or day, not \"\(period.prefix(40))\"")
            }
            guard words[2].allSatisfy(\.isASCIIDigit), words[2].count <= 9, let cap = Int(words[2]), cap <= maxCap
            else {
                throw BudgetFileError(line: line, reason: "the count must be a whole number from 0 to \(maxCap)")
            }
            guard seen.insert(scope + " " + period).inserted else {
                throw BudgetFileError(line: line, reason: "\(scope.prefix(40)) \(period) is set twice")
            }
            guard seen.count <= maxRules else {
                throw BudgetFileError(line: line, reason: "more than \(maxRules) rules")
            }
            func set(_ limits: inout Limits) {
                if period == "hour" { limits.hour = cap } else { limits.day = cap }
            }
            switch scope {
            case "default":
                sawDefault = true
                set(&defaults)
            case "global": set(&plan.global)
            case "client": set(&plan.client)
            case "number": set(&plan.number)
            case "guard":
                guard period == "day" else {
                    throw BudgetFileError(line: line, reason: "the guard counts per day: guard day COUNT")
                }
                plan.pumpingGuard.threshold = cap
            case "volume":
                guard period == "hour" else {
                    throw BudgetFileError(line: line, reason: "the volume counts per hour: volume hour COUNT")
                }
                plan.pumpingGuard.volume = cap
            case "trust":
                guard period == "hour", cap <= maxTrustHours else {
                    throw BudgetFileError(
                        line: line, reason: "trust counts hours, at most \(maxTrustHours): trust hour COUNT")
                }
                plan.trust = NumberTrust(wait: .seconds(cap * 3600))
            default:
                guard isPrefix(scope) else {
                    throw BudgetFileError(
                        line: line,
                        reason:
                            "the scope must be default, global, client, number, guard, volume, trust or a prefix such as +86, not \"\(scope.prefix(40))\""
                    )
                }
                set(&plan.prefixes[scope, default: Limits()])
            }
        }
        if sawDefault { plan.unlisted = defaults }
        return plan
    }

    /// `+` and 1 to 6 digits, the first not 0: a calling code, or a longer prefix of numbers.
    private static func isPrefix(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.hasPrefix("+") && (1...6).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
            && digits.first != UInt8(ascii: "0")
    }
}

/// A budgets file refused: the line and why, `description` the line printed on stderr.
public struct BudgetFileError: Error, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// What is wrong with it.
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}
