/// A member's value in a request body: the protocol's requests are flat objects, so a value is
/// a string, a number, a boolean or null — never an array or an object.
enum JSONScalar: Equatable {
    case string(String)
    /// A number as written ("60", "-1.5e3"), checked against JSON's grammar.
    case number(String)
    case bool(Bool)
    case null
}

/// Why a body is not a flat JSON object; says where, for the log and for tests.
struct JSONError: Error, Equatable {
    let offset: Int
    let reason: String
}

/// A strict reader of flat JSON objects (RFC 8259): UTF-8 only, no trailing data, no duplicate
/// members, no control characters in strings, escapes (with surrogate pairs) checked, nesting
/// refused. Bodies are bounded before they get here, so the reader needs no limits of its own
/// beyond what it is given.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0

    /// The members of the object `bytes` holds, or why it is not one.
    static func object(_ bytes: [UInt8]) throws(JSONError) -> [String: JSONScalar] {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw JSONError(offset: 0, reason: "not UTF-8") }
        var reader = JSONReader(bytes: bytes)
        return try reader.readDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readDocument() throws(JSONError) -> [String: JSONScalar] {
        skipSpace()
        try expect(UInt8(ascii: "{"))
        var members: [String: JSONScalar] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipSpace()
                let name = try readString()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                guard members[name] == nil else { throw failure("duplicate member \"\(name)\"") }
                members[name] = try readScalar()
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                break
            }
        }
        skipSpace()
        guard index == bytes.count else { throw failure("data after the object") }
        return members
    }

    private mutating func readScalar() throws(JSONError) -> JSONScalar {
        switch peek {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw failure("nested values are not part of the protocol")
        default: return .number(try readNumber())
        }
    }

    /// A number as JSON's grammar has it: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func readNumber() throws(JSONError) -> String {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw failure("not a value") }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw failure("a fraction without digits") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw failure("an exponent without digits") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() throws(JSONError) -> Int {
        let start = index
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func readString() throws(JSONError) -> String {
        try expect(UInt8(ascii: "\""))
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard let byte = peek else { throw failure("an unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try readEscape())
                run = index
            case ..<0x20:
                throw failure("a control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func readEscape() throws(JSONError) -> Unicode.Scalar {
        guard let byte = peek else { throw failure("an unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate")
                }
                index += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure("a lone surrogate") }
            return scalar
        default:
            throw failure("an unknown escape")
        }
    }

    private mutating func hexUnit() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count, let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw failure("a bad \\u escape") }
        index += 4
        return unit
    }

    private mutating func literal(_ word: String) throws(JSONError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw failure("not a value")
        }
        index += expected.count
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expect(_ byte: UInt8) throws(JSONError) {
        guard peek == byte else { throw failure("expected \"\(Character(Unicode.Scalar(byte)))\"") }
        index += 1
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private func failure(_ reason: String) -> JSONError {
        JSONError(offset: index, reason: reason)
    }
}
