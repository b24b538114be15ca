/// A JSON value read from a server's answer (RFC 8259), with no Foundation.
///
/// The reader treats its input as hostile: it takes UTF-8 only, nests at most `maximumDepth`
/// levels (a body of 64 KiB of `[` must not exhaust the stack), refuses duplicate keys (two
/// readers could take different ones) and keeps numbers only as integers, the one kind of
/// number the protocol has; any other number reads as `.otherNumber`.
enum JSONValue: Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    /// A number with a fraction or an exponent, or outside `Int`'s range.
    case otherNumber
    case bool(Bool)
    case null

    /// The most objects and arrays read inside one another.
    static let maximumDepth = 16

    /// Parses `bytes` as one JSON text; nil when they are not one.
    init?(parsing bytes: [UInt8]) {
        var reader = JSONReader(bytes: bytes)
        guard let value = reader.value(depth: 0), reader.atEnd else { return nil }
        self = value
    }

    /// The member `key` of an object; nil for another value or a missing key.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The value as an integer, if it is one.
    var integer: Int? {
        guard case .integer(let value) = self else { return nil }
        return value
    }

    /// The value as a string, if it is one.
    var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }
}

/// The recursive-descent reader behind `JSONValue(parsing:)`.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard let byte = peek() else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return depth < JSONValue.maximumDepth ? object(depth: depth) : nil
        case UInt8(ascii: "["): return depth < JSONValue.maximumDepth ? array(depth: depth) : nil
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard peek() == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")), let member = value(depth: depth + 1), members[key] == nil else { return nil }
            members[key] = member
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(elements) : nil
    }

    /// A string from its opening quote on; its escapes decoded, its bytes valid UTF-8.
    private mutating func string() -> String? {
        index += 1
        var decoded: [UInt8] = []
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = escape() else { return nil }
                decoded.append(contentsOf: escaped)
            case 0..<0x20:
                return nil
            default:
                decoded.append(byte)
            }
        }
        return nil
    }

    /// The UTF-8 of one escape after its backslash; a `\u` pair of surrogates makes one scalar.
    private mutating func escape() -> [UInt8]? {
        guard let byte = peek() else { return nil }
        index += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] { return [replacement] }
        guard byte == UInt8(ascii: "u"), var scalar = hexQuad() else { return nil }
        if (0xD800..<0xDC00).contains(scalar) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return nil }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { return nil }
        return Array(String(Character(unicode)).utf8)
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as the grammar has it: `-`, an integer part without leading zeros, then
    /// optionally a fraction and an exponent.
    private mutating func number() -> JSONValue? {
        let start = index
        _ = take(UInt8(ascii: "-"))
        let integerStart = index
        guard digits() > 0 else { return nil }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { return nil }
        var isInteger = true
        if take(UInt8(ascii: ".")) {
            guard digits() > 0 else { return nil }
            isInteger = false
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
            isInteger = false
        }
        guard isInteger, let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else { return .otherNumber }
        return .integer(value)
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = peek(), byte.isASCIIDigit {
            index += 1
        }
        return index - start
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
        index += utf8.count
        return value
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }
}
