import CodeGateFlow
import CodeGateGateway
import CodeGateCore
import Testing

@Suite struct LaunchOptionsTests {
    @Test(arguments: ["1", "60", "3600"])
    func durationsInRangeAreAccepted(text: String) throws {
        #expect(try LaunchOptions.parseDuration(text) == .seconds(Int(text)!))
    }

    @Test(arguments: ["0", "-5", "abc", "3601", "", "1.5", " 60"])
    func durationsOutOfRangeAreRefused(text: String) {
        #expect(
            throws: LaunchOptionError.outOfRange(option: "--duration", unit: "seconds", range: 1...3600, text: text)
        ) {
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
        #expect(
            LaunchOptionError.outOfRange(option: "--duration", unit: "seconds", range: 1...3600, text: "0").description
                == "--duration must be a whole number of seconds from 1 to 3600, not \"0\"")
        #expect(
            LaunchOptionError.unknownFailure("dns").description
                == "--gateway-fail must be one of network, rate-limited, timeout, not \"dns\"")
    }

    @Test func eachOptionSetsItsOwnField() throws {
        var options = LaunchOptions()
        try options.set(.duration, to: "10")
        try options.set(.labelFormat, to: "{ss}s重新发送")
        try options.set(.gatewayFailure, to: "timeout")
        try options.set(.gatewayLatency, to: "800")
        try options.set(.codeLifetime, to: "30")
        #expect(options.duration == .seconds(10))
        #expect(options.labelFormat == .resendSuffix)
        #expect(options.gateway == GatewaySimulation(latency: .milliseconds(800), failure: .timeout))
        #expect(options.codeLifetime == .seconds(30))
    }

    @Test func everyOptionHasItsNameHelpAndValueName() {
        #expect(
            LaunchOption.allCases.map(\.name) == [
                "duration", "label-format", "code-ttl", "gateway-latency", "gateway-fail", "service",
            ])
        #expect(LaunchOption.allCases.allSatisfy { !$0.help.isEmpty && $0.valueName == $0.valueName.uppercased() })
    }

    @Test func aServiceURLIsAnOptionWithAClearError() {
        var options = LaunchOptions()
        #expect(throws: LaunchOptionError.badServiceURL(.cleartext("example.com"))) {
            try options.set(.service, to: "http://example.com")
        }
        #expect(
            LaunchOptionError.badServiceURL(.cleartext("example.com")).description.hasPrefix(
                "--service: http:// is only allowed to this machine"))
        #expect(throws: Never.self) { try options.set(.service, to: "https://codes.example.com") }
        #expect(options.service?.description == "https://codes.example.com/")
    }
}
