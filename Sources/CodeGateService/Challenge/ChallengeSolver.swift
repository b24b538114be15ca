import CodeGateBase
import Synchronization

/// Solves challenges (`Challenge`): tries each number from 0 up to the bound, hashing as the
/// server does, so the work is what the server asked for and no more. Bounded, and stoppable
/// between numbers, on whichever thread runs it (`ChallengeProver` gives it a worker's).
package enum ChallengeSolver {
    /// Tells a solve under way to stop, from any thread.
    package final class Stop: Sendable {
        private let flag = Atomic<Bool>(false)

        /// A stop not yet asked for.
        package init() {}

        /// Asks every solve given this stop to end, unsolved.
        package func request() {
            flag.store(true, ordering: .relaxed)
        }

        /// Whether a stop was asked for.
        package var isRequested: Bool {
            flag.load(ordering: .relaxed)
        }
    }

    /// The solution of `challenge`; nil when no number up to its bound solves it (its server
    /// made a mistake) or `stopped` says so, which it is asked every few thousand numbers.
    package static func solve(_ challenge: Challenge, unless stopped: () -> Bool = { false }) -> Int? {
        let hasher = SHA256()
        let salt = Array(challenge.salt.utf8)
        // The number's decimal digits, counted up in place: no text made per number.
        var digits: [UInt8] = [UInt8(ascii: "0")]
        return salt.withUnsafeBufferPointer { salt -> Int? in
            for number in 0...challenge.maxNumber {
                // Often enough to stop within a millisecond, seldom enough to cost nothing.
                if number & 4095 == 0, stopped() { return nil }
                let solved = digits.withUnsafeBufferPointer { hasher.digest(of: salt, $0, equals: challenge.target) }
                if solved { return number }
                increment(&digits)
            }
            return nil
        }
    }

    /// Adds one to the decimal number `digits` spells.
    private static func increment(_ digits: inout [UInt8]) {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < UInt8(ascii: "9") {
                digits[index] += 1
                return
            }
            digits[index] = UInt8(ascii: "0")
            index -= 1
        }
        digits.insert(UInt8(ascii: "1"), at: 0)
    }
}
