import CodeGateBase
import CodeGateService

/// The conversion guard against SMS pumping, as a provider's fraud guard works: a pumper is
/// paid per text to the number ranges his partner carriers terminate, and nobody ever types a
/// code he had sent there. So each block of numbers — a number without its last 4 digits: for
/// +86 mobiles one 号段 block of 10,000 — and each range of 100 blocks (without the last 6
/// digits) counts, per UTC day, the codes sent to it and the codes verified in it. Once a
/// block's sends go unverified — `threshold` more sent than verified, and fewer than one in
/// five verified — it gets no code for the rest of the day; a range likewise at five times the
/// threshold; and any block or range with ten times its threshold not verified, however many
/// were (a pumper may type some of his own codes). A botnet rotating fresh numbers through a
/// few blocks gets `threshold` texts per block a day, while people elsewhere are not touched.
///
/// Codes take a while to be typed, so a block's sends run ahead of its verifications: the
/// threshold counts codes not verified *yet* and is far above what real sign-ups in one block
/// have in flight at once. A number that verified a code in the current 30-day period (aligned
/// on the wall clock, as the budgets' periods are) is never refused by a suspension, nor by a
/// spent country, global or client budget: returning users keep signing in while an attack
/// spends those.
///
/// The counts are budget counters in the store (`BudgetWindow`), so every gateway on one
/// store shares them and decides under the same locks.
public struct PumpingGuard: Equatable, Sendable {
    /// Codes a block may have sent and not verified in a UTC day before it is suspended
    /// (a range: five times this); 0 turns the guard off.
    public var threshold: Int

    /// The guard a gateway runs with when its budgets file says nothing of it: 10.
    public static let builtIn = PumpingGuard(threshold: 10)

    /// A guard suspending blocks at `threshold`.
    public init(threshold: Int) {
        self.threshold = threshold
    }

    /// The period in which a verified code makes its number a known one.
    static let memory: Duration = .seconds(30 * 86_400)

    /// A level of prefixes the guard counts: the digits a number's prefix drops, and how many
    /// unverified codes its prefixes take, in multiples of the threshold.
    private static let levels: [(name: String, dropped: Int, scale: Int)] = [("block", 4, 1), ("range", 6, 5)]

    /// A prefix of `number` the guard watches: its block or its range, each with its counters
    /// of codes sent and verified today, and the unverified codes that suspend it.
    package struct Watched: Equatable, Sendable {
        /// "block" or "range".
        package let level: String
        /// The number's first digits, "+861700123".
        package let prefix: String
        let sent: BudgetWindow
        let verified: BudgetWindow
        let limit: Int
    }

    /// The block and range of `number`, each at least its calling code (a short national
    /// number's range may be its whole country); none when the guard is off.
    package func watched(_ number: PhoneNumber) -> [Watched] {
        guard threshold > 0 else { return [] }
        let shortest = 1 + number.callingCode.count
        var seen: Set<String> = []
        return Self.levels.compactMap { level in
            let prefix = String(number.e164.prefix(max(shortest, number.e164.count - level.dropped)))
            guard seen.insert(prefix).inserted else { return nil }
            return Watched(
                level: level.name, prefix: prefix,
                sent: BudgetWindow(name: "guard sent \(prefix)", period: BudgetWindow.day),
                verified: BudgetWindow(name: "guard verified \(prefix)", period: BudgetWindow.day),
                limit: threshold * level.scale)
        }
    }

    /// The counter that remembers `number` verified a code lately.
    package static func converted(_ number: PhoneNumber) -> BudgetWindow {
        BudgetWindow(name: "converted \(number.e164)", period: memory)
    }

    /// Every counter a request or a check for `number` reads: the watched prefixes' and the
    /// number's own memory of a verified code. None when the guard is off.
    package func windows(for number: PhoneNumber) -> [BudgetWindow] {
        let watched = watched(number)
        guard !watched.isEmpty else { return [] }
        return watched.flatMap { [$0.sent, $0.verified] } + [Self.converted(number)]
    }

    /// Whether `number` verified a code in the current 30-day period, as `sending` read it.
    package func hasConverted(_ number: PhoneNumber, in sending: Sending) -> Bool {
        threshold > 0 && (sending.spent[Self.converted(number)] ?? 0) > 0
    }

    /// The first watched prefix of `number` that is suspended now, with the seconds until its
    /// day ends; nil when none is.
    package func suspension(of number: PhoneNumber, in sending: Sending) -> (prefix: Watched, secondsLeft: Int)? {
        guard let suspended = watched(number).first(where: { isSuspended($0, in: sending) }) else { return nil }
        return (suspended, max(1, (sending.periodLeft[suspended.sent] ?? .seconds(1)).secondsRoundedUp))
    }

    /// Counts a code sent to `number`; returns the prefixes this very code suspended, so that
    /// exactly one gateway tells of each suspension.
    package func countSent(to number: PhoneNumber, in sending: inout Sending) -> [Watched] {
        watched(number).filter { prefix in
            let before = isSuspended(prefix, in: sending)
            sending.spent[prefix.sent, default: 0] += 1
            return !before && isSuspended(prefix, in: sending)
        }
    }

    /// Counts a code verified for `number`, and remembers the number as one that converts.
    package func countVerified(for number: PhoneNumber, in sending: inout Sending) {
        for prefix in watched(number) { sending.spent[prefix.verified, default: 0] += 1 }
        if threshold > 0 { sending.spent[Self.converted(number)] = 1 }
    }

    /// `limit` more codes sent than verified today and fewer than one in five verified — or
    /// ten times `limit` not verified, however many were: a pumper who receives his own
    /// texts could type one code in five to pass for people.
    private func isSuspended(_ prefix: Watched, in sending: Sending) -> Bool {
        let sent = sending.spent[prefix.sent] ?? 0
        let verified = sending.spent[prefix.verified] ?? 0
        return sent - verified >= prefix.limit && (verified * 5 < sent || sent - verified >= prefix.limit * 10)
    }
}

/// A prefix the guard suspended: told once, by the gateway whose code tipped it.
public struct PrefixSuspension: Equatable, Sendable {
    /// "block" or "range".
    public let level: String
    /// The number's first digits, "+861700123".
    public let prefix: String
    /// The whole seconds until its UTC day ends, when it takes codes again.
    public let secondsLeft: Int
}
