/// The whole verification flow — phone number → slide → request → code arrives → verify — in
/// one place, so the widgets only render the states it computes and forward input.
///
/// A request needs a valid number, an unlocked slider, no request in flight and no running
/// cooldown. One slide is good for exactly one request: the request locks nothing while in
/// flight, but every way out of it — the end of the cooldown, or a failure — locks the slider.
@MainActor
public final class CodeFlow {
    /// The longest wait for the service before a call fails as a timeout.
    public static let answerTimeout: Duration = .seconds(10)
    /// The request button's text while a request is in flight.
    public static var sendingText: String { localized("发送中…") }

    /// The human check.
    public let slider: SlideUnlock
    /// The request button's cooldown.
    public let countdown: Countdown
    /// Who sends and checks codes.
    public let service: any CodeService
    /// Called whenever anything shown may have changed.
    public let changes = ObserverList<Void>()
    /// Told which control needs the user next, whenever that moves: the window puts keyboard
    /// focus there, so focus never drops to nothing when the focused control turns insensitive.
    public let focusMoves = ObserverList<FlowFocus>()

    /// What the phone number field holds.
    public private(set) var phone: PhoneNumberCheck = .empty
    /// Whether a request is waiting for the service.
    public private(set) var isSending = false
    /// Feedback under the request button: where the code went, or why it did not.
    public private(set) var requestStatus: StatusMessage?
    /// The code typed so far.
    public private(set) var code = ""
    /// Whether a code is being checked.
    public private(set) var isVerifying = false
    /// Feedback under the code field.
    public private(set) var verifyStatus: StatusMessage?
    /// Whether the flow is complete.
    public private(set) var isVerified = false
    /// Whether the user pressed Enter in the phone field: from then on a missing or incomplete
    /// number is called out even before the slide.
    private var phoneSubmitted = false

    private let requestCall: ServiceCall
    private let verifyCall: ServiceCall
    private var wasCounting = false

    /// Creates the flow; calls to `service` time out on the countdown's timers.
    public init(slider: SlideUnlock, countdown: Countdown, service: any CodeService) {
        self.slider = slider
        self.countdown = countdown
        self.service = service
        requestCall = ServiceCall(timers: countdown.timers, timeout: Self.answerTimeout)
        verifyCall = ServiceCall(timers: countdown.timers, timeout: Self.answerTimeout)
        wasCounting = countdown.isCounting
        slider.changes.add { [weak self] in self?.changes.notify() }
        countdown.changes.add { [weak self] in self?.countdownChanged() }
    }

    /// Whether the request button may be pressed now.
    public var canRequest: Bool {
        phone.number != nil && slider.isUnlocked && !isSending && !countdown.isCounting && !isVerified
    }

    /// Whether the verify button may be pressed now.
    public var canVerify: Bool {
        phone.number != nil && VerificationCode.isComplete(code) && !isVerifying && !isVerified
    }

    /// What the request button shows now.
    public var requestButton: RequestButtonState {
        let idleText = countdown.format.idleText
        if isSending {
            // TRANSLATORS: the request button as a screen reader names it while sending: {0} is
            // its label ("获取验证码"), {1} says it is sending ("发送中…").
            return RequestButtonState(text: Self.sendingText, accessibleText: localized("{0}，{1}").filling(idleText, Self.sendingText),
                                      isSensitive: false, fillFraction: 0, phase: .sending)
        }
        if countdown.isCounting {
            let steps = countdown.fillResolution
            return RequestButtonState(
                // TRANSLATORS: the request button as a screen reader names it while its cooldown
                // runs: {0} is its label ("获取验证码").
                text: countdown.label, accessibleText: localized("{0}，冷却中").filling(idleText), isSensitive: false,
                fillFraction: steps > 0 ? Double(countdown.filledSteps) / Double(steps) : countdown.fraction,
                phase: .counting)
        }
        return RequestButtonState(text: idleText, accessibleText: idleText, isSensitive: canRequest, fillFraction: 0, phase: .idle)
    }

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
            requestStatus = StatusMessage(localized("请先滑动验证"), kind: .error)
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
        slider.lock()
        changes.notify()
        focusMoves.notify(.phone)
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
        guard canRequest, let number = phone.number else { return nil }
        isSending = true
        requestStatus = nil
        changes.notify()
        let service = service
        return requestCall.start { () async throws(CodeServiceError) in try await service.requestCode(for: number) } answered: { [weak self] outcome in
            self?.requestAnswered(outcome, number: number)
        }
    }

    /// Checks the typed code. Ignored unless `canVerify`. Returns the task that waits for the
    /// answer.
    @discardableResult
    public func verify() -> Task<Void, Never>? {
        guard canVerify, let number = phone.number else { return nil }
        isVerifying = true
        verifyStatus = nil
        changes.notify()
        let service = service, code = code
        return verifyCall.start { () async throws(CodeServiceError) in try await service.verify(code, for: number) } answered: { [weak self] outcome in
            self?.verifyAnswered(outcome)
        }
    }

    private func requestAnswered(_ outcome: Result<CodeReceipt, CodeServiceError>, number: PhoneNumber) {
        // The countdown starts while isSending still holds, so it is told apart from a
        // cooldown restored from an earlier run.
        let next: FlowFocus
        switch outcome {
        case .success(let receipt):
            requestStatus = StatusMessage(localized("验证码已发送至 {0}").filling(number.masked), kind: .info)
            countdown.start(duration: receipt.cooldown)
            next = .code
        case .failure(let error):
            requestStatus = StatusMessage(error.message, kind: .error)
            if case .cooldown(let seconds) = error {
                // The service still counts an earlier request: show its real remaining time.
                countdown.start(duration: .seconds(seconds))
                next = .code
            } else {
                countdown.reset()
                slider.lock()
                next = .slider
            }
        }
        isSending = false
        changes.notify()
        focusMoves.notify(next)
    }

    private func verifyAnswered(_ outcome: Result<VerificationResult, CodeServiceError>) {
        isVerifying = false
        switch outcome {
        case .success(let result):
            isVerified = result == .verified
            verifyStatus = StatusMessage(result.message, kind: isVerified ? .success : .error)
        case .failure(let error):
            verifyStatus = StatusMessage(error.message, kind: .error)
        }
        changes.notify()
        if isVerified {
            focusMoves.notify(.completion)
        }
    }

    private func countdownChanged() {
        let isCounting = countdown.isCounting
        if wasCounting, !isCounting {
            slider.lock()
        } else if !wasCounting, isCounting, !isSending {
            // Not started by a request of this run: one saved by an earlier run of the app.
            requestStatus = StatusMessage(localized("之前获取的验证码仍在冷却中，请稍后再试"), kind: .info)
        }
        wasCounting = isCounting
        changes.notify()
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
