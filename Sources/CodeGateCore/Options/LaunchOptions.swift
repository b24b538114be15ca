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

    /// The defaults: a 60 s cooldown worded "获取验证码(59)", codes valid for 5 minutes, a
    /// gateway that answers at once.
    public init() {}

    /// One command-line option: its name without the dashes, its help text and the name of
    /// its value in that text.
    public struct Option: Sendable {
        public let name: String
        public let help: String
        public let valueName: String
    }

    /// Every option the app takes, in the order `--help` lists them.
    public static let catalog = [
        Option(name: "duration", help: "Cooldown after each request, in whole seconds from 1 to 3600 (default 60)", valueName: "SECONDS"),
        Option(name: "label-format", help: "Button text while counting; {s} is the seconds left, {ss} the same zero-padded (default \"获取验证码({s})\")", valueName: "FORMAT"),
        Option(name: "code-ttl", help: "How long a code stays valid, in whole seconds from 1 to 3600 (default 300)", valueName: "SECONDS"),
        Option(name: "gateway-latency", help: "Simulated network delay of the embedded SMS gateway, 0 to 60000 ms (default 0)", valueName: "MS"),
        Option(name: "gateway-fail", help: "Make every code request fail: network, rate-limited or timeout", valueName: "KIND"),
    ]

    /// The flags that ask for help; the toolkit answers them.
    public static let helpFlags: Set = ["-h", "--help", "--help-all", "--help-gapplication"]

    /// Parses the command line after the program name: `--name VALUE` or `--name=VALUE` for
    /// each option of `catalog`. Help flags are returned, not parsed, for the toolkit to answer.
    public static func parse(_ arguments: [String]) throws(LaunchOptionError) -> (options: LaunchOptions, help: [String]) {
        var options = LaunchOptions()
        var help: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if helpFlags.contains(argument) {
                help.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard catalog.contains(where: { $0.name == name }) else { throw .unknownOption(argument) }
            guard let value = parts.count == 2 ? String(parts[1]) : rest.popFirst() else { throw .missingValue(name) }
            try options.set(name, to: value)
        }
        return (options, help)
    }

    private mutating func set(_ name: String, to value: String) throws(LaunchOptionError) {
        switch name {
        case "duration": duration = try Self.parseDuration(value)
        case "label-format": labelFormat = try Self.parseLabelFormat(value)
        case "code-ttl": codeLifetime = try Self.parseCodeLifetime(value)
        case "gateway-latency": gateway.latency = try Self.parseLatency(value)
        default: gateway.failure = try Self.parseFailure(value)
        }
    }

    /// The embedded gateway's rules under these options.
    public var policy: LocalCodeService.Policy {
        var policy = LocalCodeService.Policy()
        policy.cooldown = duration
        policy.codeLifetime = codeLifetime
        return policy
    }

    /// Parses `--duration`: whole seconds from 1 to 3600.
    public static func parseDuration(_ text: String) throws(LaunchOptionError) -> Duration {
        .seconds(try wholeNumber(text, option: "--duration", unit: "seconds", in: 1...3600))
    }

    /// Parses `--code-ttl`: whole seconds from 1 to 3600.
    public static func parseCodeLifetime(_ text: String) throws(LaunchOptionError) -> Duration {
        .seconds(try wholeNumber(text, option: "--code-ttl", unit: "seconds", in: 1...3600))
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
    case unknownOption(String)
    case missingValue(String)
    case unexpectedArgument(String)

    public var description: String {
        switch self {
        case let .outOfRange(option, unit, range, text):
            "\(option) must be a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), not \"\(text)\""
        case .unknownFailure(let text):
            "--gateway-fail must be one of \(GatewaySimulation.Failure.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\""
        case .badLabelFormat(let error):
            "--label-format: \(error)"
        case .unknownOption(let option):
            "unknown option \(option); --help lists the options"
        case .missingValue(let name):
            "--\(name) needs a value, as in --\(name)=\(LaunchOptions.catalog.first { $0.name == name }?.valueName ?? "VALUE")"
        case .unexpectedArgument(let argument):
            "unexpected argument \"\(argument)\"; codegate takes only options, which --help lists"
        }
    }
}
