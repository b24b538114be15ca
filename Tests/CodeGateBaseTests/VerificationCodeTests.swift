import CodeGateBase
import CodeGateTestSupport
import Testing

@Suite struct VerificationCodeTests {
    @Test func insertionsKeepDigitsAndDropSeparators() {
        #expect(VerificationCode.filter(inserted: "382917") == "382917")
        #expect(VerificationCode.filter(inserted: "382 917") == "382917")
        #expect(VerificationCode.filter(inserted: "382-917") == "382917")
        #expect(VerificationCode.filter(inserted: " ") == "")
    }

    @Test func insertionsWithLettersAreRefused() {
        #expect(VerificationCode.filter(inserted: "a") == nil)
        #expect(VerificationCode.filter(inserted: "38291x") == nil)
        #expect(VerificationCode.filter(inserted: "٣٨٢") == nil, "other scripts' digits are no code digits")
        #expect(VerificationCode.filter(inserted: "３\u{301}") == nil, "nor is a digit with a mark")
    }

    /// A Chinese input method in full-width mode types ０–９: they go in as the digits they are.
    @Test func fullWidthDigitsGoInAsASCIIDigits() {
        #expect(VerificationCode.filter(inserted: "３") == "3")
        #expect(VerificationCode.filter(inserted: "３８２９１７") == "382917")
        #expect(VerificationCode.filter(inserted: "３８２　９１７") == "382917")
        #expect(VerificationCode.filter(inserted: "３８２－９１７") == "382917")
        #expect(VerificationCode.filter(inserted: "【CodeGate】验证码 ０１２３４５，5分钟内有效") == "012345")
    }

    @Test func aWholePastedMessageGivesItsCode() {
        #expect(VerificationCode.filter(inserted: "【CodeGate】验证码 382917，5分钟内有效，请勿泄露。") == "382917")
        #expect(VerificationCode.filter(inserted: "Your code: 012345.") == "012345")
        #expect(VerificationCode.filter(inserted: "codes 123456 and 654321") == nil, "two codes: which one?")
        #expect(VerificationCode.filter(inserted: "call 1234567") == nil, "seven digits are no code")
    }

    @Test func completeMeansSixDigits() {
        #expect(VerificationCode.isComplete("012345"))
        #expect(!VerificationCode.isComplete("12345"))
        #expect(!VerificationCode.isComplete("1234567"))
    }

    @Test func generatedCodesAreSixDigitsAndFollowTheSeed() {
        var first = SeededRandom(seed: 7), second = SeededRandom(seed: 7), other = SeededRandom(seed: 8)
        let codes = (0..<50).map { _ in VerificationCode.generate(using: &first) }
        #expect(codes.allSatisfy(VerificationCode.isComplete))
        #expect(codes == (0..<50).map { _ in VerificationCode.generate(using: &second) })
        #expect(codes != (0..<50).map { _ in VerificationCode.generate(using: &other) })
        #expect(Set(codes).count > 45, "codes vary")
        #expect(codes.contains { $0.hasPrefix("0") }, "leading zeros are kept")
    }

    @Test func matchingComparesWholeStrings() {
        #expect(VerificationCode.matches(Array("382917".utf8), Array("382917".utf8)))
        #expect(!VerificationCode.matches(Array("382918".utf8), Array("382917".utf8)))
        #expect(!VerificationCode.matches(Array("082917".utf8), Array("382917".utf8)))
        #expect(!VerificationCode.matches(Array("38291".utf8), Array("382917".utf8)))
        #expect(!VerificationCode.matches(Array("3829170".utf8), Array("382917".utf8)))
        #expect(!VerificationCode.matches(Array("".utf8), Array("382917".utf8)))
        #expect(
            !VerificationCode.matches(Array(String(repeating: "1", count: 262).utf8), Array("111111".utf8)),
            "length differences of 256 are caught")
    }
}
