import CodeGateBase
import CodeGateCore
import CodeGateService
/// What the app was started with, parsed from its command-line values.
public struct LaunchOptions: Sendable, Equatable {
    /// The cooldown after each request (`--duration`).
    public var duration: Duration = .seconds(60)
    /// How the button words the cooldown (`--label-format`).
    public var labelFormat: LabelFormat = .parenthesized
    /// How long a code stays valid (`--code-ttl`).
    public var codeLifetime: Duration = .seconds(300)
    /// The embedded gateway's simulated latency and failure (`--gateway-latency`, `--gateway-fail`).
    public var gateway = GatewaySimulation()
    /// The code server to ask (`--service`); nil for the embedded gateway.
    public var service: ServiceURL?

    /// The defaults: a 60 s cooldown worded "获取验证码(59)", codes valid for 5 minutes, a
    /// gateway that answers at once.
    public init() {}

    /// Sets `option` from its command-line `value`, or says why the value is refused.
    public mutating func set(_ option: LaunchOption, to value: String) throws(LaunchOptionError) {
        switch option {
        case .duration: duration = try Self.parseDuration(value)
        case .labelFormat: labelFormat = try Self.parseLabelFormat(value)
        case .codeLifetime: codeLifetime = try Self.parseCodeLifetime(value)
        case .gatewayLatency: gateway.latency = try Self.parseLatency(value)
        case .gatewayFailure: gateway.failure = try Self.parseFailure(value)
        case .service: service = try Self.parseService(value)
        }
    }

    /// The embedded gateway's rules under these options.
    public var policy: CodePolicy {
        var policy = CodePolicy()
        policy.cooldown = duration
        policy.codeLifetime = codeLifetime
        return policy
    }

    /// Parses `--duration`: whole seconds from 1 to 3600.
    public static func parseDuration(_ text: String) throws(LaunchOptionError) -> Duration {
        try parse(text, as: .cooldown)
    }

    /// Parses `--code-ttl`: whole seconds from 1 to 3600.
    public static func parseCodeLifetime(_ text: String) throws(LaunchOptionError) -> Duration {
        try parse(text, as: .codeLifetime)
    }

    /// A rule of the gateway's, parsed as `codegate-gateway` parses it.
    private static func parse(_ text: String, as option: PolicyOption) throws(LaunchOptionError) -> Duration {
        guard let duration = option.parse(text) else {
            throw .outOfRange(option: option.name, unit: "seconds", range: PolicyOption.seconds, text: text)
        }
        return duration
    }

    /// Parses `--gateway-latency`: whole milliseconds from 0 to 60000.
    public static func parseLatency(_ text: String) throws(LaunchOptionError) -> Duration {
        .milliseconds(try wholeNumber(text, option: "--gateway-latency", unit: "milliseconds", in: 0...60_000))
    }

    /// Parses `--gateway-fail`: network, rate-limited or timeout.
    public static func parseFailure(_ text: String) throws(LaunchOptionError) -> GatewaySimulation.Failure {
        guard let failure = GatewaySimulation.Failure(rawValue: text) else { throw .unknownFailure(text) }
        return failure
    }

    /// Parses `--service`: a base URL, https, or http to this machine.
    public static func parseService(_ text: String) throws(LaunchOptionError) -> ServiceURL {
        do {
            return try ServiceURL(parsing: text)
        } catch {
            throw .badServiceURL(error)
        }
    }

    /// Parses `--label-format`, e.g. "{ss}s重新发送".
    public static func parseLabelFormat(_ text: String) throws(LaunchOptionError) -> LabelFormat {
        do {
            return try LabelFormat(parsing: text)
        } catch {
            throw .badLabelFormat(error)
        }
    }

    private static func wholeNumber(
        _ text: String, option: String, unit: String, in range: ClosedRange<Int>
    ) throws(LaunchOptionError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw .outOfRange(option: option, unit: unit, range: range, text: text)
        }
        return value
    }
}

/// A command-line value that was refused; `description` is the one line printed on stderr.
public enum LaunchOptionError: Error, Equatable, CustomStringConvertible {
    case outOfRange(option: String, unit: String, range: ClosedRange<Int>, text: String)
    case unknownFailure(String)
    case badLabelFormat(LabelFormatError)
    case badServiceURL(ServiceURLError)
    case unexpectedArgument(String)
    /// The value's bytes are no text in the locale's charset (nor UTF-8).
    case notInCharset(option: String, charset: String)

    public var description: String {
        switch self {
        case .outOfRange(let option, let unit, let range, let text):
            "\(option) must be a whole number of \(unit) from \(range.lowerBound) "
                + "to \(range.upperBound), not \"\(text)\""
        case .unknownFailure(let text):
            "--gateway-fail must be one of "
                + "\(GatewaySimulation.Failure.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\""
        case .badLabelFormat(let error):
            "--label-format: \(error)"
        case .badServiceURL(let error):
            "--service: \(error)"
        case .unexpectedArgument(let argument):
            "unexpected argument \"\(argument)\"; codegate takes only options, which --help lists"
        case .notInCharset(let option, let charset):
            "\(option): the value is not text in the locale's character set, \(charset)"
        }
    }
}
