/// The cooldown of the request button: idle → counting → idle.
///
/// It stores only the instant the cooldown ends, read from its clock, and derives everything it
/// shows from "now": after a stall or a suspend the next reading shows what is really left,
/// because nothing is decremented per tick. Whoever displays it calls `refresh()` when
/// `delayUntilNextChange(fillSteps:)` says something visible is due, and sleeps in between.
@MainActor
public final class Countdown {
    /// Where "now" comes from.
    public let clock: any TimeSource
    /// How the label words the remaining seconds.
    public var format: LabelFormat {
        didSet { changes.notify() }
    }
    /// Called whenever the label or the phase changes (not for every fill step).
    public let changes = ObserverList()

    /// When the running cooldown ends on `clock`; nil when idle.
    public private(set) var deadline: Duration?
    /// The running (or last) cooldown's whole length.
    public private(set) var total: Duration = .zero
    private var shownSeconds = 0

    /// Creates an idle countdown.
    public init(clock: any TimeSource = BootClock(), format: LabelFormat = .parenthesized) {
        self.clock = clock
        self.format = format
    }

    /// Whether a cooldown is running, as of the last `start`, `reset` or `refresh`.
    public var isCounting: Bool { deadline != nil }

    /// Starts a cooldown of `duration` from now, replacing any running one. A duration that is
    /// not positive leaves the countdown idle.
    public func start(duration: Duration) {
        resume(remaining: duration, of: duration)
    }

    /// Continues a cooldown of length `total` that has `remaining` left, e.g. one that ran
    /// before the app restarted: the label and the fill pick up where they really are.
    public func resume(remaining: Duration, of total: Duration) {
        guard remaining > .zero, total > .zero else { return reset() }
        self.total = max(total, remaining)
        deadline = clock.now() + remaining
        shownSeconds = remaining.secondsRoundedUp
        changes.notify()
    }

    /// Ends the cooldown at once, e.g. because the request it guards failed.
    public func reset() {
        guard deadline != nil else { return }
        deadline = nil
        shownSeconds = 0
        changes.notify()
    }

    /// Re-reads the clock; tells observers if the label changed or the cooldown is over.
    public func refresh() {
        guard let deadline else { return }
        let seconds = (deadline - clock.now()).secondsRoundedUp
        guard seconds != shownSeconds else { return }
        shownSeconds = seconds
        if seconds == 0 {
            self.deadline = nil
        }
        changes.notify()
    }

    /// Time left before the cooldown ends; zero when idle.
    public var remaining: Duration {
        guard let deadline else { return .zero }
        return max(.zero, deadline - clock.now())
    }

    /// The remaining time rounded up to whole seconds: 59.001 s left shows as 60.
    public var remainingSeconds: Int { remaining.secondsRoundedUp }

    /// How much of the cooldown has passed, from 0 to 1; 0 when idle.
    public var fraction: Double {
        guard isCounting, total > .zero else { return 0 }
        return min(1, Double((total - remaining).wholeNanoseconds) / Double(total.wholeNanoseconds))
    }

    /// How many of `steps` equal parts of the fill are covered now: the fill's width when
    /// `steps` is the button's width in device pixels. Exact integer arithmetic, so it agrees
    /// with `delayUntilNextChange(fillSteps:)` about when the next step begins.
    public func filledSteps(of steps: Int) -> Int {
        guard isCounting, steps > 0 else { return 0 }
        let totalNs = total.wholeNanoseconds
        return Int(min(Int64(steps), (totalNs - remaining.wholeNanoseconds) * Int64(steps) / totalNs))
    }

    /// The button text for the current state.
    public var label: String { format.text(secondsLeft: remainingSeconds) }

    /// How long until something visible changes: the label's number, the end, or the fill
    /// crossing its next step when the fill is drawn in `fillSteps` steps (its width in device
    /// pixels). `nil` when idle: nothing will change until someone starts it.
    public func delayUntilNextChange(fillSteps: Int) -> Duration? {
        guard isCounting else { return nil }
        let left = remaining.wholeNanoseconds
        guard left > 0 else { return .zero }
        let secondNs: Int64 = 1_000_000_000
        let untilLabel = left - (Int64(remaining.secondsRoundedUp) - 1) * secondNs
        guard fillSteps > 0 else { return .nanoseconds(untilLabel) }
        let totalNs = total.wholeNanoseconds
        let steps = Int64(fillSteps)
        let elapsed = totalNs - left
        let nextStep = elapsed * steps / totalNs + 1
        let untilStep = (nextStep * totalNs + steps - 1) / steps - elapsed
        return .nanoseconds(min(untilLabel, untilStep))
    }
}
