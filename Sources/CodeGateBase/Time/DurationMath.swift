#if canImport(Glibc)
import Glibc
#endif

/// Whole-nanosecond arithmetic on `Duration`, so the countdown's second boundaries are exact
/// (floating point would show "60" at 59.000000001 s left after enough additions).
///
/// Nothing here traps: a `Duration` can hold about 5 × 10^21 years, `Int64` nanoseconds only
/// 292, and a duration read from a damaged file or a clock that jumped must not crash the app.
/// Out-of-range values saturate at the nearest `Int64`.
extension Duration {
    /// How many nanoseconds make a second.
    package static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// The duration in whole nanoseconds, truncated toward zero; `Int64.max` or `Int64.min`
    /// when it does not fit (beyond about 292 years either way).
    package var wholeNanoseconds: Int64 {
        // `components` truncates toward zero, so both parts have the duration's sign and any
        // overflow is toward that sign.
        let (seconds, attoseconds) = components
        let saturated: Int64 = seconds < 0 ? .min : .max
        let (whole, multiplyOverflow) = seconds.multipliedReportingOverflow(by: Self.nanosecondsPerSecond)
        guard !multiplyOverflow else { return saturated }
        let (total, addOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return addOverflow ? saturated : total
    }

    /// The number of whole seconds needed to cover this duration: 59.001 s → 60, 59 s → 59,
    /// zero for a negative duration. Saturates with `wholeNanoseconds`, so it never traps.
    package var secondsRoundedUp: Int {
        let nanoseconds = wholeNanoseconds
        guard nanoseconds > 0 else { return 0 }
        // Divide first: adding 999_999_999 before dividing would overflow near Int64.max.
        let (seconds, rest) = nanoseconds.quotientAndRemainder(dividingBy: Self.nanosecondsPerSecond)
        return Int(seconds) + (rest > 0 ? 1 : 0)
    }
}

extension Duration {
    /// The reading of `clock` (`CLOCK_BOOTTIME`, `CLOCK_REALTIME`…) now, since its epoch.
    package static func reading(_ clock: clockid_t) -> Duration {
        var time = timespec()
        clock_gettime(clock, &time)
        return Duration(time)
    }
}
