import CodeGateService
import CodeGateBase
import CodeGateCore
/// Every command-line option the app takes, declared once: the GTK layer builds both the
/// parser and `--help` from these cases, and `LaunchOptions.set(_:to:)` handles each of them
/// in an exhaustive switch, so a new case cannot be parsed as another.
public enum LaunchOption: String, CaseIterable, Sendable {
    case duration
    case labelFormat = "label-format"
    case codeLifetime = "code-ttl"
    case gatewayLatency = "gateway-latency"
    case gatewayFailure = "gateway-fail"
    case service

    /// The option's name on the command line, without the dashes.
    public var name: String { rawValue }

    /// What `--help` says of it.
    public var help: String {
        switch self {
        case .duration: PolicyOption.cooldown.help
        case .labelFormat:
            localized(
                "Button text while counting; {s} is the seconds left, {ss} the same zero-padded "
                    + "(default \"获取验证码({s})\")"
            )
        case .codeLifetime: PolicyOption.codeLifetime.help
        case .gatewayLatency:
            localized("Simulated network delay of the embedded SMS gateway, 0 to 60000 ms (default 0)")
        case .gatewayFailure: localized("Make every code request fail: network, rate-limited or timeout")
        case .service:
            localized(
                "Base URL of the code server, https:// (http:// only to this machine); default: the embedded gateway")
        }
    }

    /// The name of its value in `--help`.
    public var valueName: String {
        switch self {
        case .duration, .codeLifetime: "SECONDS"
        case .labelFormat: "FORMAT"
        case .gatewayLatency: "MS"
        case .gatewayFailure: "KIND"
        case .service: "URL"
        }
    }
}
