/// The slide-to-unlock check: a thumb moved from 0 to 1 that unlocks when it reaches the end,
/// and glides back to 0 when let go anywhere before it.
@MainActor
public final class SlideUnlock {
    /// Where "now" comes from for the glide back.
    public let clock: any TimeSource
    /// The position, 0…1, at which the thumb counts as at the end.
    public let threshold: Double
    /// How long the glide back takes when animations are on.
    public let snapBackDuration: Duration
    /// Whether the glide back is animated; off makes it instant (GTK's `gtk-enable-animations`).
    public var animates = true
    /// Called when the position or the locked state changes.
    public let changes = ObserverList()

    /// Whether the check has been passed.
    public private(set) var isUnlocked = false
    private var restingValue = 0.0
    private var snapBack: SnapBack?

    /// Creates a locked slider at 0.
    public init(
        clock: any TimeSource = BootClock(),
        threshold: Double = 0.98,
        snapBackDuration: Duration = .milliseconds(250)
    ) {
        self.clock = clock
        self.threshold = threshold
        self.snapBackDuration = snapBackDuration
    }

    /// The thumb's position now, 0…1, following the glide back while one runs.
    public var value: Double {
        snapBack?.value(at: clock.now()) ?? restingValue
    }

    /// Whether the thumb is gliding back now; a display animates while this is true.
    public var isGlidingBack: Bool {
        guard let snapBack else { return false }
        return !snapBack.isFinished(at: clock.now())
    }

    /// Asks to move the thumb to `target` by `input`. Returns whether the thumb moved; refused
    /// inputs (jumps, or anything once unlocked) leave it where it is.
    @discardableResult
    public func move(to target: Double, by input: SlideInput) -> Bool {
        guard !isUnlocked, input.canMoveThumb else { return false }
        snapBack = nil
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

    /// Ends a finished glide: the thumb rests at 0 again. Displays call this when
    /// `isGlidingBack` turns false.
    public func settle() {
        guard snapBack != nil, !isGlidingBack else { return }
        snapBack = nil
        changes.notify()
    }

    private func glideBack(from start: Double) {
        restingValue = 0
        snapBack = animates ? SnapBack(from: start, start: clock.now(), duration: snapBackDuration) : nil
        changes.notify()
    }
}
