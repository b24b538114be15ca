import CodeGateBase
/// The rules of a "get verification code" button, without GTK: pressed, it runs the app's own
/// request; while that runs it is sending; an answer starts the cooldown it names, and a
/// failure or a timeout brings it back at once, so the user can try again.
///
/// The app decides when it may be pressed at all (`isEnabled`, e.g. a valid form), and may
/// make it wait for a slide (`requireUnlock(of:)`): the slider's unlock then enables it, and
/// every way out of a request — the end of its cooldown or a failure — locks the slider again,
/// so one slide is good for one request.
@MainActor
public final class CountdownRequest {
    /// Where the button stands in the request cycle.
    public typealias Phase = RequestButtonState.Phase

    /// The app's request: sends a code and returns the cooldown before the next one may be
    /// asked for, or throws the app's own error. A thrown `CooldownRefusal` counts down the
    /// time it names.
    public typealias Handler = @MainActor () async throws -> Duration
    /// The app's request as a call that answers through the function it is given, within the
    /// call or later, and returns what ends its work when the button gives up on it (a timeout,
    /// a reset): what a GObject button's `request` signal is. No task runs it, so an answer
    /// given at once shows before the press returns.
    package typealias AnsweringHandler =
        @MainActor (_ answer: @escaping @MainActor (Result<Duration, any Error>) -> Void) -> (@MainActor () -> Void)

    /// The default limit on a request's answer.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The label while sending unless told otherwise, in the language of the moment.
    package static var defaultSendingText: String { ControlsText.localized("发送中…") }

