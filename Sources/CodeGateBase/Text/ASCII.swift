/// ASCII classes for text that must be plain ASCII: phone numbers and codes, record fields,
/// file names. `Character`'s own `isNumber` and `isLetter` take in every script's digits and
/// letters, and a range of `Character`s takes in a digit with a combining mark ("1\u{301}").
extension UInt8 {
    /// 0–9.
    package var isASCIIDigit: Bool { (0x30...0x39).contains(self) }

    /// A–Z, a–z or 0–9.
    package var isASCIIAlphanumeric: Bool {
        isASCIIDigit || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}

extension Character {
    /// 0–9 and nothing else.
    package var isASCIIDigit: Bool { asciiValue?.isASCIIDigit ?? false }
}
