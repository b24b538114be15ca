import CodeGateBase
import CodeGateCore

/// A request the app answered with `codegate_request_failed`.
package struct RequestFailure: Error {
    package let message: String

    package init(message: String) {
        self.message = message
    }
}

/// A request the app answered with `codegate_request_refused`: the number still cools down
/// for `cooldownLeft`, which the button then counts down.
package struct RequestRefusal: CooldownRefusal {
    package let cooldownLeft: Duration?
    package let message: String

    package init(cooldownLeft: Duration?, message: String) {
        self.cooldownLeft = cooldownLeft
        self.message = message
    }
}

extension RequestFailure {
    /// What the `failed` signal says of `error`: the app's words, or the controls' own.
    @MainActor
    package static func message(for error: any Error) -> String {
        switch error {
        case let failure as RequestFailure: failure.message
        case let refusal as RequestRefusal: refusal.message
        case is RequestTimeout: ControlsText.localized("请求超时，请重试")
        default: defaultMessage
        }
    }

    /// The words for a failure the app did not word itself (a NULL message).
    @MainActor
    package static var defaultMessage: String { ControlsText.localized("发送失败，请重试") }

    /// The words for a refusal the app did not word itself: the button counts down
    /// `secondsLeft`. They say when to try again, not why: a refusal may be a cooldown, a
    /// budget or a blocked range, and only the app knows which. Written with "s" after the
    /// number in English, as the controls' other seconds are, so that one form fits every
    /// count.
    @MainActor
    package static func defaultRefusalMessage(secondsLeft: UInt32) -> String {
        // TRANSLATORS: a request refused for now (e.g. HTTP 429), when the app gives no words
        // of its own: {0} is the whole seconds left, which the button counts down.
        ControlsText.localized("请 {0} 秒后再试").filling(secondsLeft)
    }
}

/// How a request failed: CodeGateFailureKind's values, in the order of the header's enum.
package enum FailureKind: Int32 {
    case failed, refused, timedOut

    /// The kind of `error`: refused with seconds left, timed out, or else failed.
    package init(of error: any Error) {
        switch error {
        case let refusal as any CooldownRefusal where (refusal.cooldownLeft ?? .zero) > .zero: self = .refused
        case is RequestTimeout: self = .timedOut
        default: self = .failed
        }
    }
}
