import CodeGateBase
import CodeGateService

/// A text message on its way to the provider, as the outbox keeps it between the transaction
/// that issued its code and a 2xx from the provider: its stable id (which the provider
/// deduplicates on), where it goes, its text, and how its delivery stands.
package struct OutboxMessage: Equatable, Sendable {
    /// 32 lowercase hex digits, fresh per message and the same at every attempt.
    package let id: String
    /// Who it goes to.
    package let recipient: PhoneNumber
    /// The text, with the code in it: the row is deleted once delivered or given up.
    package let text: String
    /// When the message was written, on the wall clock (since 1970).
    package let created: Duration
    /// Attempts made before this one.
    package let attempts: Int
    /// What is left of the code's lifetime when the row was read: past it, the message is
    /// given up, since the code it carries no longer works.
    package let validFor: Duration

    /// Describes a message read back from the outbox.
    package init(id: String, recipient: PhoneNumber, text: String, created: Duration, attempts: Int, validFor: Duration)
    {
        self.id = id
        self.recipient = recipient
        self.text = text
        self.created = created
        self.attempts = attempts
        self.validFor = validFor
    }

    /// Whether `text` can be a message id: 32 lowercase hex digits.
    package static func isID(_ text: String) -> Bool {
        text.utf8.count == 32
            && text.utf8.allSatisfy { $0.isASCIIDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// A fresh id from `random`.
    package static func newID(using random: inout some RandomNumberGenerator) -> String {
        String(decoding: (0..<32).map { _ in Hex.digits[Int.random(in: 0..<16, using: &random)] }, as: UTF8.self)
    }
}
