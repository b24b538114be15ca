import CodeGateCore
import Testing

@Suite struct LaunchOptionsTests {
    @Test(arguments: ["1", "60", "3600"])
    func durationsInRangeAreAccepted(text: String) throws {
        #expect(try LaunchOptions.parseDuration(text) == .seconds(Int(text)!))
    }

    @Test(arguments: ["0", "-5", "abc", "3601", "", "1.5", " 60"])
    func durationsOutOfRangeAreRefused(text: String) {
        #expect(throws: LaunchOptionError.outOfRange(option: "--duration", unit: "seconds", range: 1...3600, text: text)) {
            try LaunchOptions.parseDuration(text)
        }
    }

    @Test func gatewayOptions() throws {
        #expect(try LaunchOptions.parseLatency("0") == .zero)
        #expect(try LaunchOptions.parseLatency("800") == .milliseconds(800))
        #expect(throws: LaunchOptionError.self) { try LaunchOptions.parseLatency("60001") }
        #expect(try LaunchOptions.parseCodeLifetime("30") == .seconds(30))
        #expect(throws: LaunchOptionError.self) { try LaunchOptions.parseCodeLifetime("0") }
        #expect(try LaunchOptions.parseFailure("rate-limited") == .rateLimited)
        #expect(throws: LaunchOptionError.unknownFailure("dns")) { try LaunchOptions.parseFailure("dns") }
    }

    @Test func policyCarriesTheCooldownAndLifetime() {
        var options = LaunchOptions()
        options.duration = .seconds(5)
        options.codeLifetime = .seconds(30)
        #expect(options.policy.cooldown == .seconds(5))
        #expect(options.policy.codeLifetime == .seconds(30))
        #expect(options.policy.maxAttempts == 5)
    }

    @Test func errorsAreOneLineNamingTheOption() {
        #expect(throws: LaunchOptionError.badLabelFormat(.missingSeconds("重新发送"))) {
            try LaunchOptions.parseLabelFormat("重新发送")
        }
        #expect(LaunchOptionError.outOfRange(option: "--duration", unit: "seconds", range: 1...3600, text: "0").description
            == "--duration must be a whole number of seconds from 1 to 3600, not \"0\"")
        #expect(LaunchOptionError.unknownFailure("dns").description
            == "--gateway-fail must be one of network, rate-limited, timeout, not \"dns\"")
    }

    @Test func commandLineTakesBothValueForms() throws {
        let parsed = try LaunchOptions.parse(["--duration", "10", "--label-format={ss}s重新发送", "--gateway-fail=timeout",
                                              "--gateway-latency", "800", "--code-ttl=30"])
        #expect(parsed.help.isEmpty)
        #expect(parsed.options.duration == .seconds(10))
        #expect(parsed.options.labelFormat == .resendSuffix)
        #expect(parsed.options.gateway == GatewaySimulation(latency: .milliseconds(800), failure: .timeout))
        #expect(parsed.options.codeLifetime == .seconds(30))
    }

    @Test func emptyCommandLineGivesTheDefaults() throws {
        #expect(try LaunchOptions.parse([]).options == LaunchOptions())
    }

    @Test func helpFlagsAreHandedOn() throws {
        #expect(try LaunchOptions.parse(["--help"]).help == ["--help"])
        #expect(try LaunchOptions.parse(["--duration=5", "-h"]).help == ["-h"])
    }

    @Test func badCommandLinesSayWhatIsWrong() {
        #expect(throws: LaunchOptionError.unknownOption("--foo")) { try LaunchOptions.parse(["--foo"]) }
        #expect(throws: LaunchOptionError.missingValue("duration")) { try LaunchOptions.parse(["--duration"]) }
        #expect(throws: LaunchOptionError.unexpectedArgument("extra")) { try LaunchOptions.parse(["extra"]) }
        #expect(LaunchOptionError.missingValue("duration").description == "--duration needs a value, as in --duration=SECONDS")
    }
}
