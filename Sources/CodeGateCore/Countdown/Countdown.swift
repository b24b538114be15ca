import CodeGateBase
/// The cooldown of the request button: idle → counting → idle.
///
/// It stores only the instant the cooldown ends and derives everything it shows from "now", so
/// after a stall or a suspend the next reading shows what is really left: nothing is counted
/// per tick. It keeps one alarm on its `TimerPort` for its next visible change — the label's
/// number, a step of the fill, or the end — and tells observers when it fires, whether or not
/// anything displays it. The fill moves only on a grid of `fillStepsPerSecond` points a second
/// counted back from the deadline, which the label's whole seconds are part of: at most three
/// frames a second, one of them drawing the label's change and the fill's together.
@MainActor
public final class Countdown {
    /// The longest cooldown it runs; longer ones are cut to this, so no arithmetic on a
    /// restored or hostile duration can overflow.
    public nonisolated static let longest: Duration = .seconds(86_400)

    /// Where "now" comes from and where the next change is scheduled.
    public let timers: any TimerPort
    /// How the label words the remaining seconds.
    public var format: LabelFormat {
        didSet { changes.notify() }
    }
    /// Called on every visible change: the label, a fill step, the start and the end.
    public let changes = ObserverList<Void>()

    /// When the running cooldown ends; nil when idle.
    public private(set) var deadline: ContinuousClock.Instant?
    /// The running (or last) cooldown's whole length.
    public private(set) var total: Duration = .zero
    /// How many equal steps the fill is drawn in: the width of the widget that draws it, in
    /// pixels, at most `finestFill`. 0, the default, means no fill is shown, so only the
    /// label's changes wake it.
    public var fillResolution = 0 {
        didSet {
            fillResolution = min(max(0, fillResolution), Self.finestFill)
            if fillResolution != oldValue { scheduleNextChange() }
        }
    }
    /// The most steps a fill is drawn in, wider than any screen: it bounds the wake-ups a
    /// cooldown costs whatever a display reports.
    public static let finestFill = 16_384
    /// How often a second the fill may move, on a grid counted back from the deadline. A 300 px
    /// button over 60 s gains 1.67 px a third of a second (1 or 2 whole pixels), which reads as
    /// steady growth; each move is a frame that draws the whole window again (GTK 4.8's cairo
    /// renderer paints every node under the damage's clip), so a step for every pixel would
    /// cost 5 frames a second there, and more on a wider or 2× button. Whole seconds before
    /// the deadline lie on this grid, so the label's change is drawn with a fill step.
    static let fillStepsPerSecond: Int64 = 3
    private let alarm: Alarm

    /// Creates an idle countdown.
    public init(timers: any TimerPort, format: LabelFormat = .parenthesized) {
        self.timers = timers
        self.format = format
        alarm = Alarm(timers: timers)
    }

    /// Whether a cooldown is running now.
    public var isCounting: Bool {
        guard let deadline else { return false }
        return timers.now < deadline
    }

    /// Starts a cooldown of `duration` from now, replacing any running one. A duration that is
    /// not positive leaves the countdown idle.
    public func start(duration: Duration) {
        resume(remaining: duration, of: duration)
    }

    /// Continues a cooldown of length `total` that has `remaining` left, e.g. one that ran
    /// before the app restarted: the label and the fill pick up where they really are.
    public func resume(remaining: Duration, of total: Duration) {
        guard remaining > .zero, total > .zero else { return reset() }
        let remaining = min(remaining, Self.longest)
        self.total = min(max(total, remaining), Self.longest)
        deadline = timers.now + remaining
        changed()
    }

    /// Ends the cooldown at once, e.g. because the request it guards failed.
    public func reset() {
        guard deadline != nil else { return }
        deadline = nil
        changed()
    }

    /// Time left before the cooldown ends; zero when idle.
    public var remaining: Duration {
        guard let deadline else { return .zero }
        return max(.zero, timers.now.duration(to: deadline))
    }

    /// The remaining time rounded up to whole seconds: 59.001 s left shows as 60.
    public var remainingSeconds: Int { remaining.secondsRoundedUp }

