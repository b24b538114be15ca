import CodeGateCore
import Testing

/// The reader against .mo files laid out here byte by byte, against GNU msgfmt's own output, and
/// against damaged files, each of which must give no catalog rather than a trap or a partial one.
@Suite struct MessageCatalogTests {
    static let header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"

    /// What most tests start from: a header and two messages.
    static let basic: [(String, String)] = [
        ("", header),
        ("滑动解锁", "Slide to unlock"),
        ("获取验证码", "Get code"),
    ]

    // MARK: Reading

    @Test(arguments: [false, true])
    func readsBothByteOrders(bigEndian: Bool) throws {
        let file = MO.file(Self.basic, bigEndian: bigEndian)
        // The builder writes the real magic, so the two runs really are the two byte orders.
        #expect(Array(file.prefix(4)) == (bigEndian ? [0x95, 0x04, 0x12, 0xde] : [0xde, 0x12, 0x04, 0x95]))
        let catalog = try #require(MessageCatalog(bytes: file))
        #expect(catalog.translation(of: "滑动解锁") == "Slide to unlock")
        #expect(catalog.translation(of: "获取验证码") == "Get code")
        #expect(catalog.translation(of: "获取验证") == nil)
        #expect(catalog.translation(of: "获取验证码 ") == nil)
        #expect(catalog.translation(of: "Slide to unlock") == nil)
    }

