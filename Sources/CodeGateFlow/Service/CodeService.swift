import CodeGateCore

/// Sends verification codes and checks them: the SMS gateway as the app sees it.
///
/// It lives on the main actor, like the flow that calls it: its waits are timers on the GLib
/// main loop, never jobs on Swift's global executor, whose worker pool would keep waking the
/// app once a second after the first one.
@MainActor
public protocol CodeService: AnyObject {
    /// Sends a fresh code to `number`. The answer carries the cooldown the service imposes
    /// before the next request for the same number.
    func requestCode(for number: PhoneNumber) async throws(CodeServiceError) -> CodeReceipt
    /// Checks `code` against the last code sent to `number`.
    func verify(_ code: String, for number: PhoneNumber) async throws(CodeServiceError) -> VerificationResult
}

/// The service's answer to an accepted request.
public struct CodeReceipt: Equatable, Sendable {
    /// How long until the service accepts another request for the number.
    public let cooldown: Duration
    /// How long the code stays valid.
    public let validFor: Duration

    /// Describes an accepted request.
    public init(cooldown: Duration, validFor: Duration) {
        self.cooldown = cooldown
        self.validFor = validFor
    }
}

/// What checking a code found.
public enum VerificationResult: Equatable, Sendable {
    /// The code was right; it is used up.
    case verified
    /// The code was wrong; `attemptsLeft` more guesses are allowed.
    case wrongCode(attemptsLeft: Int)
    /// The code's validity ran out; a new one must be requested.
    case expired
    /// Too many wrong guesses; a new code must be requested.
    case locked
    /// No code is outstanding for the number (never requested, or already used).
    case noCodeRequested

    /// The sentence shown under the code field while the request button still counts down:
    /// a new code can be had only once it ends, which the sentence then says.
    public var messageWhileCooling: String {
        switch self {
        case .expired: localized("验证码已过期，请在冷却结束后重新获取")
        case .locked: localized("错误次数过多，验证码已失效，请在冷却结束后重新获取")
        case .verified, .wrongCode, .noCodeRequested: message
        }
    }

    /// The sentence shown under the code field.
    public var message: String {
        switch self {
        case .verified: localized("验证成功")
        case .wrongCode(let left): localized("验证码错误，还可尝试 {0} 次", "验证码错误，还可尝试 {0} 次", count: left).filling(left)
        case .expired: localized("验证码已过期，请重新获取")
        case .locked: localized("错误次数过多，验证码已失效，请重新获取")
        case .noCodeRequested: localized("请先获取验证码")
        }
    }
}

/// Why the service did not answer a request as asked; `message` is the sentence users see.
public enum CodeServiceError: CooldownRefusal, Equatable, Sendable {
    /// The gateway could not be reached.
    case network
    /// The gateway refuses requests for a while (too many from this client); when it says for
    /// how long, `retryAfter` seconds.
    case rateLimited(retryAfter: Int?)
    /// No answer within the time limit.
    case timeout
    /// A code was sent to this number recently; another is allowed after `secondsLeft`.
    case cooldown(secondsLeft: Int)
    /// The gateway cannot keep its state, so it sends and checks nothing (it fails closed).
    case stateUnavailable(StateProblem)
    /// The server failed (a 5xx status): it may work again later.
    case serverError
    /// The server's answer is none the protocol allows — a status, header or body it does not
    /// define, too large or too slow — or it refused the request as malformed: client and
    /// server do not speak the same protocol.
    case badAnswer

    /// The time a `.cooldown` refusal names, which the request button counts down.
    public var cooldownLeft: Duration? {
        guard case .cooldown(let seconds) = self else { return nil }
        return .seconds(seconds)
    }

    /// The sentence shown under the request button.
    public var message: String {
        switch self {
        // A failed request locks the slider again, so each way to retry starts with a slide.
        case .network: localized("网络连接失败，请检查网络后重新滑动验证")
        case .rateLimited(nil): localized("请求过于频繁，请稍后重新滑动验证")
        case .rateLimited(let seconds?) where seconds > 120:
            localized("请求过于频繁，请 {0} 分钟后重新滑动验证", "请求过于频繁，请 {0} 分钟后重新滑动验证", count: (seconds + 59) / 60)
                .filling((seconds + 59) / 60)
        case .rateLimited(let seconds?):
            localized("请求过于频繁，请 {0} 秒后重新滑动验证", "请求过于频繁，请 {0} 秒后重新滑动验证", count: seconds).filling(seconds)
        case .timeout: localized("请求超时，请重新滑动验证后重试")
        case .cooldown(let seconds): localized("验证码已发送，请 {0} 秒后再试", "验证码已发送，请 {0} 秒后再试", count: seconds).filling(seconds)
        case .stateUnavailable(let problem): problem.message
        case .serverError: localized("服务器出错，请稍后重新滑动验证")
        case .badAnswer: localized("服务器的回答无法识别，请稍后重新滑动验证")
        }
    }
}
