/// Bytes as PostgreSQL's text format writes `bytea` (`\x` and two hex digits a byte), both ways.
enum PostgresText {
    static func bytea(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of a `bytea` in hex format; nil for anything else.
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count >= 2, digits.count % 2 == 0, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x")
        else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 2, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
