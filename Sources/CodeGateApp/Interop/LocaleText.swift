import CGtk

/// Text that crosses the terminal, in the locale's charset, as GLib's own messages do: the
/// command line comes in it (GB18030 under `zh_CN.GB18030`, say) and stderr goes out in it.
/// Swift's `CommandLine.arguments` reads every argument as UTF-8 and `print` writes UTF-8,
/// which turns a GB18030 "重新发送" into "锟斤拷…" one way and mojibake the other.
enum LocaleText {
    /// The locale's charset, e.g. "GB18030", and whether it is UTF-8.
    private static var charset: (name: String, isUTF8: Bool) {
        var name: UnsafePointer<CChar>?
        let isUTF8 = g_get_charset(&name) != 0
        return (name.map { String(cString: $0) } ?? "UTF-8", isUTF8)
    }

    /// The name of the locale's charset, for a message that refuses an argument.
    static var charsetName: String { charset.name }

    /// `argument`, a command-line argument, as text: converted from the locale's charset, or
    /// else taken as UTF-8 when it is valid UTF-8 — under the C locale the charset is ASCII,
    /// yet UTF-8 is what terminals send, and it worked before. Nil when it is neither.
    static func decode(_ argument: UnsafePointer<CChar>) -> String? {
        if !charset.isUTF8, let converted = g_locale_to_utf8(argument, -1, nil, nil, nil) {
            defer { g_free(converted) }
            return String(cString: converted)
        }
        let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` in the locale's charset, for the terminal. A character the charset lacks is
    /// written as a `\uXXXX` escape (GLib's own fallback), so nothing is lost, nothing turns
    /// into mojibake and the line stays one line; should the charset have no converter at all,
    /// the text goes out as UTF-8, as it always did.
    static func encode(_ text: String) -> [UInt8] {
        let charset = charset
        guard !charset.isUTF8 else { return Array(text.utf8) }
        var written: gsize = 0
        guard let converted = g_convert_with_fallback(text, -1, charset.name, "UTF-8", nil, nil, &written, nil) else {
            return Array(text.utf8)
        }
        defer { g_free(converted) }
        return Array(UnsafeRawBufferPointer(start: converted, count: Int(written)))
    }
}
