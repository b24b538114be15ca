import CGLib

/// Standard base64 (RFC 4648, padded) decoded by GLib: how the build embeds the controls'
/// catalogs and the GResource bundles as string literals, cheap for the compiler to type-check.
package enum Base64 {
    /// The bytes `text` encodes; nil when it is not canonical padded base64. GLib skips what is
    /// outside the alphabet, so the text is checked first: a damaged literal is refused whole.
    package static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        let padding = input.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard input.count % 4 == 0, padding <= 2, input.dropLast(padding).allSatisfy(isInAlphabet) else { return nil }
        guard !input.isEmpty else { return [] }
        var length: gsize = 0
        guard let decoded = g_base64_decode(text, &length) else { return nil }
        defer { g_free(decoded) }
        return Array(UnsafeBufferPointer(start: decoded, count: Int(length)))
    }

    private static func isInAlphabet(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
    }
}
