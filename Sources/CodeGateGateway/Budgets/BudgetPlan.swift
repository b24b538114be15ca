import CodeGateService

/// The budgets against SMS pumping (`--budgets FILE`): how many text messages may go in any
/// hour and in any day to each country calling code (or longer E.164 prefix), to all numbers
/// together, to one number, and on behalf of one client. Bots that request codes for
/// premium-rate numbers are paid per message delivered; a budget caps what they can make. Each
/// budget is a bucket (`Bucket`): at most its count in any hour (or day), refilled smoothly; a
/// budget many numbers share gives half of it at once and keeps a quarter of that for returning
/// numbers.
///
/// The file, one rule a line, `#` to the end of a line a comment:
///
///     +86     hour  2000     # a calling code or longer prefix, as E.164 writes it
///     +1876   day   0        # 0: none at all
///     default day   100      # each calling code not listed (see `unlisted`)
///     global  day   50000    # all numbers together
///     client  hour  5        # one client (its address, as the rate limit counts it)
///     number  day   10       # each number on its own (see `number`)
///     guard   day   10       # the guard's threshold (`PumpingGuard`); 0: off
///     volume  hour  4        # the guard's volume for a block with no history; 0: off
///     trust   hour  24       # verified this far apart, a number is a returning one (`NumberTrust`); 0: none is
///
/// A number counts against the longest prefix listed that it starts with, else against its
/// own calling code (`PhoneNumber.callingCode`) under the `default` rules.
public struct BudgetPlan: Equatable, Sendable {
    /// A scope's caps per hour and per day; nil is no cap.
    public struct Limits: Equatable, Sendable {
        /// Messages in any hour.
        public var hour: Int?
        /// Messages in any day.
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
    /// A returning number may spend the part of it kept back from new ones.
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
    /// The guard: prefixes whose codes go unverified, or whose volume is far above usual, get
    /// no new number's code for a while.
    public var pumpingGuard = PumpingGuard.builtIn
    /// Which numbers are returning ones.
    public var trust = NumberTrust.builtIn

    /// No rule but the defaults for unlisted calling codes and for each number.
    public init() {}

    /// The prefix `number` is counted under: the longest listed one it starts with, else its
    /// calling code.
    package func prefix(of number: PhoneNumber) -> String {
        prefixes.keys.filter { number.e164.hasPrefix($0) }.max { $0.count < $1.count } ?? "+" + number.callingCode
    }

    /// The buckets a message to `number` on behalf of `client` spends from, with what each
    /// counts.
    package func buckets(for number: PhoneNumber, client: String?) -> [(bucket: Bucket, scope: BudgetScope)] {
        let prefix = prefix(of: number)
        var scopes: [(BudgetScope, Limits)] = [
            (.number(number.e164), self.number), (.prefix(prefix), prefixes[prefix] ?? unlisted), (.global, global),
        ]
        if let client { scopes.append((.client(client), self.client)) }
        return scopes.flatMap { scope, limits in
            [("hour", Bucket.hour, limits.hour), ("day", Bucket.day, limits.day)].compactMap { name, period, cap in
                cap.map {
                    let name = "budget \(scope.counterName) \(name)"
                    return (Bucket(name: name, cap: $0, period: period, shared: scope.isShared), scope)
                }
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

    /// Whether many numbers share it: then it gives half at once, and a part is kept for
    /// returning numbers (`Bucket.reserve`). A client is as one number: its own.
    package var isShared: Bool {
        switch self {
        case .number, .client: false
        case .prefix, .global: true
        }
    }

    /// The name of its meters in the store.
    package var counterName: String {
        switch self {
        case .number(let e164): "number " + e164
        case .prefix(let prefix): "prefix " + prefix
        case .global: "global"
        case .client(let client): "client " + client
        }
    }
}

/// A message refused because a budget is spent, or the guard holds the number's prefix: which,
/// and the whole seconds until a message may go.
public struct BudgetRefusal: Equatable, Sendable {
    /// Which kind of budget.
    public enum Kind: Equatable, Sendable {
        /// The number's own.
        case number
        /// The number's prefix (country calling code).
        case country
        /// The number's block, range or segment is suspended by the guard: its codes go unverified.
        case suspended
        /// The number's block, range or segment is throttled by the guard: it sends far more
        /// than its history makes usual.
        case throttled
        /// All numbers together.
        case global
        /// The client's own.
        case client
    }

    /// Which kind of budget is spent.
    public let kind: Kind
    /// The prefix the number counts under (for `/metrics`), whichever budget is spent.
    public let prefix: String
    /// The whole seconds until a message may go, as things stand.
    public let secondsLeft: Int

    /// Describes a refusal.
    package init(kind: Kind, prefix: String, secondsLeft: Int) {
        self.kind = kind
        self.prefix = prefix
        self.secondsLeft = secondsLeft
    }
}
