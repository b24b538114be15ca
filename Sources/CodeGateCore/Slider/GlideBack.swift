import CodeGateBase
/// The thumb gliding back to the start after an early release: ease-out, so it leaves quickly
/// and settles softly.
public struct GlideBack: Sendable, Equatable {
    /// Where the thumb was released, 0…1.
    public let from: Double
    /// When it was released.
    public let start: ContinuousClock.Instant
    /// How long the glide takes.
    public let duration: Duration

    /// Describes a glide from `from` to 0 beginning at `start`.
    public init(from: Double, start: ContinuousClock.Instant, duration: Duration) {
        self.from = from
        self.start = start
        self.duration = duration
    }

    /// When the thumb reaches 0.
    public var end: ContinuousClock.Instant { start + duration }

    /// The thumb's position at `time`: `from` at the start, 0 from the end on.
    public func value(at time: ContinuousClock.Instant) -> Double {
        guard duration > .zero else { return 0 }
        let progress = Double(start.duration(to: time).wholeNanoseconds) / Double(duration.wholeNanoseconds)
        guard progress < 1 else { return 0 }
        guard progress > 0 else { return from }
        let remaining = 1 - progress
        return from * remaining * remaining * remaining
    }

    /// Whether the glide is over at `time`.
    public func isFinished(at time: ContinuousClock.Instant) -> Bool {
        time >= end
    }
}
