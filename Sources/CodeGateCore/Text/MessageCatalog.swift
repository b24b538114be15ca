/// A gettext .mo catalog held in memory: the two GTK controls carry their translations inside
/// the library (in a GResource), so an app that links them translates them with no install
/// step, and gettext cannot read those bytes because it only looks for files in locale
/// directories.
///
/// The bytes come from a resource that could be damaged or replaced, so parsing trusts none of
/// them: every count, offset and length is checked before use, a bad catalog is rejected as a
/// whole rather than partly repaired, and the caps below bound the memory a hostile file can make
/// it spend.
///
/// Messages of revision 1's system-dependent strings (the `<PRIu64>` kind) are not read: those
/// live in tables of their own, and the controls' messages have none.
package struct MessageCatalog: Sendable {
    /// Input accepted at most: a control's catalog is a few kilobytes.
    static let maxInputBytes = 1 << 20
    /// Entries accepted at most, so a small file cannot claim a huge table.
    static let maxEntries = 10_000
    /// String bytes decoded at most, NULs not counted. Entries may share their bytes, so without
    /// this 10,000 entries pointing at one 1 MiB string would decode 10 GB.
    static let maxStringBytes = 1 << 20

    /// Translations by msgid, built once: catalogs are small and lookups frequent.
    private let translations: [String: String]

    /// Parses `bytes`, the contents of a .mo file; nil when they are not a valid catalog (wrong
    /// magic, truncated, offsets out of range, counts absurd, strings not UTF-8...). Never traps,
    /// whatever the bytes: they come from outside the code, and a bad translation file must cost
    /// the translations, never the app.
    package init?(bytes: [UInt8]) {
        // The header is seven words: magic, revision, count, the two tables' offsets, and the
        // hash table's size and offset (unused: the dictionary replaces it).
        guard bytes.count <= Self.maxInputBytes, bytes.count >= 28 else { return nil }
        let reader: WordReader
        switch WordReader(bytes, bigEndian: false).word(at: 0) {
        case 0x9504_12de: reader = WordReader(bytes, bigEndian: false)
        case 0xde12_0495: reader = WordReader(bytes, bigEndian: true)
        default: return nil
        }
        // A new major revision would mean a layout this reader does not know.
        guard let revision = reader.word(at: 4), revision >> 16 <= 1,
              let count = reader.word(at: 8), count <= Self.maxEntries,
              let originals = reader.word(at: 12), let translated = reader.word(at: 16)
        else { return nil }

        var result: [String: String] = [:]
        result.reserveCapacity(count)
        var budget = Self.maxStringBytes
        for index in 0..<count {
            guard let original = reader.string(table: originals, index: index, budget: &budget),
                  let translation = reader.string(table: translated, index: index, budget: &budget)
            else { return nil }
            // The entry with an empty msgid is the header (charset, plural rule), not a message.
            // An empty translation means "not translated", as it does to gettext.
            let message = Self.firstPart(of: original)
            let text = Self.firstPart(of: translation)
            guard !message.isEmpty, !text.isEmpty else { continue }
            // Duplicates do not occur in msgfmt's output; keeping the first makes the answer
            // depend on the file alone, not on dictionary order.
            if result[message] == nil {
                result[message] = text
            }
        }
        translations = result
    }

    /// The translation of `message` (a msgid, exactly), or nil when the catalog has none or the
    /// translation is empty. Nil rather than `message` itself, so the caller chooses the
    /// fallback: the untranslated text, or another catalog.
    ///
    /// For a message with plural forms this is the first form, the one gettext gives for n = 1
    /// in most languages; a message with a context (msgctxt) is stored as
    /// "context\u{4}msgid", so its bare msgid does not find it.
    package func translation(of message: String) -> String? {
        translations[message]
    }

    /// The text before the first NUL: the singular of a msgid with a plural, or the first of a
    /// translation's plural forms.
    private static func firstPart(of string: String) -> String {
        // NUL is one byte that never occurs inside a multi-byte sequence, so its UTF-8 index is
        // a scalar boundary of the string.
        guard let end = string.utf8.firstIndex(of: 0) else { return string }
        return String(string[..<end])
    }
}

/// Reads the file's 32-bit words in its byte order, answering nil for anything out of range
/// instead of trapping.
private struct WordReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    init(_ bytes: [UInt8], bigEndian: Bool) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    /// The word at byte `offset`, as an Int: nil when it runs past the end, or when it does not
    /// fit an Int (on a 32-bit platform, where `Int(_:)` would trap).
    func word(at offset: Int) -> Int? {
        guard holds(offset: offset, length: 4) else { return nil }
        let (b0, b1, b2, b3) = (
            UInt32(bytes[offset]), UInt32(bytes[offset + 1]),
            UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3])
        )
        let value: UInt32 = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
        return Int(exactly: value)
    }

    /// The string of entry `index` in the table at `table`, decoded whole (plural parts and all),
    /// and charged to `budget`; nil when its bytes are out of range, not followed by the NUL that
    /// the format puts after each string, over the budget, or not valid UTF-8.
    func string(table: Int, index: Int, budget: inout Int) -> String? {
        // The table's place comes from the file, so even finding the entry is checked.
        let (entry, overflow) = index.multipliedReportingOverflow(by: 8)
        guard !overflow, entry >= 0 else { return nil }
        let (position, overflowAgain) = table.addingReportingOverflow(entry)
        guard !overflowAgain,
              let length = word(at: position),
              let offset = word(at: position + 4),
              length <= budget,
              // One byte more than the string: its terminating NUL.
              holds(offset: offset, length: length + 1),
              bytes[offset + length] == 0
        else { return nil }
        budget -= length
        // `String(validating:)` rejects what `String(decoding:)` would silently repair: a
        // catalog that is not UTF-8 is a wrong catalog, and showing replacement characters would
        // hide that.
        return String(validating: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// Whether `length` bytes from `offset` lie within the file, computed without overflow.
    private func holds(offset: Int, length: Int) -> Bool {
        let (end, overflow) = offset.addingReportingOverflow(length)
        return !overflow && offset >= 0 && length >= 0 && end <= bytes.count
    }
}
