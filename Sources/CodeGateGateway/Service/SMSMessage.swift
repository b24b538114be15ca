import CodeGateBase
import CodeGateService
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
        let span = seconds >= 60 && seconds % 60 == 0
            ? localized("{0}分钟", "{0}分钟", count: seconds / 60).filling(seconds / 60)
            : localized("{0}秒", "{0}秒", count: seconds).filling(seconds)
        // TRANSLATORS: the text message carrying a code: {0} is the code, {1} how long it is
        // valid ("5分钟"). Keep the code a separate word: people and the code field find it so.
        return localized("【CodeGate】验证码 {0}，{1}内有效，请勿泄露。").filling(code, span)
    }
}
