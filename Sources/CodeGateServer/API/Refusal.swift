import CodeGateBase
import CodeGateGateway
import CodeGateHTTP
import CodeGateService
import CodeGateProtocol

/// One of the protocol's error answers (docs/protocol.md, "Errors"): its status, its
/// machine-readable kind and its sentence for people, which is worded only when the answer is
/// written, in the language the request asked for.
enum Refusal: Error, Equatable {
    /// The body is not a JSON object, or a member is missing or of the wrong type.
    case notAnObject
    case missingMember(String)
    /// A member that must be an integer is missing or is none.
    case missingNumber(String)
    case badIdempotencyKey
    /// A header the protocol reads, sent more than once: which value holds is anyone's guess.
    case repeatedHeader(String)
    /// A `Content-Length` that is no length (negative): libsoup would read it as one.
    case badContentLength
    case badCode
    /// A `verification_id` no server gives out: not 22–128 of `A–Z a–z 0–9 _ -`.
    case badVerificationID
    /// `phone` as sent, when it is not a canonical E.164 number.
    case invalidPhone(String)
    /// A canonical number on digits no number is assigned on.
    case unassignedNumber
    /// A number of a region the gateway does not serve (`--regions`).
    case regionNotServed
    /// A number on a line that is not texted: fixed, premium-rate, shared-cost…
    case notAMobileNumber
    /// A request libsoup could not read (a malformed request line or header, no `Host`): it
    /// answered before any handler saw the request.
    case malformedRequest
    case notFound
    case methodNotAllowed
    /// A method other than GET or HEAD on `/healthz` or `/metrics`.
    case readOnlyPath
    case lengthRequired
    case payloadTooLarge
    case unsupportedMediaType
    case idempotencyMismatch
    case cooldown(seconds: Int)
    case rateLimited(seconds: Int)
    case overBudget(BudgetRefusal)
    /// The challenge a request for a code carried (or its lack of one).
    case challenge(ChallengeRefusal)
    case stateUnavailable(StateProblem)
    case `internal`

    /// The refusal behind a service's error.
    init(_ error: CodeServiceError) {
        switch error {
        case .cooldown(let seconds): self = .cooldown(seconds: max(1, seconds))
        // Only a simulated gateway fails so; a minute is what the app's own gateway implies.
        case .rateLimited(let seconds): self = .rateLimited(seconds: seconds ?? 60)
        case .stateUnavailable(let problem): self = .stateUnavailable(problem)
        case .challengeRefused(let refusal): self = .challenge(refusal)
        // Only an HTTP client hears of a number not served; this gateway decides that itself.
        case .network, .timeout, .serverError, .badAnswer, .numberNotServed: self = .internal
        }
    }

    var status: Int {
        switch self {
        case .notAnObject, .missingMember, .missingNumber, .badIdempotencyKey, .repeatedHeader, .badContentLength,
            .badCode, .badVerificationID, .invalidPhone, .unassignedNumber, .malformedRequest:
            400
        case .challenge(let refusal): refusal.wire.status
        case .notFound: 404
        case .methodNotAllowed, .readOnlyPath: 405
        case .lengthRequired: 411
        case .payloadTooLarge: 413
        case .unsupportedMediaType: 415
        case .idempotencyMismatch, .regionNotServed, .notAMobileNumber: 422
        case .cooldown, .rateLimited, .overBudget: 429
        case .internal: 500
        case .stateUnavailable: 503
        }
    }

    var kind: ProtocolErrorKind {
        switch self {
        case .notAnObject, .missingMember, .missingNumber, .badIdempotencyKey, .repeatedHeader, .badContentLength,
            .badCode, .badVerificationID, .malformedRequest:
            .invalidRequest
        case .invalidPhone, .unassignedNumber: .invalidPhone
        case .regionNotServed: .regionNotServed
        case .notAMobileNumber: .notAMobileNumber
        case .notFound: .notFound
        case .methodNotAllowed, .readOnlyPath: .methodNotAllowed
        case .lengthRequired: .lengthRequired
        case .payloadTooLarge: .payloadTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .idempotencyMismatch: .idempotencyMismatch
        case .cooldown: .cooldown
        case .rateLimited: .rateLimited
        case .overBudget(let refusal):
            switch refusal.kind {
            case .number: .numberBudget
            case .country: .countryBudget
            case .suspended: .prefixSuspended
            case .throttled: .prefixThrottled
            case .global: .globalBudget
            case .client: .clientBudget
            }
        case .challenge(let refusal): refusal.wire.kind
        case .internal: .internal
        case .stateUnavailable(.crowded): .storeFull
        case .stateUnavailable(.recovering): .stateRecovering
        case .stateUnavailable: .stateUnavailable
        }
    }

    /// The seconds a 429, or a 503 that knows, names in `Retry-After`.
    var retryAfter: Int? {
        switch self {
        case .cooldown(let seconds), .rateLimited(let seconds): seconds
        case .overBudget(let refusal): refusal.secondsLeft
        case .stateUnavailable(let problem): problem.secondsLeft
        default: nil
        }
    }

