import CodeGateBase
import CodeGateService

#if canImport(Glibc)
import Glibc
#endif

/// The guard against SMS pumping, as a provider's fraud guard works. A pumper is paid per text
/// to the number ranges his partner carriers terminate, so the guard watches each number's
/// prefixes — its block (the number without its last 4 digits: for +86 mobiles one 号段 block
/// of 10,000), its range (without the last 6: 100 blocks) and its segment (without the last 8) —
/// in two ways:
///
/// - **Conversion.** Each prefix counts the codes sent to it and verified in it, halving every
///   day (`countHalfLife`). Once a block's codes go unverified — `threshold` more sent than
///   verified, and fewer than one in five verified — it is suspended: no new number's code
///   goes there until half the excess has decayed (a day at the threshold); a range likewise
///   at five times the threshold, a segment at 25; and any prefix with ten times its threshold
///   not verified, however many were.
/// - **Volume.** Each prefix's sends of the last hour or so (`volumeHalfLife`) may be at most
///   `growth` times what its own history (the decaying count of its sends) makes usual, and
///   never less than what a prefix with no history may take at once: `volume` for a block
///   (4 by default), four times that for a range, 16 times for a segment — then it refills as
///   its volume decays. A prefix people really use grows its allowance with its traffic; one
///   never seen before cannot go from nothing to hundreds in a minute. This holds whatever the
///   conversion: an attacker who reads his own texts and types every code is throttled as one
///   who types none.
///
/// A returning number (`NumberTrust`) passes both. The counts are meters in the store, so
/// every gateway on one store shares them and decides under the same locks, and with no
/// calendar period nothing turns over for everyone at one instant.
public struct PumpingGuard: Equatable, Sendable {
    /// Codes a block may have sent and not verified before it is suspended (a range: five
    /// times this, a segment 25); 0 turns the guard off.
    public var threshold: Int

    /// Codes a block with no history may take at once (a range four times, a segment 16
    /// times); 0 turns the volume limits off.
    public var volume: Int

    /// The guard a gateway runs with when its budgets file says nothing of it: a threshold of
    /// 10, a volume of 4.
    public static let builtIn = PumpingGuard(threshold: 10, volume: 4)

    /// No guard.
    public static let off = PumpingGuard(threshold: 0, volume: 0)

    /// A guard suspending blocks at `threshold` and throttling them past `volume`.
    public init(threshold: Int, volume: Int = builtIn.volume) {
        self.threshold = threshold
        self.volume = volume
    }

    /// The half-life of what a prefix sent and verified: a day's codes count, yesterday's half.
    static let countHalfLife: Duration = .seconds(86_400)
    /// The half-life of a prefix's volume: its sends of the last hour or so.
    static let volumeHalfLife: Duration = .seconds(3600)
    /// How far above what its history makes usual a prefix's volume may go.
    static let growth = 4.0

    /// The levels of prefixes the guard watches: the digits a number's prefix drops, the
    /// unverified codes that suspend one (in thresholds), and the volume a prefix with no
    /// history may have (in `volume`s).
    private static let levels: [(name: String, dropped: Int, scale: Int, floor: Int)] = [
        ("block", 4, 1, 1), ("range", 6, 5, 4), ("segment", 8, 25, 16),
    ]

    /// A prefix of a number the guard watches, with its meters.
    package struct Watched: Equatable, Sendable {
        /// "block", "range" or "segment".
        package let level: String
        /// The number's first digits, "+861700123".
        package let prefix: String
        let sent: DecayingCount
        let verified: DecayingCount
        let volume: DecayingCount
        /// The meter that says the prefix is suspended, until it expires.
        let suspended: String
        /// The meter that says a throttle at this level in the number's country was told of:
        /// one per level and country while it lasts, however many prefixes an attack spreads over.
        let told: String
        /// The unverified codes that suspend it.
        let limit: Int
        /// The volume it may have whatever its history; nil when volume is not limited.
        let floor: Double?
    }

    /// The prefixes of `number` the guard watches, each at least its calling code (a short
    /// national number's range may be its whole country); none when the guard is off.
    package func watched(_ number: PhoneNumber) -> [Watched] {
        guard threshold > 0 || volume > 0 else { return [] }
        let shortest = 1 + number.callingCode.count
        var seen: Set<String> = []
        return Self.levels.compactMap { level in
            let prefix = String(number.e164.prefix(max(shortest, number.e164.count - level.dropped)))
            guard seen.insert(prefix).inserted else { return nil }
            return Watched(
                level: level.name, prefix: prefix,
                sent: DecayingCount(name: "sent " + prefix, halfLife: Self.countHalfLife),
                verified: DecayingCount(name: "verified " + prefix, halfLife: Self.countHalfLife),
                volume: DecayingCount(name: "volume " + prefix, halfLife: Self.volumeHalfLife),
                suspended: "suspended " + prefix, told: "throttled \(level.name) +\(number.callingCode)",
                limit: threshold * level.scale, floor: volume > 0 ? Double(volume * level.floor) : nil)
        }
    }

    /// Every meter a request for `number` reads.
    package func meters(for number: PhoneNumber) -> [String] {
        watched(number).flatMap { [$0.sent.name, $0.verified.name, $0.volume.name, $0.suspended, $0.told] }
    }

