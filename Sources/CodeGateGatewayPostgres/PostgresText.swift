import CodeGateBase
import CodeGateGateway

/// Values as PostgreSQL's text format writes them, both ways: integers in decimal, `bytea` as
/// `\x` and two hex digits a byte, NULL as no text at all.
enum PostgresText {
    /// `value` as a parameter.
    static func cell(_ value: StoreValue) -> String? {
        switch value {
        case .null: nil
        case .integer(let number): String(number)
        case .text(let text): text
        case .bytes(let bytes): bytea(bytes)
        }
    }

    /// The cells of `row` read as `kinds` say; nil when one is not of its kind.
    static func values(_ row: [String?], as kinds: [StoreValue.Kind]) -> [StoreValue]? {
        guard row.count == kinds.count else { return nil }
        var values: [StoreValue] = []
        for (cell, kind) in zip(row, kinds) {
            guard let cell else {
                values.append(.null)
                continue
            }
            switch kind {
            case .text: values.append(.text(cell))
            case .integer:
                guard let number = Int64(cell) else { return nil }
                values.append(.integer(number))
            case .bytes:
                guard let bytes = bytes(cell) else { return nil }
                values.append(.bytes(bytes))
            }
        }
        return values
    }

    /// `texts` as a `text[]` literal: each element quoted, its quotes and backslashes escaped,
    /// so no text can end the array or split an element.
    static func array(_ texts: [String]) -> String {
        let quoted = texts.map { text in
            var element = "\""
            for character in text {
                if character == "\"" || character == "\\" { element.append("\\") }
                element.append(character)
            }
            return element + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }

    /// `bytes` as a `bytea`.
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
