import CodeGateService

/// The budgets against SMS pumping (`--budgets FILE`): how many text messages may go, per UTC
/// hour and per UTC day, to each country calling code (or longer E.164 prefix), to all numbers
/// together, and on behalf of one client. Bots that request codes for premium-rate numbers
/// are paid per message delivered; a budget caps what they can make.
///
/// The file, one rule a line, `#` to the end of a line a comment:
///
///     +86     hour  2000     # a calling code or longer prefix, as E.164 writes it
///     +1876   day   0        # 0: none at all
///     default day   100      # each calling code not listed (see `unlisted`)
///     global  day   50000    # all numbers together
///     client  hour  5        # one client (its address, as the rate limit counts it)
///     number  day   10       # each number on its own (see `number`)
///     guard   day   10       # the conversion guard's threshold (`PumpingGuard`); 0: off
///
/// A number counts against the longest prefix listed that it starts with, else against its
/// own calling code (`PhoneNumber.callingCode`) under the `default` rules.
public struct BudgetPlan: Equatable, Sendable {
    /// A scope's caps per hour and per day; nil is no cap.
    public struct Limits: Equatable, Sendable {
        /// Messages per UTC hour.
        public var hour: Int?
        /// Messages per UTC day.
        public var day: Int?

        /// Caps `hour` and `day`.
        public init(hour: Int? = nil, day: Int? = nil) {
            self.hour = hour
            self.day = day
        }
    }

    /// The default for a calling code the file does not list, when it has no `default` rule:
    /// 500 an hour, 5,000 a day. A ceiling on a country the operator serves but forgot to
    /// budget, not the defence against pumping — the guard (`PumpingGuard`) is that, and a cap
    /// low enough to stop a pumper (once 10 an hour) refused real users with no attack at all.
    public static let builtInDefault = Limits(hour: 500, day: 5000)

    /// The default for each number on its own, when the file sets none: 5 an hour, 10 a day —
    /// a person who lost a few codes, not a victim flooded at every cooldown's end.
    public static let builtInNumber = Limits(hour: 5, day: 10)

    /// The cap on all messages together for a gateway given no budgets file: 500 an hour,
    /// 5,000 a day. It bounds what an attack spread over every block of a country costs
    /// (the guard bounds one aimed at a few), and keeps the numbers alive at once below what a
    /// SQLite state holds (`GatewayStore.defaultCapacity`), so no flood of new numbers fills it.
    public static let builtInGlobal = Limits(hour: 500, day: 5000)

    /// The plan of a gateway given no budgets file: each number's own caps, the conversion
    /// guard and `builtInGlobal` — no number is texted at every cooldown's end all day, no
    /// block of numbers is pumped, no flood runs up a bill — and no cap per country or client.
    /// A number that verified a code lately is never refused by the global cap.
    public static let withoutFile: BudgetPlan = {
        var plan = BudgetPlan()
        plan.unlisted = Limits()
        plan.global = builtInGlobal
        return plan
    }()

    /// Prefixes ("+86", "+1876") and their caps.
    public var prefixes: [String: Limits] = [:]
    /// The caps of each calling code not listed.
    public var unlisted = builtInDefault
    /// The caps on all messages together.
    public var global = Limits()
    /// The caps per client.
    public var client = Limits()
    /// The caps of each number on its own.
    public var number = builtInNumber
    /// The conversion guard: blocks of numbers whose codes go unverified get none for a day.
    public var pumpingGuard = PumpingGuard.builtIn

    /// No rule but the defaults for unlisted calling codes and for each number.
    public init() {}

    /// The prefix `number` is counted under: the longest listed one it starts with, else its
    /// calling code.
    package func prefix(of number: PhoneNumber) -> String {
        prefixes.keys.filter { number.e164.hasPrefix($0) }.max { $0.count < $1.count } ?? "+" + number.callingCode
    }

    /// The budget counters a message to `number` on behalf of `client` spends from, with the
    /// cap of each and what refusing it is called.
    package func windows(for number: PhoneNumber, client: String?) -> [(
        window: BudgetWindow, cap: Int, scope: BudgetScope
    )] {
        let prefix = prefix(of: number)
        var scopes: [(BudgetScope, Limits)] = [
            (.number(number.e164), self.number), (.prefix(prefix), prefixes[prefix] ?? unlisted), (.global, global),
        ]
        if let client { scopes.append((.client(client), self.client)) }
        return scopes.flatMap { scope, limits in
            [(BudgetWindow.hour, limits.hour), (BudgetWindow.day, limits.day)].compactMap { period, cap in
                cap.map { (BudgetWindow(name: scope.counterName, period: period), $0, scope) }
            }
        }
    }
}

/// What a budget counts: one number, one prefix, all numbers, or one client.
package enum BudgetScope: Equatable, Sendable {
    case number(String)
    case prefix(String)
    case global
    case client(String)

    /// The counter's name in the store.
    package var counterName: String {
        switch self {
        case .number(let e164): "number " + e164
        case .prefix(let prefix): "prefix " + prefix
        case .global: "global"
        case .client(let client): "client " + client
        }
    }
}

/// A message refused because a budget is spent: which one, and the whole seconds until its
/// period ends.
public struct BudgetRefusal: Equatable, Sendable {
    /// Which kind of budget.
    public enum Kind: Equatable, Sendable {
        /// The number's own.
        case number
        /// The number's prefix (country calling code).
        case country
        /// The number's block or range of numbers is suspended by the conversion guard.
        case suspended
        /// All numbers together.
        case global
        /// The client's own.
        case client
    }

    /// Which kind of budget is spent.
    public let kind: Kind
    /// The prefix the number counts under (for `/metrics`), whichever budget is spent.
    public let prefix: String
    /// The whole seconds until the spent budget's period ends.
    public let secondsLeft: Int

    /// Describes a refusal.
    package init(kind: Kind, prefix: String, secondsLeft: Int) {
        self.kind = kind
        self.prefix = prefix
        self.secondsLeft = secondsLeft
    }
}
