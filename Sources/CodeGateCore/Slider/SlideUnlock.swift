/// The slide-to-unlock check: a thumb moved from 0 to 1 that unlocks when it reaches the end,
/// and glides back to 0 when let go anywhere before it.
///
/// The glide is the model's own animation: it schedules each frame on its `TimerPort` and tells
/// observers, so a display only draws what `state` says.
///
/// By keyboard the thumb moves one step a press and waits while presses keep coming: it glides
/// back only after `stepPatience` without one. So the check can be passed with key repeat off
/// (on-screen keyboards, switch access, voice control) and still takes a run of deliberate
/// presses, where a jump of any kind is refused.
@MainActor
public final class SlideUnlock {
    /// Where "now" comes from for the glide back, and where its frames are scheduled.
    public let timers: any TimerPort
    /// The position, 0…1, at which the thumb counts as at the end.
    public let threshold: Double
    /// How long the glide back takes when animations are on.
    public let glideDuration: Duration
    /// Time between two frames of the glide back.
    public let frameInterval: Duration
    /// How long the thumb waits for the next arrow-key step before it glides back.
    public let stepPatience: Duration
    /// Whether the glide back is animated; off makes it instant (GTK's `gtk-enable-animations`).
    public var animates = true
    /// The text on the track while locked.
    public var hint = ControlsText.localized("滑动解锁/获取验证码") {
        didSet { changes.notify() }
    }
    /// The text on the track once unlocked.
    public var unlockedHint = ControlsText.localized("验证通过") {
        didSet { changes.notify() }
    }
    /// How to pass the check by keyboard: shown on the track while the control has focus, and
    /// its accessible description.
    public var keyboardHint = ControlsText.localized("按 → 键逐格滑到最右端") {
        didSet { changes.notify() }
    }
    /// What a screen reader calls the control while the check is not passed yet.
    public var lockedAccessibleName = ControlsText.localized("滑动验证，未通过") {
        didSet { changes.notify() }
    }
    /// What a screen reader calls the control once the check is passed.
    public var unlockedAccessibleName = ControlsText.localized("滑动验证，已通过") {
        didSet { changes.notify() }
    }
    /// The thumb's position in words while locked: `{0}` is a whole percentage.
    public var positionText = ControlsText.localized(
        // TRANSLATORS: the slider's position for a screen reader: {0} is a whole percentage.
        "已滑动 {0}%") {
        didSet { changes.notify() }
    }
    /// The thumb's position in words once unlocked.
    public var unlockedPositionText = ControlsText.localized("已滑到最右端") {
        didSet { changes.notify() }
    }
    /// Called when anything in `state` changes.
    public let changes = ObserverList<Void>()
    /// Called each time the check is passed.
    public let unlocks = ObserverList<Void>()

    /// Whether the check has been passed.
    public private(set) var isUnlocked = false
    private var restingValue = 0.0
    private var glide: GlideBack?
    private let frame: Alarm
    private let patience: Alarm

    /// Creates a locked slider at 0.
    public init(
        timers: any TimerPort,
        threshold: Double = 0.98,
        glideDuration: Duration = .milliseconds(250),
        frameInterval: Duration = .milliseconds(16),
        stepPatience: Duration = .milliseconds(1500)
    ) {
        // Durations are cut to a minute and frames kept at least a millisecond apart, so no
        // instant computed from them can overflow and no glide can schedule without end.
        let minute: Duration = .seconds(60)
        self.timers = timers
        self.threshold = min(1, max(0, threshold.isNaN ? 1 : threshold))
        self.glideDuration = min(max(.zero, glideDuration), minute)
        self.frameInterval = min(max(.milliseconds(1), frameInterval), minute)
        self.stepPatience = min(max(.zero, stepPatience), minute)
        frame = Alarm(timers: timers)
        patience = Alarm(timers: timers)
    }

    /// The thumb's position now, 0…1, following the glide back while one runs.
    public var value: Double { value(at: timers.now) }

    /// Whether the thumb is gliding back now.
    public var isGlidingBack: Bool { isGlidingBack(at: timers.now) }

    /// What the control shows now: the clock is read once, so the position and the phase agree.
    public var state: SliderState {
        let now = timers.now
        let position = value(at: now)
        return SliderState(
            position: position,
            phase: isUnlocked ? .unlocked : isGlidingBack(at: now) ? .gliding : .locked,
            hint: isUnlocked ? unlockedHint : hint,
            accessibleName: isUnlocked ? unlockedAccessibleName : lockedAccessibleName,
            valueText: isUnlocked ? unlockedPositionText : positionText.filling(Int((position * 100).rounded()))
        )
    }

    /// Asks to move the thumb to `target` by `input`. Returns whether the thumb moved; refused
    /// inputs (jumps, or anything once unlocked) leave it where it is.
    @discardableResult
    public func move(to target: Double, by input: SlideInput) -> Bool {
        guard !isUnlocked, input.canMoveThumb else { return false }
        stopGlide()
        restingValue = min(1, max(0, target))
        if restingValue >= threshold {
            restingValue = 1
            isUnlocked = true
            patience.cancel()
        } else if input == .step {
            patience.set(at: timers.now + stepPatience) { [weak self] in self?.release() }
        }
        changes.notify()
        if isUnlocked {
            unlocks.notify()
        }
        return true
    }

    /// The user let go of the thumb (the pointer, or the keys for longer than `stepPatience`):
    /// unless it unlocked, it glides back to 0.
    public func release() {
        patience.cancel()
        guard !isUnlocked, restingValue > 0 else { return }
        glideBack(from: restingValue)
    }

    /// Locks again, gliding the thumb back to 0: each unlock is good for one request.
    public func lock() {
        guard isUnlocked else { return }
        isUnlocked = false
        glideBack(from: restingValue)
    }

    private func value(at now: ContinuousClock.Instant) -> Double {
        glide?.value(at: now) ?? restingValue
    }

    private func isGlidingBack(at now: ContinuousClock.Instant) -> Bool {
        glide.map { !$0.isFinished(at: now) } ?? false
    }

    private func glideBack(from start: Double) {
        restingValue = 0
        glide = animates ? GlideBack(from: start, start: timers.now, duration: glideDuration) : nil
        changes.notify()
        scheduleFrame()
    }

    private func scheduleFrame() {
        guard let glide else { return }
        frame.set(at: min(timers.now + frameInterval, glide.end)) { [weak self] in self?.frameDue() }
    }

    private func frameDue() {
        if !isGlidingBack {
            glide = nil
        }
        changes.notify()
        scheduleFrame()
    }

    private func stopGlide() {
        glide = nil
        frame.cancel()
    }
}
