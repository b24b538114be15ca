import CodeGateBase

/// The gateway's rules as command-line options, which the app (`codegate`) and
/// `codegate-gateway` both take, parsed and explained the same way by each.
public enum PolicyOption: Sendable {
    /// `--duration`: the cooldown after each request.
    case cooldown
    /// `--code-ttl`: how long a code stays valid.
    case codeLifetime

    /// The whole seconds either option allows.
    public static let seconds = 1...3600

    /// The option as typed, with its dashes.
    public var name: String {
        switch self {
        case .cooldown: "--duration"
        case .codeLifetime: "--code-ttl"
        }
    }

    /// What `--help` says of it.
    public var help: String {
        switch self {
        case .cooldown: localized("Cooldown after each request, in whole seconds from 1 to 3600 (default 60)")
        case .codeLifetime: localized("How long a code stays valid, in whole seconds from 1 to 3600 (default 300)")
        }
    }

    /// The duration `text` gives: whole seconds in `seconds`; nil for anything else.
    public func parse(_ text: String) -> Duration? {
        guard let value = Int(text), Self.seconds.contains(value) else { return nil }
        return .seconds(value)
    }
}
