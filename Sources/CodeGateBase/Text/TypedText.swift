/// How the phone and code fields read what is typed or pasted into them.
extension String {
    /// The text with what a Chinese input method types in full-width mode read as ASCII: the
    /// digits ０–９ (U+FF10–U+FF19), ＋, － and the ideographic space become 0–9, +, - and a
    /// space. Scalar by scalar, so a digit with a combining mark stays no digit, and other
    /// scripts' digits stay what they are.
    package var halfWidth: String {
        var text = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0xFF10...0xFF19: text.append(Unicode.Scalar(UInt8(scalar.value - 0xFF10) + 0x30))
            case 0xFF0B: text.append("+")
            case 0xFF0D: text.append("-")
            case 0x3000: text.append(" ")
            default: text.append(scalar)
            }
        }
        return String(text)
    }

    /// The text without the spaces and dashes people type or paste to group digits
    /// ("138 0013-8000", "382 917"): both fields ignore them.
    package var withoutSeparators: String { filter { $0 != " " && $0 != "-" } }
}
