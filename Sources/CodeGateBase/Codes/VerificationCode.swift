/// The 6-digit code: what the entry accepts, and how codes are compared.
package enum VerificationCode {
    /// How many digits a code has.
    package static let length = 6

    /// What to do with text typed or pasted into the code field: digits go in, full-width ones
    /// from a Chinese input method ("３８２") as ASCII, spaces and dashes ("382 917", "382-917")
    /// are dropped; from a whole pasted message ("【CodeGate】验证码 382917，5分钟内有效") its
    /// one run of exactly `length` digits goes in; anything else refuses the whole insertion.
    package static func filter(inserted text: String) -> String? {
        let text = text.halfWidth
        let kept = text.withoutSeparators
        if kept.allSatisfy(\.isASCIIDigit) {
            return kept
        }
        let runs = text.split { !$0.isASCIIDigit }.filter { $0.count == length }
        return runs.count == 1 ? String(runs[0]) : nil
    }

    /// Whether `text` is a complete code.
    package static func isComplete(_ text: String) -> Bool {
        text.count == length && text.allSatisfy(\.isASCIIDigit)
    }

    /// A fresh code: `length` digits, leading zeros kept, from `random`.
    package static func generate(using random: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }

    /// Compares two byte strings (the digests of a guess and of a code) in time that depends
    /// only on their lengths, not on where they first differ, so response times reveal nothing
    /// about how close a guess came.
    package static func matches(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
