import CodeGateBase
import CodeGateCore
import CodeGateService
/// The whole verification flow — phone number → slide → request → code arrives → verify — in
/// one place, so the widgets only render the states it computes and forward input.
///
/// It is built on the controls' own models as any app would use them: the request button's
/// `CountdownRequest` waits for the slider (one slide is good for exactly one request: the end
/// of the cooldown, or a failure, locks the slider again), and the flow gates it further by a
/// valid number and an unfinished round, and words what each answer means.
@MainActor
public final class CodeFlow {
    /// The longest wait for the service before a call fails as a timeout.
    public static let answerTimeout: Duration = .seconds(10)

    /// The human check.
    public let slider: SlideUnlock
    /// The request button's rules: the request, its timeout and the cooldown.
    public let request: CountdownRequest
    /// The request button's cooldown.
    public var countdown: Countdown { request.countdown }
    /// Who sends and checks codes.
    public let service: any CodeService
    /// Called whenever anything shown may have changed; not at a step of the request button's
    /// fill, which the button shows by itself.
    public let changes = ObserverList<Void>()
    /// Told which control needs the user next, whenever that moves: the window puts keyboard
    /// focus there, so focus never drops to nothing when the focused control turns insensitive.
    public let focusMoves = ObserverList<FlowFocus>()
    /// Told once the code last sent is no use any more: verified, locked, expired or gone. What
    /// still shows it (the desktop notification carrying it) should take it away then; a newer
    /// code is not told, as its message takes the older one's place.
    public var codeSpent: ObserverList<Void> { sentCode.spent }

    /// What the phone number field holds.
    public private(set) var phone: PhoneNumberCheck = .empty {
        didSet { gateRequest() }
    }
    /// Whether a request is waiting for the service.
    public var isSending: Bool { request.isSending }
    /// Feedback under the request button: where the code went, or why it did not. Any of it
    /// ends the request to slide first (`slideStatus`), which it replaces.
    public private(set) var requestStatus: StatusMessage? {
        didSet {
            if requestStatus != nil {
                slideStatus = nil
            }
        }
    }
    /// Feedback under the slider: that it has to be passed first, said when Enter in the phone
    /// field asked for a code before the slide. It shows where the user looks then, the slider,
    /// which gets the focus; passing the slide ends it.
    public private(set) var slideStatus: StatusMessage?
    /// The code typed so far.
    public private(set) var code = ""
    /// Whether a code is being checked.
    public private(set) var isVerifying = false
    /// Feedback under the code field.
    public private(set) var verifyStatus: StatusMessage?
    /// Whether the flow is complete.
    public private(set) var isVerified = false {
        didSet { gateRequest() }
    }
    /// Whether the user pressed Enter in the phone field: from then on a missing or incomplete
    /// number is called out even before the slide.
    private var phoneSubmitted = false

    /// The number the request under way was sent for.
    private var sendingNumber: PhoneNumber?
    /// The number the last code was sent to and the verification id its request was answered
    /// with: a check binds to that request, and a code typed for another number to none.
    private var lastReceipt: (number: PhoneNumber, verificationID: String)?
    /// The line under the slider that asks for it first.
    private static var slideFirst: StatusMessage { StatusMessage(localized("请先滑动验证"), kind: .error) }
    /// The lines under the request button that say its cooldown is over: news wherever the
    /// focus is (`cooldownNews`).
    private static var cooldownOver: StatusMessage { StatusMessage(localized("冷却结束，可以重新获取验证码"), kind: .info) }
    private static var cooldownOverSlideFirst: StatusMessage {
        StatusMessage(localized("冷却结束，滑动验证后可重新获取验证码"), kind: .info)
    }

    /// The line saying the cooldown is over while it shows, else nil.
    public var cooldownNews: String? {
        guard let requestStatus, requestStatus == Self.cooldownOver || requestStatus == Self.cooldownOverSlideFirst
        else { return nil }
        return requestStatus.text
    }
    private let verifyCall: ServiceCall
    private let sentCode: SentCode
    private var wasCounting = false
    /// The request button's state as the flow last reported it.
    private var requestShown: RequestButtonState?

