import CodeGateBase
import CodeGateCore
import CodeGateService

// The sentences the app's window shows for the service's answers: the service itself speaks
// no UI language, so a client, a server and the app each word its answers their own way.

extension VerificationResult {
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

extension CodeServiceError {
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
        case .cooldown(let seconds):
            localized("验证码已发送，请 {0} 秒后再试", "验证码已发送，请 {0} 秒后再试", count: seconds).filling(seconds)
        case .stateUnavailable(let problem): problem.message
        case .serverError: localized("服务器出错，请稍后重新滑动验证")
        case .numberNotServed: localized("无法向该号码发送验证码，请换一个手机号码后重新滑动验证")
        case .badAnswer: localized("服务器的回答无法识别，请稍后重新滑动验证")
        // A fresh challenge was solved and refused again: the server and the app disagree.
        case .challengeRefused: localized("服务器未接受人机验证，请稍后重新滑动验证")
        }
    }
}
