import CodeGateBase
import CodeGateTestSupport
import Testing

@Suite struct DurationMathTests {
    @Test(arguments: [
        (Duration.seconds(59) + .nanoseconds(1), 60),
        (.seconds(59), 59),
        (.nanoseconds(1), 1),
        (.zero, 0),
        (.seconds(-5), 0),
        (.nanoseconds(Int64.max), 9_223_372_037),
        (.seconds(Int64.max), 9_223_372_037),
    ])
    func secondsRoundedUpCoversTheDuration(duration: Duration, seconds: Int) {
        #expect(duration.secondsRoundedUp == seconds)
    }

    @Test func wholeNanosecondsTruncatesTowardZero() {
        #expect((Duration.seconds(2) + .nanoseconds(5)).wholeNanoseconds == 2_000_000_005)
        #expect(Duration.seconds(-1.5).wholeNanoseconds == -1_500_000_000)
        #expect(Duration(secondsComponent: 0, attosecondsComponent: 999_999_999).wholeNanoseconds == 0)
        #expect(Duration(secondsComponent: 0, attosecondsComponent: -999_999_999).wholeNanoseconds == 0)
    }

    /// The crash loop: durations beyond Int64 nanoseconds (about 292 years) saturate.
    @Test func wholeNanosecondsSaturatesInsteadOfTrapping() {
        #expect(Duration.nanoseconds(Int64.max).wholeNanoseconds == .max)
        #expect(Duration.nanoseconds(Int64.min).wholeNanoseconds == .min)
        #expect(Duration.seconds(9_223_372_036).wholeNanoseconds == 9_223_372_036_000_000_000)
        #expect(Duration.seconds(9_223_372_037).wholeNanoseconds == .max)
        #expect(Duration.seconds(-9_223_372_037).wholeNanoseconds == .min)
        #expect((Duration.nanoseconds(Int64.max) + .nanoseconds(1)).wholeNanoseconds == .max)
        #expect((Duration.nanoseconds(Int64.min) - .nanoseconds(1)).wholeNanoseconds == .min)
        #expect(Duration.seconds(Int64.max).wholeNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeNanoseconds == .min)
    }

    @Test func randomDurationsNeverTrap() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<10_000 {
            let duration = Duration(
                secondsComponent: Int64.random(in: .min ... .max, using: &random),
                attosecondsComponent: Int64.random(
                    in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &random))
            let nanoseconds = duration.wholeNanoseconds
            #expect((nanoseconds >= 0) == (duration >= .zero) || nanoseconds == 0)
            #expect(duration.secondsRoundedUp >= 0)
        }
    }
}
