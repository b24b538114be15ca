import CodeGateCore
import Testing

@Suite struct LaunchOptionsTests {
    @Test(arguments: ["1", "60", "3600"])
    func durationsInRangeAreAccepted(text: String) throws {
        #expect(try LaunchOptions.parseDuration(text) == .seconds(Int(text)!))
    }

    @Test(arguments: ["0", "-5", "abc", "3601", "", "1.5", " 60"])
    func durationsOutOfRangeAreRefused(text: String) {
        #expect(throws: LaunchOptionError.badDuration(text)) { try LaunchOptions.parseDuration(text) }
    }

    @Test func labelFormatErrorsNameTheOption() {
        #expect(throws: LaunchOptionError.badLabelFormat(.missingSeconds("重新发送"))) {
            try LaunchOptions.parseLabelFormat("重新发送")
        }
        #expect(LaunchOptionError.badDuration("0").description
            == "--duration must be a whole number of seconds from 1 to 3600, not \"0\"")
    }
}
