import CodeGateBase
import Testing

/// The one hex codec the key file, PostgreSQL's `bytea`, the webhook's signature and the outbox
/// ids share.
@Suite struct HexTests {
    @Test func bytesAreWrittenAsTwoLowercaseDigitsEach() {
        #expect(Hex.encode([0x00, 0x0F, 0xAB, 0xFF]) == "000fabff")
        #expect(Hex.encode([]) == "")
    }

    @Test func digitsOfEitherCaseAreReadBack() {
        #expect(Hex.decode(Array("000FabfF".utf8)) == [0x00, 0x0F, 0xAB, 0xFF])
        #expect(Hex.decode(Array("".utf8)) == [])
    }

    /// What integer parsing would let through: a sign, an odd digit out, anything not a digit.
    @Test(arguments: ["+f", "-1", "abc", "0g", " 0", "0x"])
    func anythingButPairsOfDigitsIsRefused(_ text: String) {
        #expect(Hex.decode(Array(text.utf8)) == nil)
    }
}
