import CodeGateCore
import CodeGateFlow

/// What the gateway remembers of the requests it answered with a code, by `Idempotency-Key`:
/// a client that never got the answer (a timeout, a reset) sends the key again and gets the
/// same answer back — with what is left of its times — instead of a second SMS.
///
/// In memory, each key for its code's lifetime (or cooldown, if longer), at most `capacity`
/// keys, the oldest forgotten first. One process's policy is the same for every key, so keys
/// expire in the order they came, and the oldest is always first.
struct IdempotencyLedger {
    /// The most keys kept.
    static let capacity = 10_000

    /// What a key finds.
    enum Lookup: Equatable {
        /// A key not seen (or forgotten): the request is new.
        case unknown
        /// The key was answered for this number: the answer again, with what is left.
        case replay(cooldownSeconds: Int, expiresInSeconds: Int)
        /// The key was answered for another number.
        case mismatch
    }

    private struct Entry {
        let key: String
        let number: PhoneNumber
        let answered: ContinuousClock.Instant
        let receipt: CodeReceipt

        var forgottenAt: ContinuousClock.Instant { answered + max(receipt.cooldown, receipt.validFor) }
    }

    private var entries: [String: Entry] = [:]
    private var order: [String] = []

    /// Whether `key` is one the protocol allows: 1–64 of `A–Z a–z 0–9 _ -`.
    static func isValid(_ key: String) -> Bool {
        (1...64).contains(key.utf8.count)
            && key.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// What `key` was answered with, for a request for `number` at `now`.
    mutating func lookup(_ key: String, for number: PhoneNumber, at now: ContinuousClock.Instant) -> Lookup {
        forget(before: now)
        guard let entry = entries[key] else { return .unknown }
        guard entry.number == number else { return .mismatch }
        let elapsed = entry.answered.duration(to: now)
        return .replay(cooldownSeconds: max(1, (entry.receipt.cooldown - elapsed).secondsRoundedUp),
                       expiresInSeconds: max(1, (entry.receipt.validFor - elapsed).secondsRoundedUp))
    }

    /// Remembers that `key` got `receipt` for `number` at `now`.
    mutating func remember(_ key: String, for number: PhoneNumber, receipt: CodeReceipt, at now: ContinuousClock.Instant) {
        forget(before: now)
        if entries.count >= Self.capacity, let oldest = order.first {
            entries[oldest] = nil
            order.removeFirst()
        }
        entries[key] = Entry(key: key, number: number, answered: now, receipt: receipt)
        order.append(key)
    }

    /// How many keys are kept, for tests.
    var count: Int { entries.count }

    private mutating func forget(before now: ContinuousClock.Instant) {
        let expired = order.prefix { entries[$0].map { $0.forgottenAt <= now } ?? true }.count
        for key in order.prefix(expired) { entries[key] = nil }
        order.removeFirst(expired)
    }
}