    /// The cooldown after each request, which words the label while it counts.
    public let countdown: Countdown
    /// The request a press runs; nil leaves the button insensitive.
    public var handler: Handler? {
        didSet { changes.notify() }
    }
    /// The request a press runs when it is a call that answers through a function, taking
    /// precedence over `handler`.
    package var answeringHandler: AnsweringHandler? {
        didSet { changes.notify() }
    }
    /// How long a request may take before it fails with `RequestTimeout`.
    public var timeout: Duration {
        get { call.timeout }
        set { call.timeout = min(max(.milliseconds(1), newValue), Countdown.longest) }
    }
    /// The app's own gate, e.g. whether its form is filled in; true by default.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { changes.notify() } }
    }
    /// The label while a request is under way.
    public var sendingText = CountdownRequest.defaultSendingText {
        didSet { changes.notify() }
    }
    /// What a screen reader calls the button while a request is under way, with `{0}` for the
    /// idle text and `{1}` for `sendingText`; nil for "获取验证码，发送中…".
    public var sendingAccessibleName: String? {
        didSet { changes.notify() }
    }
    /// What a screen reader calls the button while its cooldown runs, with `{0}` for the idle
    /// text and `{1}` for the seconds left; nil for "获取验证码，59 秒后可重新获取". A display
    /// renews it each second while the button has no focus, and while it has, only when it
    /// gets it: a screen reader speaks every name change of the focused object.
    public var countingAccessibleName: String? {
        didSet { changes.notify() }
    }

    /// Called whenever anything `state` shows may have changed.
    public let changes = ObserverList<Void>()
    /// Called with each new phase.
    public let phaseChanges = ObserverList<Phase>()
    /// Called when a request was answered and its cooldown starts, with the cooldown.
    public let sent = ObserverList<Duration>()
    /// Called when a request failed or timed out, with the app's error or a `RequestTimeout`.
    public let failures = ObserverList<any Error>()
    /// Called when a running cooldown ends, by itself or by `reset()`.
    public let cooldownEnded = ObserverList<Void>()

    /// The slider whose unlock this request waits for, if any.
    public private(set) weak var slider: SlideUnlock?
    /// Whether a request is waiting for its answer.
    public private(set) var isSending = false
    /// How the last request cycle came out, set before observers hear of the change it made;
    /// nil from a press on.
    public private(set) var outcome: RequestOutcome?
    /// Counts the outcomes, so that a display tells a new one from one it has shown, even with
    /// the same words.
    public private(set) var outcomeCount = 0
    // Looked up once: `state` is read at every step of the fill.
    // TRANSLATORS: the request button as a screen reader names it while sending: {0} is its
    // label ("获取验证码"), {1} says it is sending ("发送中…").
    private let defaultSendingName = ControlsText.localized("{0}，{1}")
    // TRANSLATORS: the request button as a screen reader names it while its cooldown runs: {0}
    // is its label ("获取验证码"), {1} the whole seconds left.
    private let defaultCountingName = ControlsText.localized("{0}，{1} 秒后可重新获取")
    /// The words the button shows while counting, with what they were worked out from: `state`
    /// is read several times at each step of the fill (by the button, its GObject properties,
    /// the app's flow), and the words change once a second.
    private var countingWords: (seconds: Int, format: LabelFormat, name: String?, text: String, accessibleText: String)?
    private let call: ServiceCall
    private var lastPhase: Phase
    /// Whether the slider's unlock was used for a request: only then does the way back to idle
    /// lock it. A slide made while a cooldown restored from an earlier run counts down is kept
    /// for the request after it.
    private var unlockSpent = false
    private var sliderObservation: Observation?
    /// Whether a failure's answer is being applied: observers hear of it once it has settled.
    private var isSettling = false

    /// A button's rules over `countdown`, running `handler` on each press.
    public init(countdown: Countdown, timeout: Duration = CountdownRequest.defaultTimeout, handler: Handler? = nil) {
        self.countdown = countdown
        self.handler = handler
        call = ServiceCall(timers: countdown.timers, timeout: timeout)
        lastPhase = countdown.isCounting ? .counting : .idle
        self.timeout = timeout
        countdown.changes.add { [weak self] in self?.countdownChanged() }
    }

    /// Idle, sending or counting.
    public var phase: Phase {
        isSending ? .sending : countdown.isCounting ? .counting : .idle
    }

    /// Whether a press would run the request now.
    public var canRequest: Bool {
        (handler != nil || answeringHandler != nil) && isEnabled && (slider?.isFresh ?? true) && phase == .idle
    }

    /// What the button shows now: the label, its accessible name, its sensitivity and fill.
    public var state: RequestButtonState {
        let idleText = countdown.format.idleText
        switch phase {
        case .sending:
            let name = (sendingAccessibleName ?? defaultSendingName).filling(idleText, sendingText)
            return RequestButtonState(
                text: sendingText, accessibleText: name, isSensitive: false, fillFraction: 0, phase: .sending)
        case .counting:
            let words = wordsWhileCounting()
            let steps = countdown.fillResolution
            return RequestButtonState(
                text: words.text, accessibleText: words.accessibleText, isSensitive: false,
                fillFraction: steps > 0 ? Double(countdown.filledSteps) / Double(steps) : countdown.fraction,
                phase: .counting)
        case .idle:
            return RequestButtonState(
                text: idleText, accessibleText: idleText, isSensitive: canRequest, fillFraction: 0, phase: .idle)
        }
    }

    /// The label and the accessible name for the seconds left now.
    private func wordsWhileCounting() -> (text: String, accessibleText: String) {
        let seconds = countdown.remainingSeconds
        let format = countdown.format
        if let words = countingWords, words.seconds == seconds, words.format == format,
           words.name == countingAccessibleName
        {
            return (words.text, words.accessibleText)
        }
        let text = format.text(secondsLeft: seconds)
        let name = (countingAccessibleName ?? defaultCountingName).filling(format.idleText, seconds)
        countingWords = (seconds, format, countingAccessibleName, text, name)
        return (text, name)
    }

    /// Makes the request wait for `slider`: its unlock enables the button, and the end of each
    /// cooldown or a failed request locks it again.
    public func requireUnlock(of slider: SlideUnlock) {
        self.slider = slider
        sliderObservation = slider.changes.observe { [weak self] in
            if self?.isSettling == false { self?.changes.notify() }
        }
        changes.notify()
    }

    /// Stops waiting for a slider: the app's gate alone decides again, e.g. when a GObject
    /// app sets the button's `slider` property to NULL.
    public func dropUnlockRequirement() {
        guard slider != nil else { return }
        lockSpentUnlock()
        slider = nil
        unlockSpent = false
        sliderObservation = nil
        changes.notify()
    }

    /// A press: runs the request unless `canRequest` says no, so a double click or a held key
    /// never sends two. Returns the task that waits for the answer.
    @discardableResult
    public func press() -> Task<Void, Never>? {
        guard canRequest else { return nil }
        record(nil)
        isSending = true
        // One slide, one request: the unlock is spent now, for every button waiting on it,
        // whatever the answer; the way back to idle locks the slider for the next slide.
        if let slider {
            unlockSpent = true
            slider.spend()
        }
        changed()
        let limit = timeout
        let answered: @MainActor (Result<Duration, any Error>) -> Void = { [weak self] outcome in
            self?.answered(outcome)
        }
        if let answeringHandler {
            call.begin(answeringHandler, timedOut: { RequestTimeout(limit: limit) }, answered: answered)
            return nil
        }
        guard let handler else { return nil }
        return call.start({ () async throws(any Error) in try await handler() }, timedOut: {
            RequestTimeout(limit: limit)
        }, answered: answered)
    }

    /// Starts a cooldown of `duration` the app learnt of itself (e.g. saved from an earlier
    /// run); a request under way is dropped.
    public func startCooldown(_ duration: Duration) {
        abandonRequest()
        countdown.start(duration: duration)
        changed()
    }

    /// Back to idle at once: a request under way is dropped and a running cooldown ends.
    public func reset() {
        abandonRequest()
        countdown.reset()
        changed()
    }

    private func abandonRequest() {
        guard isSending else { return }
        call.abandon()
        isSending = false
    }

    private func answered(_ outcome: Result<Duration, any Error>) {
        // The countdown starts while isSending still holds, so observers of the countdown can
        // tell a cooldown this request started from one the app restored.
        switch outcome {
        case .success(let answer):
            // What the countdown runs is what the observers hear: never more than the longest.
            let cooldown = min(answer, Countdown.longest)
            record(.sent(cooldown))
            countdown.start(duration: cooldown)
            isSending = false
            changed()
            sent.notify(cooldown)
        case .failure(let error):
            // The state settles first with nobody told, then the app hears of the failure, then
            // the controls show it: the app's own words for it (a note on the slider, say) are
            // in place before the button hands the focus on, so the reason is said once, in the
            // app's words, never first in the controls' own.
            isSettling = true
            let left = (error as? any CooldownRefusal)?.cooldownLeft ?? .zero
            if left > .zero {
                countdown.start(duration: left)
            } else {
                countdown.reset()
                lockSpentUnlock()
            }
            isSending = false
            isSettling = false
            failures.notify(error)
            record(.failed(error))
            changed()
        }
    }

    private func countdownChanged() {
        guard !isSettling else { return }
        let ended = lastPhase == .counting && !countdown.isCounting
        if ended {
            record(.cooldownEnded)
        }
        changed()
        if ended {
            cooldownEnded.notify()
        }
    }

    private func record(_ outcome: RequestOutcome?) {
        self.outcome = outcome
        outcomeCount += 1
    }

    private func lockSpentUnlock() {
        guard unlockSpent else { return }
        unlockSpent = false
        slider?.lock()
    }

    /// Tells observers of the state, and of the phase when it moved. Back at idle, an unlock
    /// this request spent is locked first — after an answer, a failure, a reset, a zero
    /// cooldown or the end of one alike — so that observers see the button idle and waiting
    /// for the next slide at once, never ready for a moment in between.
    private func changed() {
        let phase = phase
        if phase == .idle {
            lockSpentUnlock()
        }
        changes.notify()
        if phase != lastPhase {
            lastPhase = phase
            phaseChanges.notify(phase)
        }
    }
}