    /// The meters a verified code for `number` counts in.
    package func verifiedMeters(for number: PhoneNumber) -> [String] {
        watched(number).map(\.verified.name)
    }

    /// Why a new number's code may not go now, as `sending` read the meters: a watched prefix
    /// suspended, else one throttled — unless the number is texted `again` (`countSent`) — with
    /// the whole seconds until it no longer is. A throttle not told of yet is returned to be
    /// told, and remembered as told until it ends, so exactly one gateway tells of it.
    package func refusal(of number: PhoneNumber, again: Bool, in sending: inout Sending) -> (
        kind: BudgetRefusal.Kind, secondsLeft: Int, told: PrefixSuspension?
    )? {
        let watched = watched(number)
        if let until = watched.compactMap({ sending.meters[$0.suspended]?.expires }).max() {
            return (.suspended, Duration.nanoseconds(until - sending.wall).secondsRoundedUp, nil)
        }
        guard !again, let prefix = watched.first(where: { isThrottled($0, in: sending) }) else { return nil }
        let left = max(.seconds(1), prefix.volume.time(toDecayTo: allowance(prefix, in: sending) - 1, in: sending))
        var told: PrefixSuspension?
        if sending.meters[prefix.told] == nil {
            sending.meters[prefix.told] = Meter(
                stamp: sending.wall, value: 0, expires: sending.wall + left.wholeNanoseconds)
            told = PrefixSuspension(
                kind: .throttled, level: prefix.level, prefix: prefix.prefix, secondsLeft: left.secondsRoundedUp)
        }
        return (.throttled, left.secondsRoundedUp, told)
    }

    /// Counts a code sent to `number`; returns the prefixes this very code suspended, so that
    /// exactly one gateway tells of each suspension. A number texted within the hour, whose
    /// record the gateway still keeps (`again`), adds nothing to the volume: the volume counts
    /// numbers newly texted, a pumper's signature, and each number's own budget bounds how often
    /// one person is texted again.
    package func countSent(to number: PhoneNumber, again: Bool, in sending: inout Sending) -> [PrefixSuspension] {
        watched(number).compactMap { prefix in
            prefix.sent.add(1, in: &sending)
            if !again { prefix.volume.add(1, in: &sending) }
            guard threshold > 0, sending.meters[prefix.suspended] == nil, goesUnverified(prefix, in: sending) else {
                return nil
            }
            let left = suspensionLeft(prefix, in: sending)
            sending.meters[prefix.suspended] = Meter(
                stamp: sending.wall, value: 0, expires: sending.wall + left.wholeNanoseconds)
            return PrefixSuspension(
                kind: .suspended, level: prefix.level, prefix: prefix.prefix, secondsLeft: left.secondsRoundedUp)
        }
    }

    /// Counts a code verified for `number`.
    package func countVerified(for number: PhoneNumber, in sending: inout Sending) {
        for prefix in watched(number) { prefix.verified.add(1, in: &sending) }
    }

    /// `limit` more codes sent than verified and fewer than one in five verified — or ten
    /// times `limit` not verified, however many were: a pumper who receives his own texts
    /// could type one code in five to pass for people.
    private func goesUnverified(_ prefix: Watched, in sending: Sending) -> Bool {
        let sent = prefix.sent.value(in: sending)
        let verified = prefix.verified.value(in: sending)
        let limit = Double(prefix.limit)
        return sent - verified >= limit && (verified * 5 < sent || sent - verified >= limit * 10)
    }

    /// How long a prefix whose codes go unverified rests: until its unverified codes have
    /// decayed to half its limit — both counts halve together, and so does their difference —
    /// so a day at the limit, longer past it.
    private func suspensionLeft(_ prefix: Watched, in sending: Sending) -> Duration {
        let excess = prefix.sent.value(in: sending) - prefix.verified.value(in: sending)
        let halfLives = log2(max(1, 2 * excess / Double(prefix.limit)))
        return max(.seconds(1), .nanoseconds(Int64(Double(Self.countHalfLife.wholeNanoseconds) * halfLives)))
    }

    /// The volume `prefix` may have: `growth` times what its history makes usual — its sends
    /// in a volume half-life, had they come as steadily as the decaying count says — and at
    /// least its floor. A burst counts in its own history as little as it does, so it cannot
    /// raise its own allowance.
    private func allowance(_ prefix: Watched, in sending: Sending) -> Double {
        let usual = prefix.sent.value(in: sending) * (Self.volumeHalfLife / Self.countHalfLife)
        return max(prefix.floor ?? .infinity, Self.growth * usual)
    }

    /// Whether one more code would take `prefix`'s volume past its allowance.
    private func isThrottled(_ prefix: Watched, in sending: Sending) -> Bool {
        prefix.floor != nil && prefix.volume.value(in: sending) + 1 > allowance(prefix, in: sending)
    }
}

/// A prefix the guard suspended or throttled: told once, by the gateway whose code (or
/// refusal) started it.
public struct PrefixSuspension: Equatable, Sendable {
    /// `.suspended` (its codes go unverified) or `.throttled` (its volume is far above usual).
    public let kind: BudgetRefusal.Kind
    /// "block", "range" or "segment".
    public let level: String
    /// The number's first digits, "+861700123".
    public let prefix: String
    /// The whole seconds until it takes new numbers' codes again, as things stand.
    public let secondsLeft: Int
}
