import CodeGateBase
import CodeGateGateway

/// Bytes as PostgreSQL's text format writes `bytea` (`\x` and two hex digits a byte), both ways.
enum PostgresText {
    static func bytea(_ bytes: [UInt8]) -> String {
        "\\x" + Hex.encode(bytes)
    }

    /// The bytes of a `bytea` in hex format; nil for anything else.
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x") else { return nil }
        return Hex.decode(digits.dropFirst(2))
    }
}
