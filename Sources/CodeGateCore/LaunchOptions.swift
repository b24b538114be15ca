/// What the app was started with, parsed from its command-line values.
public struct LaunchOptions: Sendable, Equatable {
    /// The longest cooldown accepted: an hour.
    public static let maximumDurationSeconds = 3600

    /// The cooldown after each request.
    public var duration: Duration = .seconds(60)
    /// How the button words the cooldown.
    public var labelFormat: LabelFormat = .parenthesized

    /// The defaults: a 60 s cooldown worded "获取验证码(59)".
    public init() {}

    /// Parses the `--duration` value: whole seconds from 1 to 3600.
    public static func parseDuration(_ text: String) throws(LaunchOptionError) -> Duration {
        guard let seconds = Int(text), (1...maximumDurationSeconds).contains(seconds) else {
            throw .badDuration(text)
        }
        return .seconds(seconds)
    }

    /// Parses the `--label-format` value, e.g. "{ss}s重新发送".
    public static func parseLabelFormat(_ text: String) throws(LaunchOptionError) -> LabelFormat {
        do {
            return try LabelFormat(parsing: text)
        } catch {
            throw .badLabelFormat(error)
        }
    }
}

/// A command-line value that was refused; `description` is the one line printed on stderr.
public enum LaunchOptionError: Error, Equatable, CustomStringConvertible {
    case badDuration(String)
    case badLabelFormat(LabelFormatError)

    public var description: String {
        switch self {
        case .badDuration(let text):
            "--duration must be a whole number of seconds from 1 to \(LaunchOptions.maximumDurationSeconds), not \"\(text)\""
        case .badLabelFormat(let error):
            "--label-format: \(error)"
        }
    }
}
