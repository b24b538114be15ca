/// The slide-to-unlock check: a thumb moved from 0 to 1 that unlocks when it reaches the end,
/// and glides back to 0 when let go anywhere before it.
///
/// The glide is the model's own animation: it schedules each frame on its `TimerPort` and tells
/// observers, so a display only draws what `state` says.
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
    /// Whether the glide back is animated; off makes it instant (GTK's `gtk-enable-animations`).
    public var animates = true
    /// The text on the track while locked.
    public var hint = "滑动解锁/获取验证码" {
        didSet { changes.notify() }
    }
    /// The text on the track once unlocked.
    public var unlockedHint = "验证通过" {
        didSet { changes.notify() }
    }
    /// Called when anything in `state` changes.
    public let changes = ObserverList<Void>()

    /// Whether the check has been passed.
    public private(set) var isUnlocked = false
    private var restingValue = 0.0
    private var glide: GlideBack?
    private let frame: Alarm

    /// Creates a locked slider at 0.
    public init(
        timers: any TimerPort,
        threshold: Double = 0.98,
        glideDuration: Duration = .milliseconds(250),
        frameInterval: Duration = .milliseconds(16)
    ) {
        self.timers = timers
        self.threshold = threshold
        self.glideDuration = glideDuration
        self.frameInterval = frameInterval
        frame = Alarm(timers: timers)
    }

    /// The thumb's position now, 0…1, following the glide back while one runs.
    public var value: Double {
        glide?.value(at: timers.now) ?? restingValue
    }

    /// Whether the thumb is gliding back now.
    public var isGlidingBack: Bool {
        guard let glide else { return false }
        return !glide.isFinished(at: timers.now)
    }

    /// What the control shows now.
    public var state: SliderState {
        SliderState(
            position: value,
            phase: isUnlocked ? .unlocked : isGlidingBack ? .gliding : .locked,
            hint: isUnlocked ? unlockedHint : hint
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
        }
        changes.notify()
        return true
    }

    /// The user let go of the thumb: unless it unlocked, it glides back to 0.
    public func release() {
        guard !isUnlocked, restingValue > 0 else { return }
        glideBack(from: restingValue)
    }

    /// Locks again, gliding the thumb back to 0: each unlock is good for one request.
    public func lock() {
        guard isUnlocked else { return }
        isUnlocked = false
        glideBack(from: restingValue)
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
