/// A phone number a code can be sent to: a mainland China mobile number (11 digits, 1[3-9]…)
/// or an international number in E.164 form (+ and 8–15 digits). Spaces and dashes, typed or
/// pasted, are ignored.
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number without spaces or dashes: "13800138000" or "+447700900123".
    public let digits: String

    /// The number with the middle hidden, for showing where a message went: "138****8000".
    public var masked: String {
        let characters = Array(digits)
        guard characters.count > 7 else { return digits }
        return String(characters.prefix(3)) + "****" + String(characters.suffix(4))
    }

    public var description: String { digits }

    /// What typing `text` so far amounts to.
    public static func check(_ text: String) -> PhoneNumberCheck {
        let cleaned = text.withoutSeparators
        guard !cleaned.isEmpty else { return .empty }
        if cleaned.first == "+" {
            let rest = cleaned.dropFirst()
            guard rest.allSatisfy(\.isASCIIDigit) else { return .invalid("号码只能包含数字") }
            switch rest.count {
            case ..<8: return .incomplete
            case 8...15: return .valid(PhoneNumber(digits: cleaned))
            default: return .invalid("国际号码最多 15 位数字")
            }
        }
        guard cleaned.allSatisfy(\.isASCIIDigit) else { return .invalid("号码只能包含数字") }
        let characters = Array(cleaned)
        guard characters[0] == "1" else {
            return .invalid("大陆手机号以 1 开头；其他地区请以 + 和国家代码开头")
        }
        if characters.count > 1, !("3"..."9").contains(characters[1]) {
            return .invalid("请输入正确的手机号码")
        }
        switch characters.count {
        case ..<11: return .incomplete
        case 11: return .valid(PhoneNumber(digits: cleaned))
        default: return .invalid("大陆手机号为 11 位数字")
        }
    }
}

/// The verdict on what has been typed into the phone number field.
public enum PhoneNumberCheck: Equatable, Sendable {
    /// Nothing typed yet.
    case empty
    /// A valid start that needs more digits: no message yet, but no request either.
    case incomplete
    /// A number a code can be sent to.
    case valid(PhoneNumber)
    /// Wrong whatever follows; the message says why.
    case invalid(String)

    /// The number, when valid.
    public var number: PhoneNumber? {
        if case .valid(let number) = self { return number }
        return nil
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// The text without the spaces and dashes people type or paste to group digits
    /// ("138 0013-8000", "382 917"): both fields ignore them.
    var withoutSeparators: String { filter { $0 != " " && $0 != "-" } }
}
