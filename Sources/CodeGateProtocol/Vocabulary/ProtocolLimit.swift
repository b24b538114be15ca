/// The protocol's bounds, which both sides enforce.
package enum ProtocolLimit {
    /// The largest request body the gateway reads.
    package static let requestBytes = 4096
    /// The largest answer body the client reads.
    package static let answerBytes = 65_536
    /// The longest wait a number of seconds may name: a day. A larger one is no cooldown a
    /// person would wait for, and none the app would show as a countdown.
    package static let longestWait = 86_400
    /// The most wrong guesses an answer may say are left.
    package static let mostAttempts = 1000
    /// The length of an `Idempotency-Key`, of `A–Z a–z 0–9 _ -`.
    package static let keyLength = 1...64
    /// The length of a code, in digits.
    package static let codeLength = 4...8
    /// The length of a `verification_id`, of `A–Z a–z 0–9 _ -`: at least 128 random bits
    /// base64url-encoded, or as hex digits.
    package static let verificationIDLength = 22...128

    /// Whether `text` is 1 or more of `A–Z a–z 0–9 _ -` of a length in `lengths`: an
    /// `Idempotency-Key` or a `verification_id`.
    package static func isToken(_ text: String, of lengths: ClosedRange<Int>) -> Bool {
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8
        return lengths.contains(text.utf8.count) && text.utf8.allSatisfy(alphabet.contains)
    }
}
