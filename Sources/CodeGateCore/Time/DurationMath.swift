/// Whole-nanosecond arithmetic on `Duration`, so the countdown's second boundaries are exact
/// (floating point would show "60" at 59.000000001 s left after enough additions).
extension Duration {
    /// The duration in whole nanoseconds, truncated toward zero.
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The number of whole seconds needed to cover this duration: 59.001 s → 60, 59 s → 59.
    var secondsRoundedUp: Int {
        let nanoseconds = wholeNanoseconds
        guard nanoseconds > 0 else { return 0 }
        return Int((nanoseconds + 999_999_999) / 1_000_000_000)
    }
}
