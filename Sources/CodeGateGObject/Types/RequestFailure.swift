import CodeGateCore

/// A request the app answered with `codegate_countdown_button_request_failed`.
struct RequestFailure: Error {
    let message: String
}

/// A request the app answered with `codegate_countdown_button_request_refused`: the number
/// still cools down for `cooldownLeft`, which the button then counts down.
struct RequestRefusal: CooldownRefusal {
    let cooldownLeft: Duration?
    let message: String
}

extension RequestFailure {
    /// What the `failed` signal says of `error`: the app's words, or the controls' own.
    @MainActor
    static func message(for error: any Error) -> String {
        switch error {
        case let failure as RequestFailure: failure.message
        case let refusal as RequestRefusal: refusal.message
        case is RequestTimeout: ControlsText.localized("请求超时，请重试")
        default: defaultMessage
        }
    }

    /// The words for a failure the app did not word itself (a NULL message).
    @MainActor
    static var defaultMessage: String { ControlsText.localized("发送失败，请重试") }
}
