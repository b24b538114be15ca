/// The whole verification flow — phone number → slide → request → code arrives → verify — in
/// one place, so the widgets only render and forward input.
///
/// A request needs a valid number, an unlocked slider, no request in flight and no running
/// cooldown. One slide is good for exactly one request: the request locks nothing while in
/// flight, but every way out of it — the end of the cooldown, or a failure — locks the slider.
@MainActor
public final class CodeFlow {
    /// The longest wait for the service before a call fails as a timeout.
    public static let answerTimeout: Duration = .seconds(10)
    /// The request button's text while a request is in flight.
    public static let sendingText = "发送中…"

    /// The human check.
    public let slider: SlideUnlock
    /// The request button's cooldown.
    public let countdown: Countdown
    /// Who sends and checks codes.
    public let service: any CodeService
    /// Called whenever anything shown may have changed.
    public let changes = ObserverList()

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

    /// Creates the flow; the countdown's clock also bounds the wait for the service.
    public init(slider: SlideUnlock, countdown: Countdown, service: any CodeService) {
        self.slider = slider
        self.countdown = countdown
        self.service = service
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

    /// Feedback under the phone number field: why the number is wrong, or — once the slider is
    /// unlocked, so the user is ready to request — that it is missing or incomplete.
    public var phoneStatus: StatusMessage? {
        switch phone {
        case .invalid(let message): StatusMessage(message, kind: .error)
        case .empty where slider.isUnlocked: StatusMessage("请输入手机号", kind: .error)
        case .incomplete where slider.isUnlocked: StatusMessage("手机号不完整", kind: .error)
        case .empty, .incomplete, .valid: nil
        }
    }

    /// The request button's text when it is not counting down, nil for its normal label.
    public var requestButtonOverride: String? { isSending ? Self.sendingText : nil }

    /// The phone number field now holds `text`.
    public func phoneChanged(_ text: String) {
        phone = PhoneNumber.check(text)
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
        guard canRequest, let number = phone.number else { return nil }
        isSending = true
        requestStatus = nil
        let service = service
        return ask { try await service.requestCode(for: number) } then: { $0.requestAnswered($1, number: number) }
    }

    /// Checks the typed code. Ignored unless `canVerify`. Returns the task that waits for the
    /// answer.
    @discardableResult
    public func verify() -> Task<Void, Never>? {
        guard canVerify, let number = phone.number else { return nil }
        isVerifying = true
        verifyStatus = nil
        let service = service, code = code
        return ask { try await service.verify(code, for: number) } then: { $0.verifyAnswered($1) }
    }

    private func requestAnswered(_ outcome: Result<CodeReceipt, CodeServiceError>, number: PhoneNumber) {
        isSending = false
        switch outcome {
        case .success(let receipt):
            requestStatus = StatusMessage("验证码已发送至 \(number.masked)", kind: .info)
            countdown.start(duration: receipt.cooldown)
        case .failure(let error):
            requestStatus = StatusMessage(error.message, kind: .error)
            if case .cooldown(let seconds) = error {
                // The service still counts an earlier request: show its real remaining time.
                countdown.start(duration: .seconds(seconds))
            } else {
                countdown.reset()
                slider.lock()
            }
        }
        changes.notify()
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
    }

    private func countdownChanged() {
        if !countdown.isCounting {
            slider.lock()
        }
        changes.notify()
    }

    /// Shows the call as under way, then hands its answer to `handle` on the main actor. The
    /// wait is bounded by `answerTimeout`, and every way the call can fail arrives as a
    /// `CodeServiceError`.
    private func ask<Value: Sendable>(
        _ call: @escaping @Sendable () async throws -> Value,
        then handle: @escaping @MainActor (CodeFlow, Result<Value, CodeServiceError>) -> Void
    ) -> Task<Void, Never> {
        changes.notify()
        return Task { [weak self, clock = countdown.clock] in
            let outcome: Result<Value, CodeServiceError>
            do {
                outcome = .success(try await withTimeout(Self.answerTimeout, clock: clock, call))
            } catch let error as CodeServiceError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.timeout)
            }
            if let self {
                handle(self, outcome)
            }
        }
    }
}
