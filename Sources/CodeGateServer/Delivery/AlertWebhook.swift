import CodeGateBase
import CodeGateGateway
import CodeGateProtocol

/// `--alert-webhook URL`: each prefix of numbers the guard suspends or throttles
/// (`PrefixSuspension`) is POSTed as `{"event": "prefix_suspended" or "prefix_throttled",
/// "level", "prefix", "until"}` (`AlertField`), signed as the SMS webhook's messages are (`SignedPost`), so that
/// an operator's pager hears of an attack as it starts. One attempt each, told by the gateway
/// whose code started the suspension: an alert the webhook does not take is said on stderr
/// beside the suspension's own line, not retried.
@MainActor
final class AlertWebhook {
    private let poster: SignedPost
    private let wallClock: @MainActor () -> Duration
    private let report: @MainActor (String) -> Void

    /// Alerts to `url`, signed with `key`; `report` hears of an alert not taken.
    init(
        url: String, key: [UInt8], timers: any TimerPort, wallClock: @escaping @MainActor () -> Duration,
        report: @escaping @MainActor (String) -> Void
    ) {
        poster = SignedPost(url: url, key: key, timers: timers, wallClock: wallClock)
        self.wallClock = wallClock
        self.report = report
    }

    /// Posts the alert for `suspension`.
    func tell(_ suspension: PrefixSuspension) {
        let until = Int(wallClock().components.seconds) + suspension.secondsLeft
        let body = JSONValue.object([
            (
                AlertField.event,
                .string((suspension.kind == .throttled ? ProtocolErrorKind.prefixThrottled : .prefixSuspended).rawValue)
            ),
            (AlertField.level, .string(suspension.level)), (AlertField.prefix, .string(suspension.prefix)),
            (AlertField.until, .integer(until)),
        ]).encoded
        Task.immediate { [poster, report] in
            switch await poster.post(body) {
            case .delivered: break
            case .retry(let reason, _), .rejected(let reason):
                report("--alert-webhook did not take the alert on \(suspension.prefix): \(reason)")
            }
        }
    }
}