    /// The sentence for people, in the current language (see `AnswerLanguage.speaking`).
    var message: String {
        switch self {
        case .notAnObject: localized("请求正文不是有效的 JSON 对象")
        // TRANSLATORS: {0} is a JSON member's name, e.g. "phone"; keep it as is.
        case .missingMember(let name): localized("请求缺少字符串字段 {0}").filling(name)
        // TRANSLATORS: {0} is a JSON member's name, e.g. "solution"; keep it as is.
        case .missingNumber(let name): localized("请求缺少整数字段 {0}").filling(name)
        case .badIdempotencyKey: localized("Idempotency-Key 请求头缺失或无效：须为 1 到 64 个字母、数字、_ 或 -")
        // TRANSLATORS: {0} is an HTTP header's name, e.g. Content-Length; keep it as is.
        case .repeatedHeader(let name): localized("请求头 {0} 只能出现一次").filling(name)
        case .badContentLength: localized("Content-Length 请求头无效")
        case .badCode: localized("验证码须为 4 到 8 位数字")
        // TRANSLATORS: verification_id is a JSON member's name; keep it as is.
        case .badVerificationID: localized("verification_id 无效：须为获取验证码时收到的那个")
        case .invalidPhone(let text):
            if case .invalid(let reason) = PhoneNumber.checkFinished(text) {
                reason
            } else {
                localized("手机号码须为 E.164 格式，例如 +8613800138000")
            }
        case .unassignedNumber: localized("该号码尚未分配给任何用户，请检查后重新输入")
        case .regionNotServed: localized("暂不支持向该国家或地区的号码发送验证码")
        case .notAMobileNumber: localized("该号码不是手机号码，无法接收验证码短信")
        case .malformedRequest: localized("请求格式不正确，无法读取")
        case .notFound: localized("没有这个接口")
        case .methodNotAllowed: localized("此接口只接受 POST 请求")
        case .readOnlyPath: localized("此接口只接受 GET 和 HEAD 请求")
        case .lengthRequired: localized("请求正文须带 Content-Length")
        case .payloadTooLarge: localized("请求正文超过 {0} 字节").filling(GatewayAPI.maxBodyBytes)
        case .unsupportedMediaType: localized("请求正文须为 UTF-8 编码的 application/json")
        case .idempotencyMismatch: localized("此 Idempotency-Key 已用于另一个请求")
        case .cooldown(let seconds):
            localized("验证码已发送，请 {0} 秒后再试", "验证码已发送，请 {0} 秒后再试", count: seconds).filling(seconds)
        case .rateLimited(let seconds):
            localized("请求过于频繁，请 {0} 秒后再试", "请求过于频繁，请 {0} 秒后再试", count: seconds).filling(seconds)
        case .overBudget(let refusal): Self.sentence(for: refusal)
        // A person never sees these: the app solves a fresh challenge and asks again.
        case .challenge(.required): localized("请求须带人机验证：请先获取并完成挑战（POST /v1/challenges）")
        case .challenge(.invalid): localized("人机验证无效，请重新获取挑战")
        case .challenge(.expired): localized("人机验证已过期，请重新获取挑战")
        case .challenge(.unsolved): localized("人机验证的答案不正确")
        case .challenge(.replayed): localized("人机验证已被使用，请重新获取挑战")
        case .stateUnavailable(let problem): problem.message
        case .internal: localized("服务器内部错误，请稍后再试")
        }
    }

    /// A budget's refusal in words: the wait in minutes when it is longer than two.
    private static func sentence(for refusal: BudgetRefusal) -> String {
        let minutes = (refusal.secondsLeft + 59) / 60
        return switch refusal.kind {
        // TRANSLATORS: {0} is a number of minutes; this phone number has had its share of codes.
        case .number:
            localized("该号码收到的验证码已达上限，请 {0} 分钟后再试", "该号码收到的验证码已达上限，请 {0} 分钟后再试", count: minutes).filling(minutes)
        // TRANSLATORS: {0} is a number of minutes; a budget against SMS fraud is spent.
        case .country:
            localized("发往该国家或地区的短信已达上限，请 {0} 分钟后再试", "发往该国家或地区的短信已达上限，请 {0} 分钟后再试", count: minutes).filling(minutes)
        // TRANSLATORS: {0} is a number of minutes; codes sent to numbers like this one went
        // unused, as those of SMS fraud do, so the service stopped sending there for a while.
        case .suspended:
            localized("暂时无法向该号段发送验证码，请 {0} 分钟后再试", "暂时无法向该号段发送验证码，请 {0} 分钟后再试", count: minutes).filling(minutes)
        // TRANSLATORS: {0} is a number of minutes; far more codes than usual were asked for
        // numbers like this one, as in SMS fraud, so the service slowed sending there.
        case .throttled:
            localized("该号段的验证码请求过多，请 {0} 分钟后再试", "该号段的验证码请求过多，请 {0} 分钟后再试", count: minutes).filling(minutes)
        // TRANSLATORS: {0} is a number of minutes; the service's budget of text messages is spent.
        case .global: localized("短信发送量已达上限，请 {0} 分钟后再试", "短信发送量已达上限，请 {0} 分钟后再试", count: minutes).filling(minutes)
        // TRANSLATORS: {0} is a number of minutes; this client's budget of text messages is spent.
        case .client: localized("您请求的短信已达上限，请 {0} 分钟后再试", "您请求的短信已达上限，请 {0} 分钟后再试", count: minutes).filling(minutes)
        }
    }

    /// The answer: `{"error": {"kind", "message"[, "retry_after_seconds"]}}` with its headers.
    @MainActor func answer(in language: AnswerLanguage) -> APIAnswer {
        var headers = [(ProtocolHeader.contentLanguage, language.tag)]
        if let retryAfter { headers.append((ProtocolHeader.retryAfter, String(retryAfter))) }
        if self == .methodNotAllowed { headers.append(("Allow", "POST")) }
        if self == .readOnlyPath { headers.append(("Allow", "GET, HEAD")) }
        let error = ErrorAnswer(kind: kind, message: language.speaking { message }, retryAfterSeconds: retryAfter)
        return APIAnswer(status: status, headers: headers, body: error.json)
    }
}
