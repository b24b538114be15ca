/// A protocol body as it is written — the gateway's answers, the client's requests: objects
/// keep their members in the order given, so a body reads the same every time.
package enum JSONValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The UTF-8 text: strings escaped as RFC 8259 asks (quote, backslash and every control
    /// character), and U+2028/U+2029 too, which some JavaScript readers take for line ends.
    package var encoded: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .integer(let number):
            out += Array(String(number).utf8)
        case .string(let text):
            Self.write(text, to: &out)
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (position, (name, value)) in members.enumerated() {
                if position > 0 { out += Array(", ".utf8) }
                Self.write(name, to: &out)
                out += Array(": ".utf8)
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func write(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\r": out += Array("\\r".utf8)
            case "\t": out += Array("\\t".utf8)
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
