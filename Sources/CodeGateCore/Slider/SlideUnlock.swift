import CodeGateBase
/// The slide-to-unlock check: a thumb moved from 0 to 1 that unlocks when it reaches the end,
/// and glides back to 0 when let go anywhere before it.
///
/// The glide is the model's own animation: it schedules each frame on its `TimerPort` and tells
/// observers, so a display only draws what `state` says.
///
/// By keyboard, or by clicks on the thumb, it moves one step (a tenth) at a time and stays
/// where it is for as long as the user needs: no time limit (WCAG 2.2.1), so the check can be
/// passed with key repeat off, by switch access, voice control or a head pointer that clicks
/// but cannot drag, and still takes a run of deliberate actions, where a jump of any kind is
/// refused. After each step its description says how far it is and how many steps are left.
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
    /// How far one arrow-key press or one click on the thumb moves it: a tenth.
    public static let step = 0.1
    /// Whether the glide back is animated; off makes it instant (GTK's `gtk-enable-animations`).
    public var animates = true
    /// Whether the toolkit tells a screen reader of each change of the value, in the value's
    /// words (GTK after 4.8; GTK 4.8 sends no event for a range's value). How far a step took
    /// the thumb is then said in the value's words alone, and the description keeps the
    /// keyboard hint: the progress is heard once, not twice. Else it is in the description.
    public var announcesValue = false {
        didSet { changes.notify() }
    }
    /// The text on the track while locked.
    public var hint = SlideUnlock.defaultHint {
        didSet { changes.notify() }
    }
    /// The text on the track once unlocked.
    public var unlockedHint = SlideUnlock.defaultUnlockedHint {
        didSet { changes.notify() }
    }
    /// Whether the track runs from right to left, as GTK lays out a slider in a right-to-left
    /// language: the thumb starts at the right, the end is at the left and ← steps towards it.
    /// `SlideToUnlock` sets it from its text direction; the words that name a key or a side
    /// (`keyboardHint`, `unlockedPositionText`) follow it.
    public var isMirrored = false {
        didSet { if isMirrored != oldValue { changes.notify() } }
    }
    /// How to pass the check by keyboard or by clicks: the control's accessible description
    /// until the thumb moves. By default it names → and the right end, or ← and the left end
    /// on a mirrored track; a text set here is used for both.
    public var keyboardHint: String {
        get { keyboardHints.text(mirrored: isMirrored) }
        set {
            keyboardHints = DirectionalText(newValue)
            changes.notify()
        }
    }
    private var keyboardHints = SlideUnlock.defaultKeyboardHints
    /// The keyboard way in a few words, on the track while the control has keyboard focus:
    /// short enough to fit there at twice the text size, which the whole `keyboardHint` is not.
    /// Names → by default, or ← on a mirrored track; a text set here is used for both.
    public var focusedHint: String {
        get { focusedHints.text(mirrored: isMirrored) }
        set {
            focusedHints = DirectionalText(newValue)
            changes.notify()
        }
    }
    private var focusedHints = SlideUnlock.defaultFocusedHints
    /// Where the thumb stands after a step, for a screen reader: `{0}` is a whole percentage,
    /// `{1}` the steps still to go.
    public var progressText = SlideUnlock.defaultProgressText {
        didSet { changes.notify() }
    }
    /// What a screen reader hears when the thumb was let go early and went back to the start.
    public var returnedText = SlideUnlock.defaultReturnedText {
        didSet { changes.notify() }
    }
    /// What a screen reader calls the control while the check is not passed yet, with `{0}` for
    /// `hint`: a name that holds the words on the track lets speech control reach it by them.
    public var lockedAccessibleName = SlideUnlock.defaultLockedAccessibleName {
        didSet { changes.notify() }
    }
    /// What a screen reader calls the control once the check is passed, with `{0}` for
    /// `unlockedHint`.
    public var unlockedAccessibleName = SlideUnlock.defaultUnlockedAccessibleName {
        didSet { changes.notify() }
    }
    /// The thumb's position in words while locked: `{0}` is a whole percentage.
    public var positionText = SlideUnlock.defaultPositionText {
        didSet { changes.notify() }
    }
    /// The thumb's position in words once unlocked: at the right end, or at the left end of a
    /// mirrored track; a text set here is used for both.
    public var unlockedPositionText: String {
        get { unlockedPositionTexts.text(mirrored: isMirrored) }
        set {
            unlockedPositionTexts = DirectionalText(newValue)
            changes.notify()
        }
    }
    private var unlockedPositionTexts = SlideUnlock.defaultUnlockedPositionTexts
    /// Called when anything in `state` changes.
    public let changes = ObserverList<Void>()
    /// Called each time the check is passed.
    public let unlocks = ObserverList<Void>()

    /// Whether the check has been passed.
    public private(set) var isUnlocked = false
    /// Whether this unlock was used for a request: it stays unlocked on screen until the
    /// request's cycle ends, but is good for no other request (one slide, one request).
    public private(set) var isSpent = false
    /// Whether the check is passed and not used yet: what a request waits for.
    public var isFresh: Bool { isUnlocked && !isSpent }
    /// Whether the control showing the check is gone (`retire()`): it can never be passed.
    public private(set) var isRetired = false
    private var restingValue = 0.0
    private var glide: GlideBack?
    /// Whether the thumb went back to the start since the user last moved it.
    private var hasReturned = false
    /// Whether the thumb was last moved by a pointer drag, whose user sees where it is and
    /// needs no count of steps.
    private var isDragged = false
    private let frame: Alarm

    /// Creates a locked slider at 0.
    public init(
        timers: any TimerPort,
        threshold: Double = 0.98,
        glideDuration: Duration = .milliseconds(250),
        frameInterval: Duration = .milliseconds(16)
    ) {
        // Durations are cut to a minute and frames kept at least a millisecond apart, so no
        // instant computed from them can overflow and no glide can schedule without end.
        let minute: Duration = .seconds(60)
        self.timers = timers
        self.threshold = min(1, max(0, threshold.isNaN ? 1 : threshold))
        self.glideDuration = min(max(.zero, glideDuration), minute)
        self.frameInterval = min(max(.milliseconds(1), frameInterval), minute)
        frame = Alarm(timers: timers)
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
            accessibleName: isUnlocked
                ? unlockedAccessibleName.filling(unlockedHint) : lockedAccessibleName.filling(hint),
            valueText: valueText(at: position, gliding: isGlidingBack(at: now)),
            description: description(at: position),
            focusHint: restingValue > 0 && !isUnlocked ? (isDragged ? hint : progress(at: position)) : focusedHint
        )
    }

    /// What a screen reader hears of the thumb: how to pass the check at the start, how far it
    /// is and how many steps are left once moved (unless the value says so), that it went back
    /// when let go early.
    private func description(at position: Double) -> String {
        if isUnlocked { return "" }
        if hasReturned { return returnedText + "\n" + keyboardHint }
        return restingValue > 0 && !announcesValue ? progress(at: position) : keyboardHint
    }

    /// The position in words. Gliding back, where the thumb is going, as the value reported
    /// then: a screen reader that meets it hears the start, not a step on the way.
    private func valueText(at position: Double, gliding: Bool) -> String {
        if isUnlocked { return unlockedPositionText }
        if gliding { return positionText.filling(0) }
        if announcesValue, restingValue > 0 { return progress(at: position) }
        return positionText.filling(Int((position * 100).rounded()))
    }

    /// "已滑动 30%，还需 7 步".
    private func progress(at position: Double) -> String {
        // A hair below each whole step, so 0.7 / 0.1 = 7.000000000000001 is still 7 steps.
        let stepsLeft = Int(((1 - position) / Self.step - 1e-9).rounded(.up))
        return progressText.filling(Int((position * 100).rounded()), max(1, stepsLeft))
    }

    /// Asks to move the thumb to `target` by `input`. Returns whether the thumb moved; refused
    /// inputs (jumps, or anything once unlocked) leave it where it is.
    @discardableResult
    public func move(to target: Double, by input: SlideInput) -> Bool {
        guard !isUnlocked, !isRetired, input.canMoveThumb else { return false }
        stopGlide()
        hasReturned = false
        isDragged = input == .drag
        restingValue = min(1, max(0, target))
        if restingValue >= threshold {
            restingValue = 1
            isUnlocked = true
        }
        changes.notify()
        if isUnlocked {
            unlocks.notify()
        }
        return true
    }

    /// One step towards the end, as one press of → (← on a mirrored track) or one click on the
    /// thumb makes.
    @discardableResult
    public func stepForward() -> Bool {
        move(to: restingValue + Self.step, by: .step)
    }

    /// The pointer let go of the thumb it dragged: unless it unlocked, it glides back to 0.
    public func release() {
        guard !isUnlocked, restingValue > 0 else { return }
        hasReturned = true
        glideBack(from: restingValue)
    }

    /// Locks for good, at once, when the control showing the check goes away: a request
    /// waiting for it then never runs, rather than running without a check. Nobody is told:
    /// it happens while widgets are destroyed, the observers' own among them, and a press
    /// reads the state anew.
    package func retire() {
        stopGlide()
        isUnlocked = false
        isSpent = false
        restingValue = 0
        isRetired = true
    }

    /// Marks the unlock as used by a request; `lock()` ends it.
    package func spend() {
        guard isFresh else { return }
        isSpent = true
        changes.notify()
    }

    /// Locks again, the thumb back at 0 at once: each unlock is good for one request. Only a
    /// thumb let go early glides back, watched by the hand that let go; a lock is the app's
    /// (a failure, the end of a cooldown), which hands the focus to the slider, where each
    /// frame of a glide would reach a screen reader as a value (GTK after 4.8).
    public func lock() {
        guard isUnlocked else { return }
        isUnlocked = false
        isSpent = false
        hasReturned = false
        restingValue = 0
        changes.notify()
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
