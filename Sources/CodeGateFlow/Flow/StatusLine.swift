import CodeGateBase
import CodeGateCore
import CodeGateService
/// The lines of feedback the flow shows, each under the control it concerns.
public enum StatusLine: CaseIterable, Sendable {
    /// Under the phone field: `CodeFlow.phoneStatus`.
    case phone
    /// Under the slider: `CodeFlow.slideStatus`.
    case slide
    /// Under the request button: `CodeFlow.requestStatus`.
    case request
    /// Under the code field: `CodeFlow.verifyStatus`.
    case verify

    /// Every sentence the line can show, in the current language, with numbers as wide as they
    /// come: the window's tests show each one in its line, at each text size and language.
    /// (A new `CodeServiceError` case belongs in `serviceErrors`.)
    @MainActor
    public var sentences: [String] {
        switch self {
        case .phone:
            // Each way a typed number can be wrong, as the number check words it.
            let numbers = [
                "0086 138", "+0", "+1234567", "+1234567890123456", "2380013800", "12345678901", "138a", "138",
            ]
            return [localized("请输入手机号"), localized("手机号不完整")]
                + numbers.compactMap { text in
                    guard case .invalid(let message) = PhoneNumber.checkFinished(text) else { return nil }
                    return message
                }
        case .slide:
            return [localized("请先滑动验证")]
        case .request:
            return [
                localized("验证码已发送至 {0}").filling("138****8000"),
                localized("冷却结束，可以重新获取验证码"), localized("冷却结束，滑动验证后可重新获取验证码"),
                localized("之前获取的验证码仍在冷却中，请稍后再试"),
            ] + Self.serviceErrors.map(\.message)
        case .verify:
            let results: [VerificationResult] = [
                .verified, .wrongCode(attemptsLeft: 4), .expired, .locked, .noCodeRequested,
            ]
            return [
                localized("验证码只有数字：字母和符号输不进去"), localized("请输入 {0} 位验证码").filling(VerificationCode.length),
                localized("正在验证…"),
            ] + results.flatMap { [$0.message, $0.messageWhileCooling] } + Self.serviceErrors.map(\.message)
        }
    }

    /// One of each error a service call can end in.
    private static var serviceErrors: [CodeServiceError] {
        [
            .network, .rateLimited(retryAfter: nil), .rateLimited(retryAfter: 59), .rateLimited(retryAfter: 3600),
            .timeout,
            .cooldown(secondsLeft: 59), .serverError, .badAnswer,
        ]
            + [
                StateProblem.folder, .full, .readOnly, .busy, .other, .crowded(secondsLeft: 59),
                .crowded(secondsLeft: 3600),
                .recovering(secondsLeft: 59), .recovering(secondsLeft: 3600), .unreachable(secondsLeft: 5),
            ].map { .stateUnavailable($0) }
    }
}
