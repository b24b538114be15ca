/// A text message as the phone would receive it.
public struct SMSMessage: Equatable, Sendable {
    /// Who it went to.
    public let recipient: PhoneNumber
    /// The text, e.g. "【CodeGate】验证码 382917，5分钟内有效，请勿泄露。".
    public let text: String

    /// Describes a delivered message.
    public init(recipient: PhoneNumber, text: String) {
        self.recipient = recipient
        self.text = text
    }

    /// The text of a message carrying `code`, valid for `validity`.
    public static func codeText(_ code: String, validFor validity: Duration) -> String {
        let seconds = Int(validity.components.seconds)
        let span = seconds >= 60 && seconds % 60 == 0 ? "\(seconds / 60)分钟" : "\(seconds)秒"
        return "【CodeGate】验证码 \(code)，\(span)内有效，请勿泄露。"
    }
}
