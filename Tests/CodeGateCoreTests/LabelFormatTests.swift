import CodeGateCore
import Testing

@Suite struct LabelFormatTests {
    @Test(arguments: [
        (LabelFormat.parenthesized, ["获取验证码(60)", "获取验证码(5)", "获取验证码(1)"]),
        (LabelFormat.resendSuffix, ["60s重新发送", "05s重新发送", "01s重新发送"]),
        (LabelFormat.retryIn, ["重新获取(60秒)", "重新获取(5秒)", "重新获取(1秒)"]),
    ])
    func presetsWordTheSecondsLeft(format: LabelFormat, expected: [String]) {
        #expect([60, 5, 1].map { format.text(secondsLeft: $0) } == expected)
        #expect(format.text(secondsLeft: 0) == "获取验证码")
    }

    @Test func parsedFormatsMatchThePresets() throws {
        #expect(try LabelFormat(parsing: "获取验证码({s})") == .parenthesized)
        #expect(try LabelFormat(parsing: "{ss}s重新发送") == .resendSuffix)
        #expect(try LabelFormat(parsing: "重新获取({s}秒)") == .retryIn)
    }

    @Test func formatWithoutSecondsIsRefused() {
        #expect(throws: LabelFormatError.missingSeconds("获取验证码")) { try LabelFormat(parsing: "获取验证码") }
        #expect(throws: LabelFormatError.missingSeconds("")) { try LabelFormat(parsing: "") }
    }

    @Test func unknownOrUnclosedPlaceholderIsRefused() {
        #expect(throws: LabelFormatError.unknownPlaceholder("n", "{n}秒")) { try LabelFormat(parsing: "{n}秒") }
        #expect(throws: LabelFormatError.unclosedBrace("重新获取({s")) { try LabelFormat(parsing: "重新获取({s") }
    }

    @Test func aFormatUpToTheLongestIsTakenOneMoreIsRefused() throws {
        let longest = String(repeating: "秒", count: LabelFormat.longest - 3) + "{s}"
        #expect(try LabelFormat(parsing: longest).text(secondsLeft: 5).hasSuffix("秒5"))
        #expect(throws: LabelFormatError.tooLong("秒" + longest)) { try LabelFormat(parsing: "秒" + longest) }
        // One letter with 64 combining marks on it is one character on screen, but no caption.
        let stacked = "{s}a" + String(repeating: "\u{301}", count: 64)
        #expect(throws: LabelFormatError.tooLong(stacked)) { try LabelFormat(parsing: stacked) }
    }

    @Test func aTooLongFormatIsNamedByItsStartOnOneLine() {
        let message = LabelFormatError.tooLong(String(repeating: "重新获取({s}秒)", count: 350)).description
        #expect(message == "label format \"重新获取({s}秒)重新获取({…\" has 3500 characters; a button label takes at most 64")
    }

    @Test func errorsReadAsOneSentence() {
        let message = LabelFormatError.missingSeconds("abc").description
        #expect(message == "label format \"abc\" has no seconds placeholder: use {s} or {ss}, as in \"获取验证码({s})\"")
        #expect(!message.contains("\n"))
    }
}
