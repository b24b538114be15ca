import CodeGateBase

#if canImport(Glibc)
import Glibc
#endif

/// A count that halves every `halfLife`: what a prefix of numbers sent or verified lately, with
/// no calendar period — yesterday's sends count half, the day before's a quarter. For a steady
/// rate the count settles at `rate × halfLife / ln 2`, so two counts of one traffic with other
/// half-lives compare as their half-lives do. One meter in the store: the count in thousandths
/// at the moment it was last changed; forgotten once it has decayed below a twentieth.
package struct DecayingCount: Equatable, Sendable {
    /// The meter in the store: "sent +861700123".
    package let name: String
    /// The time in which the count halves.
    package let halfLife: Duration

    /// Thousandths: the meter keeps whole numbers.
    private static let unit = 1000.0
    /// Below this (a twentieth) the count is as good as nothing, and the meter is forgotten.
    private static let negligible = 0.05

    /// A count under `name`, halving every `halfLife`.
    package init(name: String, halfLife: Duration) {
        self.name = name
        self.halfLife = halfLife
    }

    /// The count at `sending`'s moment.
    package func value(in sending: Sending) -> Double {
        guard let meter = sending.meters[name], meter.value > 0 else { return 0 }
        let elapsed = Double(max(0, sending.wall - meter.stamp))
        return Double(meter.value) / Self.unit * exp2(-elapsed / Double(halfLife.wholeNanoseconds))
    }

    /// Adds `amount` to the count.
    package func add(_ amount: Double, in sending: inout Sending) {
        let count = value(in: sending) + amount
        // Kept until it has decayed below `negligible`: log2(count / negligible) half-lives.
        let lasts = Double(halfLife.wholeNanoseconds) * log2(max(1, count / Self.negligible))
        sending.meters[name] = Meter(
            stamp: sending.wall, value: Int64((count * Self.unit).rounded()), expires: sending.wall + Int64(lasts))
    }

    /// How long until the count has decayed from what it is at `sending`'s moment to `target`;
    /// zero when it is there already.
    package func time(toDecayTo target: Double, in sending: Sending) -> Duration {
        let count = value(in: sending)
        guard target > 0, count > target else { return .zero }
        return .nanoseconds(Int64(Double(halfLife.wholeNanoseconds) * log2(count / target)))
    }
}