    /// Creates the flow; calls to `service` time out on the countdown's timers.
    public init(slider: SlideUnlock, countdown: Countdown, service: any CodeService) {
        self.slider = slider
        self.service = service
        request = CountdownRequest(countdown: countdown, timeout: Self.answerTimeout)
        verifyCall = ServiceCall(timers: countdown.timers, timeout: Self.answerTimeout)
        sentCode = SentCode(timers: countdown.timers)
        wasCounting = countdown.isCounting
        request.requireUnlock(of: slider)
        request.handler = { [weak self] in try await self?.sendCode() ?? .zero }
        gateRequest()
        request.changes.add { [weak self] in self?.requestChanged() }
        request.phaseChanges.add { [weak self] phase in self?.requestPhaseChanged(phase) }
        request.sent.add { [weak self] _ in self?.requestSent() }
        request.failures.add { [weak self] error in self?.requestFailed(error) }
        request.cooldownEnded.add { [weak self] in self?.cooldownEnded() }
        slider.unlocks.add { [weak self] in self?.sliderUnlocked() }
        // The challenge is solved while the person slides: by the end of the slide it is ready.
        slider.changes.add { [weak self] in
            guard let self, self.slider.value > 0 else { return }
            self.service.prepareRequest()
        }
        countdown.changes.add { [weak self] in self?.countdownChanged() }
    }

    /// Whether the request button may be pressed now.
    public var canRequest: Bool { request.canRequest }

    /// Whether the verify button may be pressed now.
    public var canVerify: Bool {
        phone.number != nil && VerificationCode.isComplete(code) && !isVerifying && !isVerified
    }

    /// What the request button shows now.
    public var requestButton: RequestButtonState { request.state }

    /// Feedback under the phone number field: why the number is wrong, or — once the slider is
    /// unlocked, so the user is ready to request — that it is missing or incomplete.
    public var phoneStatus: StatusMessage? {
        switch phone {
        case .invalid(let message): StatusMessage(message, kind: .error)
        case .empty where slider.isUnlocked || phoneSubmitted: StatusMessage(localized("请输入手机号"), kind: .error)
        case .incomplete where slider.isUnlocked || phoneSubmitted: StatusMessage(localized("手机号不完整"), kind: .error)
        case .empty, .incomplete, .valid: nil
        }
    }

    /// The phone number field now holds `text`.
    public func phoneChanged(_ text: String) {
        phone = PhoneNumber.check(text)
        // A number typed comes before the slide: the challenge is readied from the first digit.
        service.prepareRequest()
        changes.notify()
    }

    /// Enter in the phone field: requests a code when everything is there, or says what is
    /// missing — the number itself, or the slide, which then gets the focus.
    public func submitPhone() {
        if canRequest {
            requestCode()
            return
        }
        phoneSubmitted = true
        if phone.number != nil, !slider.isUnlocked, !countdown.isCounting, !isSending {
            // What was said of the last request, e.g. that a new one needs a new slide, is
            // said again by this.
            requestStatus = nil
            slideStatus = Self.slideFirst
            changes.notify()
            focusMoves.notify(.slider)
        } else {
            changes.notify()
        }
    }

    /// Enter in the code field: checks the code when it is complete, or says what is missing.
    public func submitCode() {
        guard !canVerify else {
            verify()
            return
        }
        if !isVerified, !isVerifying, !VerificationCode.isComplete(code) {
            // TRANSLATORS: {0} is the number of digits a code has.
            verifyStatus = StatusMessage(localized("请输入 {0} 位验证码").filling(VerificationCode.length), kind: .error)
            changes.notify()
        }
    }

    /// After a verified code: back to the start with the same number, for another round. The
    /// cooldown, which the service enforces, keeps running.
    public func startOver() {
        guard isVerified else { return }
        isVerified = false
        code = ""
        verifyStatus = nil
        requestStatus = nil
        slideStatus = nil
        slider.lock()
        changes.notify()
        focusMoves.notify(.phone)
    }

    /// Typing or pasting into the code field was refused (letters, or a text with no single
    /// code in it): said, not only rung, so a screen reader user knows why nothing appeared.
    public func codeInputRefused() {
        guard !isVerified, !isVerifying else { return }
        verifyStatus = StatusMessage(localized("验证码只有数字：字母和符号输不进去"), kind: .error)
        changes.notify()
    }

    /// The code field now holds `text`.
    public func codeChanged(_ text: String) {
        code = text
        if !isVerified {
            verifyStatus = nil
        }
        changes.notify()
    }

    /// Requests a code. Ignored unless `canRequest`, so a double click, a held Enter key or a
    /// click while sending never sends two. Returns the task that waits for the answer.
    @discardableResult
    public func requestCode() -> Task<Void, Never>? {
        request.press()
    }

    /// Checks the typed code. Ignored unless `canVerify`. Returns the task that waits for the
    /// answer.
    @discardableResult
    public func verify() -> Task<Void, Never>? {
        guard canVerify, let number = phone.number else { return nil }
        isVerifying = true
        // Said where the user is, the code field, so the wait is not silence.
        verifyStatus = StatusMessage(localized("正在验证…"), kind: .info)
        changes.notify()
        let service = service, code = code
        let id = lastReceipt.flatMap { $0.number == number ? $0.verificationID : nil }
        return verifyCall.start { () async throws(CodeServiceError) in
            // No code was requested here for this number (or not since the app started): no
            // check could find one.
            guard let id else { return .noCodeRequested }
            return try await service.verify(code, for: number, verificationID: id)
        } timedOut: {
            .timeout
        } answered: { [weak self] outcome in
            self?.verifyAnswered(outcome, for: number)
        }
    }

