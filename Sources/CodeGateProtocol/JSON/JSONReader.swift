/// A member's value in a protocol body. The protocol's requests are flat objects, so a value
/// it reads is a string, a number, a boolean or null; its answers' error bodies hold one object
/// inside (`{"error": {...}}`), which the reader takes only when it is told to. Any other array
/// or object is checked and passed over (`nested`): an unknown member is ignored whatever its
/// value, so that a later version may add one.
package enum JSONScalar: Equatable, Sendable {
    case string(String)
    /// A number as written ("60", "-1.5e3"), checked against JSON's grammar.
    case number(String)
    case bool(Bool)
    case null
    /// An object inside the object read, when nesting is allowed.
    case object([String: JSONScalar])
    /// An array, or an object deeper than the nesting allowed: strict JSON, not kept, as no
    /// member the protocol reads holds one.
    case nested

    /// The string, if the value is one.
    package var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The number as an `Int`, if it is written as an integer ("60", "-1"; not "60.0" or
    /// "6e1") within `Int`'s range. A member that is there but is no such number gives nil,
    /// as a missing one does where it is looked up; `isNumber` tells them apart.
    package var integer: Int? {
        guard case .number(let text) = self, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            return nil
        }
        return Int(text)
    }

    /// Whether the value is a number of any form.
    package var isNumber: Bool {
        guard case .number = self else { return false }
        return true
    }

    /// The members, if the value is an object.
    package var members: [String: JSONScalar]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}

/// Why a body is not the JSON object asked for; says where, for the log and for tests.
package struct JSONError: Error, Equatable {
    package let offset: Int
    package let reason: String
}

/// A strict reader of the protocol's JSON objects (RFC 8259): UTF-8 only, no trailing data, no
/// duplicate members, no control characters in strings, escapes (with surrogate pairs)
/// checked. Objects inside objects are read up to the nesting allowed; arrays, and objects
/// deeper than that, are checked without recursion and passed over, up to `deepest` levels —
/// so neither its stack nor its work grows past a bound whatever the body. Bodies are bounded
/// before they get here, so the reader needs no limits of its own beyond these.
package struct JSONReader {
    private let bytes: [UInt8]
    private let nesting: Int
    private var index = 0

    /// The members of the object `bytes` holds, or why it is not one; `nesting` objects may
    /// sit inside one another below it (0: a flat object, as requests are).
    package static func object(_ bytes: [UInt8], nesting: Int = 0) throws(JSONError) -> [String: JSONScalar] {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw JSONError(offset: 0, reason: "not UTF-8") }
        var reader = JSONReader(bytes: bytes, nesting: nesting)
        return try reader.readDocument()
    }

    private init(bytes: [UInt8], nesting: Int) {
        self.bytes = bytes
        self.nesting = nesting
    }

    private mutating func readDocument() throws(JSONError) -> [String: JSONScalar] {
        skipSpace()
        let members = try readObject(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw failure("data after the object") }
        return members
    }

    /// An object from its opening brace on, `depth` objects deep.
    private mutating func readObject(depth: Int) throws(JSONError) -> [String: JSONScalar] {
        try expect(UInt8(ascii: "{"))
        var members: [String: JSONScalar] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipSpace()
            let name = try readString()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            guard members[name] == nil else { throw failure("duplicate member \"\(name)\"") }
            members[name] = try readScalar(depth: depth)
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return members
        }
    }

    private mutating func readScalar(depth: Int) throws(JSONError) -> JSONScalar {
        switch peek {
        case UInt8(ascii: "{") where depth < nesting: return .object(try readObject(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipNested()
            return .nested
        default: return .number(try readNumber())
        }
    }

    /// How deep arrays and objects passed over may nest.
    package static let deepest = 32

    /// Checks the array or object that starts here and moves past it, keeping nothing: a
    /// stack of the brackets still open instead of recursion.
    private mutating func skipNested() throws(JSONError) {
        var closers: [UInt8] = []
        var wantsValue = true
        while true {
            skipSpace()
            if !wantsValue {
                guard let closer = closers.last else { return }
                if peek == UInt8(ascii: ",") {
                    index += 1
                    if closer == UInt8(ascii: "}") { try readMemberName() }
                    wantsValue = true
                } else {
                    try expect(closer)
                    closers.removeLast()
                }
                continue
            }
            wantsValue = false
            switch peek {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard closers.count < Self.deepest else { throw failure("values nested too deep") }
                let closer = peek == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index += 1
                skipSpace()
                if peek == closer {
                    index += 1
                    continue
                }
                closers.append(closer)
                if closer == UInt8(ascii: "}") { try readMemberName() }
                wantsValue = true
            case UInt8(ascii: "\""): _ = try readString()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: _ = try readNumber()
            }
        }
    }

    /// A member's name and its colon, inside an object passed over.
    private mutating func readMemberName() throws(JSONError) {
        skipSpace()
        _ = try readString()
        skipSpace()
        try expect(UInt8(ascii: ":"))
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
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
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
        guard index + 4 <= bytes.count,
            let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw failure("a bad \\u escape") }
        index += 4
        return unit
    }

    private mutating func literal(_ word: String) throws(JSONError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
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