    @Test func headerEntryIsNotAMessage() throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file(Self.basic)))
        #expect(catalog.translation(of: "") == nil)
        // A catalog of the header alone is valid, and empty.
        let headerOnly = try #require(MessageCatalog(bytes: MO.file([("", Self.header)])))
        #expect(headerOnly.translation(of: "") == nil)
        #expect(MessageCatalog(bytes: MO.file([] as [(String, String)])) != nil)
    }

    @Test func pluralEntryGivesItsFirstFormForItsSingular() throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file([
            ("", Self.header),
            ("还剩 %d 秒\0还剩 %d 秒钟", "%d second left\0%d seconds left"),
        ])))
        #expect(catalog.translation(of: "还剩 %d 秒") == "%d second left")
        #expect(catalog.translation(of: "还剩 %d 秒钟") == nil)
        #expect(catalog.translation(of: "还剩 %d 秒\0还剩 %d 秒钟") == nil)
    }

    @Test func contextEntryIsNotFoundByItsBareMsgid() throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file([
            ("button\u{4}重新获取", "Resend"),
            ("获取验证码", "Get code"),
        ])))
        #expect(catalog.translation(of: "重新获取") == nil)
        #expect(catalog.translation(of: "button\u{4}重新获取") == "Resend")
        #expect(catalog.translation(of: "获取验证码") == "Get code")
    }

    @Test func emptyTranslationIsNoTranslation() throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file([
            ("滑动解锁", ""),
            ("还剩 %d 秒\0还剩 %d 秒钟", "\0%d seconds left"),
            ("获取验证码", "Get code"),
        ])))
        #expect(catalog.translation(of: "滑动解锁") == nil)
        #expect(catalog.translation(of: "还剩 %d 秒") == nil)
        #expect(catalog.translation(of: "获取验证码") == "Get code")
    }

    @Test func duplicateMsgidKeepsTheFirst() throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file([("滑动解锁", "first"), ("滑动解锁", "second")])))
        #expect(catalog.translation(of: "滑动解锁") == "first")
    }

    @Test(arguments: [0x0000_0000, 0x0000_0001, 0x0001_0000, 0x0001_0001, 0x0001_ffff] as [UInt32])
    func revisionsZeroAndOneAreRead(revision: UInt32) throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file(Self.basic, revision: revision)))
        #expect(catalog.translation(of: "滑动解锁") == "Slide to unlock")
    }

    /// Entries whose strings share bytes are valid (the format does not forbid it), as long as
    /// what they decode stays within the budget.
    @Test func entriesMaySharePlentyOfBytes() throws {
        let big = String(repeating: "x", count: 400_000)
        let catalog = try #require(MessageCatalog(bytes: MO.sharedTranslation(big)))
        #expect(catalog.translation(of: "a") == big)
        #expect(catalog.translation(of: "b") == big)
    }

    @Test func tenThousandEntriesAreRead() throws {
        let catalog = try #require(MessageCatalog(bytes: MO.file(MO.numbered(10_000))))
        #expect(catalog.translation(of: "m0") == "t0")
        #expect(catalog.translation(of: "m9999") == "t9999")
    }

    @Test func oneMebibyteIsRead() throws {
        let file = MO.file(sized: 1 << 20)
        #expect(file.count == 1 << 20)
        let catalog = try #require(MessageCatalog(bytes: file))
        #expect(catalog.translation(of: "a")?.utf8.count == (1 << 20) - MO.file([("a", "")]).count)
    }

    // MARK: GNU msgfmt's output

    /// `msgfmt` (GNU gettext-tools 0.21) output for this .po, little-endian and then with
    /// `--endianness=big`:
    ///
    ///     msgid ""
    ///     msgstr ""
    ///     "Content-Type: text/plain; charset=UTF-8\n"
    ///     "Plural-Forms: nplurals=2; plural=(n != 1);\n"
    ///
    ///     msgid "滑动解锁"
    ///     msgstr "Slide to unlock"
    ///
    ///     msgid "获取验证码"
    ///     msgstr "Get code"
    ///
    ///     msgid "还剩 %d 秒"
    ///     msgid_plural "还剩 %d 秒钟"
    ///     msgstr[0] "%d second left"
    ///     msgstr[1] "%d seconds left"
    ///
    ///     msgctxt "button"
    ///     msgid "重新获取"
    ///     msgstr "Resend"
    static let msgfmtLittleEndian: [UInt8] = [
        0xde, 0x12, 0x04, 0x95, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x1c, 0x00, 0x00, 0x00,
        0x44, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x6c, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x88, 0x00, 0x00, 0x00, 0x13, 0x00, 0x00, 0x00, 0x89, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00,
        0x9d, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0xaa, 0x00, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x00,
        0xba, 0x00, 0x00, 0x00, 0x53, 0x00, 0x00, 0x00, 0xd9, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00,
        0x2d, 0x01, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0x34, 0x01, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,
        0x44, 0x01, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x00, 0x4d, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x62, 0x75, 0x74, 0x74, 0x6f, 0x6e, 0x04,
        0xe9, 0x87, 0x8d, 0xe6, 0x96, 0xb0, 0xe8, 0x8e, 0xb7, 0xe5, 0x8f, 0x96, 0x00, 0xe6, 0xbb, 0x91,
        0xe5, 0x8a, 0xa8, 0xe8, 0xa7, 0xa3, 0xe9, 0x94, 0x81, 0x00, 0xe8, 0x8e, 0xb7, 0xe5, 0x8f, 0x96,
        0xe9, 0xaa, 0x8c, 0xe8, 0xaf, 0x81, 0xe7, 0xa0, 0x81, 0x00, 0xe8, 0xbf, 0x98, 0xe5, 0x89, 0xa9,
        0x20, 0x25, 0x64, 0x20, 0xe7, 0xa7, 0x92, 0x00, 0xe8, 0xbf, 0x98, 0xe5, 0x89, 0xa9, 0x20, 0x25,
        0x64, 0x20, 0xe7, 0xa7, 0x92, 0xe9, 0x92, 0x9f, 0x00, 0x43, 0x6f, 0x6e, 0x74, 0x65, 0x6e, 0x74,
        0x2d, 0x54, 0x79, 0x70, 0x65, 0x3a, 0x20, 0x74, 0x65, 0x78, 0x74, 0x2f, 0x70, 0x6c, 0x61, 0x69,
        0x6e, 0x3b, 0x20, 0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74, 0x3d, 0x55, 0x54, 0x46, 0x2d, 0x38,
        0x0a, 0x50, 0x6c, 0x75, 0x72, 0x61, 0x6c, 0x2d, 0x46, 0x6f, 0x72, 0x6d, 0x73, 0x3a, 0x20, 0x6e,
        0x70, 0x6c, 0x75, 0x72, 0x61, 0x6c, 0x73, 0x3d, 0x32, 0x3b, 0x20, 0x70, 0x6c, 0x75, 0x72, 0x61,
        0x6c, 0x3d, 0x28, 0x6e, 0x20, 0x21, 0x3d, 0x20, 0x31, 0x29, 0x3b, 0x0a, 0x00, 0x52, 0x65, 0x73,
        0x65, 0x6e, 0x64, 0x00, 0x53, 0x6c, 0x69, 0x64, 0x65, 0x20, 0x74, 0x6f, 0x20, 0x75, 0x6e, 0x6c,
        0x6f, 0x63, 0x6b, 0x00, 0x47, 0x65, 0x74, 0x20, 0x63, 0x6f, 0x64, 0x65, 0x00, 0x25, 0x64, 0x20,
        0x73, 0x65, 0x63, 0x6f, 0x6e, 0x64, 0x20, 0x6c, 0x65, 0x66, 0x74, 0x00, 0x25, 0x64, 0x20, 0x73,
        0x65, 0x63, 0x6f, 0x6e, 0x64, 0x73, 0x20, 0x6c, 0x65, 0x66, 0x74, 0x00,
    ]

    static let msgfmtBigEndian: [UInt8] = [
        0x95, 0x04, 0x12, 0xde, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x1c,
        0x00, 0x00, 0x00, 0x44, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x6c, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x88, 0x00, 0x00, 0x00, 0x13, 0x00, 0x00, 0x00, 0x89, 0x00, 0x00, 0x00, 0x0c,
        0x00, 0x00, 0x00, 0x9d, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0xaa, 0x00, 0x00, 0x00, 0x1e,
        0x00, 0x00, 0x00, 0xba, 0x00, 0x00, 0x00, 0x53, 0x00, 0x00, 0x00, 0xd9, 0x00, 0x00, 0x00, 0x06,
        0x00, 0x00, 0x01, 0x2d, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x01, 0x34, 0x00, 0x00, 0x00, 0x08,
        0x00, 0x00, 0x01, 0x44, 0x00, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x01, 0x4d, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x62, 0x75, 0x74, 0x74, 0x6f, 0x6e, 0x04,
        0xe9, 0x87, 0x8d, 0xe6, 0x96, 0xb0, 0xe8, 0x8e, 0xb7, 0xe5, 0x8f, 0x96, 0x00, 0xe6, 0xbb, 0x91,
        0xe5, 0x8a, 0xa8, 0xe8, 0xa7, 0xa3, 0xe9, 0x94, 0x81, 0x00, 0xe8, 0x8e, 0xb7, 0xe5, 0x8f, 0x96,
        0xe9, 0xaa, 0x8c, 0xe8, 0xaf, 0x81, 0xe7, 0xa0, 0x81, 0x00, 0xe8, 0xbf, 0x98, 0xe5, 0x89, 0xa9,
        0x20, 0x25, 0x64, 0x20, 0xe7, 0xa7, 0x92, 0x00, 0xe8, 0xbf, 0x98, 0xe5, 0x89, 0xa9, 0x20, 0x25,
        0x64, 0x20, 0xe7, 0xa7, 0x92, 0xe9, 0x92, 0x9f, 0x00, 0x43, 0x6f, 0x6e, 0x74, 0x65, 0x6e, 0x74,
        0x2d, 0x54, 0x79, 0x70, 0x65, 0x3a, 0x20, 0x74, 0x65, 0x78, 0x74, 0x2f, 0x70, 0x6c, 0x61, 0x69,
        0x6e, 0x3b, 0x20, 0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74, 0x3d, 0x55, 0x54, 0x46, 0x2d, 0x38,
        0x0a, 0x50, 0x6c, 0x75, 0x72, 0x61, 0x6c, 0x2d, 0x46, 0x6f, 0x72, 0x6d, 0x73, 0x3a, 0x20, 0x6e,
        0x70, 0x6c, 0x75, 0x72, 0x61, 0x6c, 0x73, 0x3d, 0x32, 0x3b, 0x20, 0x70, 0x6c, 0x75, 0x72, 0x61,
        0x6c, 0x3d, 0x28, 0x6e, 0x20, 0x21, 0x3d, 0x20, 0x31, 0x29, 0x3b, 0x0a, 0x00, 0x52, 0x65, 0x73,
        0x65, 0x6e, 0x64, 0x00, 0x53, 0x6c, 0x69, 0x64, 0x65, 0x20, 0x74, 0x6f, 0x20, 0x75, 0x6e, 0x6c,
        0x6f, 0x63, 0x6b, 0x00, 0x47, 0x65, 0x74, 0x20, 0x63, 0x6f, 0x64, 0x65, 0x00, 0x25, 0x64, 0x20,
        0x73, 0x65, 0x63, 0x6f, 0x6e, 0x64, 0x20, 0x6c, 0x65, 0x66, 0x74, 0x00, 0x25, 0x64, 0x20, 0x73,
        0x65, 0x63, 0x6f, 0x6e, 0x64, 0x73, 0x20, 0x6c, 0x65, 0x66, 0x74, 0x00,
    ]

    @Test(arguments: [MessageCatalogTests.msgfmtLittleEndian, MessageCatalogTests.msgfmtBigEndian])
    func readsMsgfmtOutput(file: [UInt8]) throws {
        let catalog = try #require(MessageCatalog(bytes: file))
        #expect(catalog.translation(of: "滑动解锁") == "Slide to unlock")
        #expect(catalog.translation(of: "获取验证码") == "Get code")
        #expect(catalog.translation(of: "还剩 %d 秒") == "%d second left")
        #expect(catalog.translation(of: "还剩 %d 秒钟") == nil)
        #expect(catalog.translation(of: "重新获取") == nil)
        #expect(catalog.translation(of: "button\u{4}重新获取") == "Resend")
        #expect(catalog.translation(of: "") == nil)
    }

    /// msgfmt puts the strings last, each with its NUL, so any cut loses something.
    @Test(arguments: [MessageCatalogTests.msgfmtLittleEndian, MessageCatalogTests.msgfmtBigEndian])
    func everyTruncationOfMsgfmtOutputIsRejected(file: [UInt8]) {
        for length in 0..<file.count {
            #expect(MessageCatalog(bytes: Array(file.prefix(length))) == nil, "first \(length) bytes")
        }
    }

    /// Random damage must give a catalog or nil, never a trap; some of it (in the hash table,
    /// which is not read, or inside ASCII text) leaves a valid catalog, most does not, and the
    /// counts check the damage reached both paths.
    @Test func randomDamageNeverTraps() {
        var random = SplitMix(state: 0x6d6f)
        var accepted = 0
        var rejected = 0
        for _ in 0..<20_000 {
            var file = Bool.random(using: &random) ? Self.msgfmtLittleEndian : Self.msgfmtBigEndian
            for _ in 0...Int.random(in: 0...3, using: &random) {
                // Most damage goes to the header and the tables (before 0x88), where the numbers are.
                let end = Int.random(in: 0...3, using: &random) == 0 ? file.count : 0x88
                file[Int.random(in: 0..<end, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let catalog = MessageCatalog(bytes: file) {
                accepted += 1
                _ = catalog.translation(of: "滑动解锁")
            } else {
                rejected += 1
            }
        }
        #expect(accepted > 100)
        #expect(rejected > 100)
    }

    // MARK: Rejected

    @Test func basicFileIsValid() {
        // The control for every rejection below, which all damage this file.
        #expect(MessageCatalog(bytes: MO.file(Self.basic)) != nil)
        #expect(MessageCatalog(bytes: MO.file(Self.basic, bigEndian: true)) != nil)
    }

    @Test(arguments: Damage.allCases)
    func damagedFileIsRejected(damage: Damage) {
        #expect(MessageCatalog(bytes: damage.file) == nil)
    }

    @Test(arguments: [
        [0xff],
        [0xc3], // a two-byte sequence cut short
        [0xc0, 0xaf], // "/" in two bytes (overlong)
        [0xed, 0xa0, 0x80], // a UTF-16 surrogate
        [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
        [0xe6, 0xbb], // "滑" without its last byte
    ] as [[UInt8]])
    func invalidUTF8IsRejectedWherever(bad: [UInt8]) {
        let good = Array("滑动解锁".utf8)
        func places(_ inserted: [UInt8]) -> [[([UInt8], [UInt8])]] {
            [
                [(good, inserted + good)], // in a translation
                [(inserted + good, good)], // in a msgid
                [(good + [0] + inserted, good + [0] + good)], // in a msgid's plural
                [(good, good + [0] + inserted)], // in a translation's second form
                [([], inserted), (good, good)], // in the header
            ]
        }
        for (broken, sound) in zip(places(bad), places(Array("A".utf8))) {
            #expect(MessageCatalog(bytes: MO.file(broken)) == nil)
            // The control: the same entries with "A" in place of the bad bytes are read.
            #expect(MessageCatalog(bytes: MO.file(sound)) != nil)
        }
    }
}

extension MessageCatalogTests {
    /// Ways to damage a valid file, mostly `MessageCatalogTests.basic`'s (entries: the header,
    /// 滑动解锁, 获取验证码), each checked against an undamaged control in another test.
    enum Damage: CaseIterable, Sendable {
        case empty
        case headerCut
        case wrongMagic
        case magicOfTheOtherByteOrder
        case revisionTwo
        case translationTableCut
        case countPastTheTables
        case tableOffsetWrapsIn32Bits
        case offsetAtTheEnd
        case offsetPastTheEnd
        case lengthPastTheEnd
        case lengthWrapsIn32Bits
        case offsetWrapsIn32Bits
        case missingTerminator
        case tenThousandAndOneEntries
        case inputOverOneMebibyte
        case sharedBytesOverTheBudget

        var file: [UInt8] {
            var file = MO.file(MessageCatalogTests.basic)
            let count = MessageCatalogTests.basic.count
            switch self {
            case .empty: return []
            case .headerCut:
                // A catalog of no entries is its header alone, but the whole of it: seven words.
                return Array(MO.file([] as [(String, String)]).prefix(27))
            case .wrongMagic: MO.put(0x9504_12df, at: 0, in: &file)
            case .magicOfTheOtherByteOrder: MO.put(0xde12_0495, at: 0, in: &file)
            case .revisionTwo: MO.put(0x0002_0000, at: 4, in: &file)
            case .translationTableCut: return Array(file.prefix(MO.translationEntry(1, count: count)))
            case .countPastTheTables: MO.put(1000, at: 8, in: &file)
            case .tableOffsetWrapsIn32Bits:
                // 0xffff_fff8 + 3 × 8 is 16 in 32-bit arithmetic: inside the file.
                MO.put(0xffff_fff8, at: 12, in: &file)
            case .offsetAtTheEnd: MO.put(UInt32(file.count), at: MO.translationEntry(2, count: count) + 4, in: &file)
            case .offsetPastTheEnd: MO.put(0xffff_ffff, at: MO.translationEntry(2, count: count) + 4, in: &file)
            case .lengthPastTheEnd:
                // Its bytes fit, but not the NUL after them.
                let offset = MO.word(at: MO.translationEntry(2, count: count) + 4, in: file)
                MO.put(UInt32(file.count) - offset, at: MO.translationEntry(2, count: count), in: &file)
            case .lengthWrapsIn32Bits:
                // offset + 0xffff_ffff + 1 (its NUL) is the offset again in 32-bit arithmetic.
                MO.put(0xffff_ffff, at: MO.translationEntry(1, count: count), in: &file)
            case .offsetWrapsIn32Bits:
                // 0xffff_fff0 + 0x20 is 0x10 in 32-bit arithmetic: inside the file.
                MO.put(0x20, at: MO.originalEntry(1), in: &file)
                MO.put(0xffff_fff0, at: MO.originalEntry(1) + 4, in: &file)
            case .missingTerminator:
                // "Slide to unloc", followed by "k" where its NUL should be: still valid UTF-8.
                MO.put(14, at: MO.translationEntry(1, count: count), in: &file)
            case .tenThousandAndOneEntries: return MO.file(MO.numbered(10_001))
            case .inputOverOneMebibyte: return MO.file(sized: (1 << 20) + 1)
            case .sharedBytesOverTheBudget:
                // Two entries reading the same 600,000 bytes: a 600 KB file decoding 1.2 MB.
                return MO.sharedTranslation(String(repeating: "x", count: 600_000))
            }
            return file
        }
    }

    /// Lays out .mo files the way msgfmt does, without the hash table (which readers may ignore):
    /// the seven-word header, the originals' table, the translations' table, then the strings, each
    /// followed by a NUL.
    enum MO {
        static func file(_ entries: [(String, String)], bigEndian: Bool = false, revision: UInt32 = 0) -> [UInt8] {
            file(entries.map { (Array($0.0.utf8), Array($0.1.utf8)) }, bigEndian: bigEndian, revision: revision)
        }

        static func file(_ entries: [([UInt8], [UInt8])], bigEndian: Bool = false, revision: UInt32 = 0) -> [UInt8] {
            let count = entries.count
            var bytes = [UInt8](repeating: 0, count: 28 + 16 * count)
            for (index, string) in (entries.map(\.0) + entries.map(\.1)).enumerated() {
                put(UInt32(string.count), at: 28 + 8 * index, in: &bytes, bigEndian: bigEndian)
                put(UInt32(bytes.count), at: 28 + 8 * index + 4, in: &bytes, bigEndian: bigEndian)
                bytes += string + [0]
            }
            let header: [UInt32] = [
                0x9504_12de, revision, UInt32(count), 28, UInt32(28 + 8 * count), 0, UInt32(28 + 16 * count),
            ]
            for (index, word) in header.enumerated() {
                put(word, at: 4 * index, in: &bytes, bigEndian: bigEndian)
            }
            return bytes
        }

        /// A file of exactly `size` bytes: "a" translated to as many "x"s as it takes.
        static func file(sized size: Int) -> [UInt8] {
            let overhead = file([("a", "")]).count
            return file([("a", String(repeating: "x", count: size - overhead))])
        }

        /// 'm0' → 't0', 'm1' → 't1'...
        static func numbered(_ count: Int) -> [(String, String)] {
            (0..<count).map { ("m\($0)", "t\($0)") }
        }

        /// "a" → `text`, and "b" → the very same bytes.
        static func sharedTranslation(_ text: String) -> [UInt8] {
            var bytes = file([("a", text), ("b", "y")])
            put(word(at: translationEntry(0, count: 2), in: bytes), at: translationEntry(1, count: 2), in: &bytes)
            put(
                word(at: translationEntry(0, count: 2) + 4, in: bytes), at: translationEntry(1, count: 2) + 4,
                in: &bytes)
            return bytes
        }

        static func originalEntry(_ index: Int) -> Int { 28 + 8 * index }
        static func translationEntry(_ index: Int, count: Int) -> Int { 28 + 8 * count + 8 * index }

        static func put(_ word: UInt32, at offset: Int, in file: inout [UInt8], bigEndian: Bool = false) {
            for index in 0..<4 {
                let shift = bigEndian ? 24 - 8 * index : 8 * index
                file[offset + index] = UInt8(truncatingIfNeeded: word >> shift)
            }
        }

        static func word(at offset: Int, in file: [UInt8]) -> UInt32 {
            (0..<4).reduce(0) { $0 | UInt32(file[offset + $1]) << (8 * $1) }
        }
    }
}

/// SplitMix64, so the random damage is the same at every run. Its own copy: this suite needs
/// nothing from the test support target, which depends on more of the package than the reader.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