    /// How much of the cooldown has passed, from 0 to 1; 0 when idle.
    public var fraction: Double {
        let left = remaining
        guard left > .zero else { return 0 }
        return Double(elapsedNanoseconds(leaving: left)) / Double(total.wholeNanoseconds)
    }

    /// How many of the `fillResolution` steps of the fill are covered as of the latest
    /// grid instant. Exact integer arithmetic, so it agrees with the alarm about when
    /// the next step is shown.
    public var filledSteps: Int {
        let left = remaining
        guard left > .zero, fillResolution > 0 else { return 0 }
        return Int(stepsShown(leaving: left))
    }

    /// The button text for the current state.
    public var label: String { format.text(secondsLeft: remainingSeconds) }

    /// How much of the cooldown has passed when `left` of it remains. Each reading above takes
    /// the clock once and derives everything from that one `left`, so its parts agree.
    private func elapsedNanoseconds(leaving left: Duration) -> Int64 {
        min(total.wholeNanoseconds, max(0, total.wholeNanoseconds - left.wholeNanoseconds))
    }

    /// The fill's steps covered at the latest grid instant when `left` remains: the time left
    /// then is `left` rounded up to the grid.
    private func stepsShown(leaving left: Duration) -> Int64 {
        let leftAtGrid = Duration.nanoseconds(Self.grid(atOrAbove: left.wholeNanoseconds))
        return Self.scale(
            elapsedNanoseconds(leaving: leftAtGrid), by: Int64(fillResolution), over: total.wholeNanoseconds)
    }

    // The grid's points are the times left `k * 1 s / fillStepsPerSecond`, rounded down to the
    // nanosecond: exact at whole seconds, and the two roundings below agree, so a point rounded
    // to either side is itself.
    private static let second = Duration.nanosecondsPerSecond

    /// The grid point at or above `nanoseconds` left.
    private static func grid(atOrAbove nanoseconds: Int64) -> Int64 {
        let index = (nanoseconds * fillStepsPerSecond + second - 1) / second
        return index * second / fillStepsPerSecond
    }

    /// The grid point at or below `nanoseconds` left.
    private static func grid(atOrBelow nanoseconds: Int64) -> Int64 {
        (nanoseconds * fillStepsPerSecond / second) * second / fillStepsPerSecond
    }

    private func changed() {
        changes.notify()
        scheduleNextChange()
    }

    /// Sets the alarm for the next visible change, or drops it when idle.
    private func scheduleNextChange() {
        guard let deadline else { return alarm.cancel() }
        alarm.set(at: nextChange(before: deadline)) { [weak self] in self?.alarmFired() }
    }

    private func alarmFired() {
        if let deadline, timers.now >= deadline {
            self.deadline = nil
        }
        changed()
    }

    /// The instant something visible changes next: the label's number, the first grid instant
    /// at which the fill has crossed its next step, or the end.
    private func nextChange(before deadline: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let left = remaining
        guard left > .zero else { return deadline }
        // The label drops a number when the time left reaches the next whole second below it.
        var next = deadline - .nanoseconds((Int64(left.secondsRoundedUp) - 1) * Self.second)
        if fillResolution > 0 {
            let totalNs = total.wholeNanoseconds
            let steps = Int64(fillResolution)
            let nextStep = stepsShown(leaving: left) + 1
            // The first instant at which nextStep steps are covered, rounded up to the nanosecond,
            // then on to the grid: the time left then, rounded down to a whole interval.
            let stepAt = Self.scale(nextStep, by: totalNs, over: steps, roundingUp: true)
            next = min(next, deadline - .nanoseconds(Self.grid(atOrBelow: totalNs - stepAt)))
        }
        return next
    }

    /// `value * factor / divisor` without overflow for `value <= divisor`: the product is
    /// taken at full width, and the quotient is at most `factor`.
    private static func scale(_ value: Int64, by factor: Int64, over divisor: Int64, roundingUp: Bool = false) -> Int64
    {
        guard divisor > 0 else { return 0 }
        let product = value.multipliedFullWidth(by: factor)
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        return roundingUp && remainder > 0 ? quotient + 1 : quotient
    }
}
