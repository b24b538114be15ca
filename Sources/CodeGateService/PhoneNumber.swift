import CodeGateBase
/// A phone number a code can be sent to, kept in one canonical E.164 form ("+8613800138000"):
/// a mainland China mobile number (+86 and 11 digits, 1[3-9]…) or an international number
/// (+ and 8–15 digits).
///
/// Every spelling of one handset becomes the same value, so a per-number cooldown, code or
/// attempt counter cannot be dodged by typing the number another way: "13800138000",
/// "138 0013-8000", "+8613800138000", "+86 138 0013 8000" and "008613800138000" are all equal
/// and hash alike.
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number in E.164 form: "+", the country code and the subscriber number, digits only.
    /// This is the key for anything kept per number.
    public let e164: String

    /// The country code of mainland China, whose numbers must be mobile numbers.
    private static let mainland = "86"

    /// Wraps a string `parse` has already found canonical.
    private init(canonical: String) {
        e164 = canonical
    }

    /// Reads back a key written from `e164`; nil for anything that is not exactly a canonical
    /// number, so a damaged or hand-edited state file cannot create a second key for a handset.
    public init?(e164 text: String) {
        guard let number = Self.checkFinished(text).number, number.e164 == text else { return nil }
        self = number
    }

    /// The number as people write it, without separators: the 11 digits of a mainland mobile
    /// number ("13800138000"), the E.164 form of any other ("+447700900123").
    public var digits: String {
        isMainland ? String(e164.dropFirst(1 + Self.mainland.count)) : e164
    }

    /// The number with the middle hidden, for showing where a message went: "138****8000" for a
    /// mainland number; "+44****0123" for others, hiding at least four digits even when short.
    public var masked: String {
        let characters = Array(digits)
        if isMainland {
            return String(characters.prefix(3)) + "****" + String(characters.suffix(4))
        }
        // "+" and two digits in front; at most four digits behind, fewer when the number is
        // short, so that "****" always stands for at least four hidden digits.
        let head = 3
        let tail = max(0, min(4, characters.count - head - 4))
        return String(characters.prefix(head)) + "****" + String(characters.suffix(tail))
    }

    /// The E.164 form, so that logs name one number one way.
    public var description: String { e164 }

    private var isMainland: Bool { e164.hasPrefix("+" + Self.mainland) }

    /// What to put in the phone field for text typed or pasted into it: the text, with what a
    /// Chinese input method types in full-width mode ("１３８") as the ASCII it is read as, so
    /// the field shows the number as checked.
    public static func filter(inserted text: String) -> String {
        text.halfWidth
    }

    /// What typing `text` so far amounts to: a start that more digits could complete is
    /// `.incomplete`, not an error, so the message does not flash while someone types.
    public static func check(_ text: String) -> PhoneNumberCheck {
        verdict(on: parse(text), finished: false)
    }

    /// The verdict on `text` when no more typing will follow (a pasted value, an option, a
    /// stored key): a number too short to be one is refused with a message saying so.
    public static func checkFinished(_ text: String) -> PhoneNumberCheck {
        verdict(on: parse(text), finished: true)
    }

    private static func verdict(on parsed: Parsed, finished: Bool) -> PhoneNumberCheck {
        switch parsed {
        case .empty: .empty
        case .short(let message): finished ? .invalid(message) : .incomplete
        case .invalid(let message): .invalid(message)
        case .valid(let e164): .valid(PhoneNumber(canonical: e164))
        }
    }

    /// What `text` amounts to, with the reason a start is still too short.
    private enum Parsed {
        case empty
        case short(String)
        case invalid(String)
        case valid(String)
    }

    private static var mainlandLength: String { localized("大陆手机号为 11 位数字") }

    private static func parse(_ text: String) -> Parsed {
        let cleaned = text.halfWidth.withoutSeparators
        guard !cleaned.isEmpty else { return .empty }
        if cleaned.first == "+" {
            let rest = cleaned.dropFirst()
            guard rest.allSatisfy(\.isASCIIDigit) else { return .invalid(localized("号码只能包含数字")) }
            if rest.hasPrefix("00") {
                // "+0086…": the international prefix typed after the "+" that stands for it.
                return .invalid(localized("国家代码不以 0 开头；+ 已代替国际冠码 00，请去掉 00"))
            }
            return international(rest)
        }
        guard cleaned.allSatisfy(\.isASCIIDigit) else { return .invalid(localized("号码只能包含数字")) }
        if cleaned.hasPrefix("00") {
            // "00" is the international call prefix dialled from mainland China: "0086…" is "+86…".
            return international(cleaned.dropFirst(2))
        }
        if cleaned == "0" { return .short(localized("号码不完整")) }  // the start of "00"
        return mainlandMobile(Substring(cleaned))
    }

    /// Checks the digits after the international prefix: the country code and the subscriber
    /// number.
    ///
    /// E.164 country codes have one to three digits, but a string of digits does not say where
    /// the country code ends, so a code of more than three digits cannot be told apart from a
    /// longer subscriber number. The rule applied is the one E.164 sets on the whole: at most 15
    /// digits, country code included. Below 8 digits no international number is plausible.
    /// No country code starts with 0, and +86 numbers must be mainland mobile numbers.
    private static func international(_ digits: Substring) -> Parsed {
        guard let first = digits.first else { return .short(localized("号码不完整：请输入国家代码和号码")) }
        if first == "0" { return .invalid(localized("国家代码不以 0 开头")) }
        if digits.hasPrefix(mainland) {
            return mainlandMobile(digits.dropFirst(mainland.count))
        }
        if Self.mainland.hasPrefix(digits) {
            return .short(localized("号码不完整"))  // "+8" may become "+86"
        }
        switch digits.count {
        case ..<8: return .short(localized("国际号码至少 8 位数字（含国家代码）"))
        case 8...15: return .valid("+" + digits)
        default: return .invalid(localized("国际号码最多 15 位数字（含国家代码）"))
        }
    }

    /// Checks a mainland mobile number without its country code: 11 digits, 1[3-9]….
    private static func mainlandMobile(_ digits: Substring) -> Parsed {
        let characters = Array(digits)
        guard let first = characters.first else { return .short(mainlandLength) }
        guard first == "1" else {
            return .invalid(localized("大陆手机号以 1 开头；其他地区请以 + 和国家代码开头"))
        }
        if characters.count > 1, !("3"..."9").contains(characters[1]) {
            return .invalid(localized("请输入正确的手机号码"))
        }
        switch characters.count {
        case ..<11: return .short(mainlandLength)
        case 11: return .valid("+" + mainland + digits)
        default: return .invalid(mainlandLength)
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