    /// The request button's handler: asks the service for a code for the number of the press.
    private func sendCode() async throws(CodeServiceError) -> Duration {
        guard let number = sendingNumber else { throw .network }
        let receipt = try await service.requestCode(for: number)
        lastReceipt = (number, receipt.verificationID)
        sentCode.sent(to: number, lifetime: receipt.validFor)
        return receipt.cooldown
    }

    /// The request button may be pressed only for a number that can take a code, and not once
    /// the round is complete.
    private func gateRequest() {
        request.isEnabled = phone.number != nil && !isVerified
    }

    private func requestPhaseChanged(_ phase: CountdownRequest.Phase) {
        guard phase == .sending else { return }
        sendingNumber = phone.number
        requestStatus = nil
        changes.notify()
    }

    /// A new code makes what was said of the old one stale: the verdict, and the digits typed.
    private func requestSent() {
        if let number = sendingNumber {
            requestStatus = StatusMessage(localized("验证码已发送至 {0}").filling(number.masked), kind: .info)
        }
        verifyStatus = nil
        code = ""
        changes.notify()
        focusMoves.notify(.code)
    }

    /// The end of the cooldown is news where the user is, the code field: a new code can be
    /// had, after a new slide when the last one was used.
    private func cooldownEnded() {
        requestStatus = slider.isUnlocked ? Self.cooldownOver : Self.cooldownOverSlideFirst
        // A verdict that said to wait for this (a lost or expired code) has done its job.
        if verifyStatus?.kind == .error {
            verifyStatus = nil
        }
        changes.notify()
    }

    /// Once the slide is passed, a line asking for it is stale.
    private func sliderUnlocked() {
        if requestStatus == Self.cooldownOverSlideFirst {
            requestStatus = Self.cooldownOver
        } else if slideStatus != nil {
            slideStatus = nil
        } else {
            return
        }
        changes.notify()
    }

    private func requestFailed(_ error: any Error) {
        let failure = error as? CodeServiceError ?? .timeout
        // Refused for a cooldown the service still counts: the countdown shows it, the slide
        // is kept and the code already sent is what to type, so it is news for the code field
        // (where the focus goes) rather than an error. Any other failure needs a new slide.
        let refused = failure.cooldownLeft != nil
        requestStatus = StatusMessage(failure.message, kind: refused ? .info : .error)
        changes.notify()
        focusMoves.notify(refused ? .code : .slider)
    }

    private func verifyAnswered(_ outcome: Result<VerificationResult, CodeServiceError>, for number: PhoneNumber) {
        isVerifying = false
        switch outcome {
        case .success(let result):
            sentCode.checked(result, for: number)
            isVerified = result == .verified
            let message = countdown.isCounting ? result.messageWhileCooling : result.message
            verifyStatus = StatusMessage(message, kind: isVerified ? .success : .error)
        case .failure(let error):
            verifyStatus = StatusMessage(error.message, kind: .error)
        }
        changes.notify()
        if isVerified {
            focusMoves.notify(.completion)
        }
    }

    /// The flow shows whether a cooldown runs, not its seconds or its fill, which are the
    /// button's own: a step of the countdown alone is not a change of the flow.
    private func countdownChanged() {
        let isCounting = countdown.isCounting
        guard isCounting != wasCounting else { return }
        if isCounting, !isSending {
            // Not started by a request of this run: one saved by an earlier run of the app.
            requestStatus = StatusMessage(localized("之前获取的验证码仍在冷却中，请稍后再试"), kind: .info)
        }
        wasCounting = isCounting
        changes.notify()
    }

    /// The same for the request button: a step of its fill alone (five a second on a 300 px
    /// button over 60 s) is not a change of the flow.
    private func requestChanged() {
        let state = request.state
        let onlyFilled = requestShown.map {
            state.phase == $0.phase && state.isSensitive == $0.isSensitive && state.text == $0.text
                && state.accessibleText == $0.accessibleText
        } ?? false
        requestShown = state
        if !onlyFilled {
            changes.notify()
        }
    }
}

extension CodeFlow {
    /// The flow the app shows under `options`: a slider and a countdown on `timers`, worded by
    /// the options' label format, in front of `service`.
    public convenience init(options: LaunchOptions, timers: any TimerPort, service: any CodeService) {
        self.init(
            slider: SlideUnlock(timers: timers),
            countdown: Countdown(timers: timers, format: options.labelFormat),
            service: service
        )
    }
}
