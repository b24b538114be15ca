import CodeGateCore
import CodeGateTestSupport
import Testing

/// Random and extreme durations fed to every Core type that takes time: nothing may trap, and
/// what each shows stays within its bounds.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct TimePropertyTests {
    private static let extremes: [Duration] = [
        .zero, .nanoseconds(1), .nanoseconds(-1), .seconds(-1), .seconds(1), .seconds(3600), .seconds(86_400),
        .seconds(Int64.max / 2), .seconds(Int64.min / 2), .seconds(Int64.max), .seconds(Int64.min),
    ]

    private static func random(_ generator: inout SeededRandom) -> Duration {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: extremes.randomElement(using: &generator)!
        case 1: .nanoseconds(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 2: .seconds(Int64.random(in: Int64.min...Int64.max, using: &generator))
        default: .milliseconds(Int64.random(in: -100_000...4_000_000, using: &generator))
        }
    }

    @Test func countdownsNeverTrapAndStayWithinTheLongestCooldown() {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            let clock = ManualTimerPort()
            let countdown = Countdown(timers: clock)
            countdown.fillResolution = Int.random(in: -5...20_000, using: &generator)
            countdown.resume(remaining: Self.random(&generator), of: Self.random(&generator))
            #expect(countdown.remaining >= .zero && countdown.remaining <= Countdown.longest)
            #expect((0...1).contains(countdown.fraction))
            #expect((0...max(0, countdown.fillResolution)).contains(countdown.filledSteps))
            _ = countdown.label
            clock.advance(by: .milliseconds(Int64.random(in: 0...5_000, using: &generator)))
            #expect(countdown.remaining <= Countdown.longest)
        }
    }

    @Test func slidersNeverTrapWhateverTheirDurations() {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let clock = ManualTimerPort()
            let slider = SlideUnlock(
                timers: clock, threshold: Double.random(in: -1...2, using: &generator),
                glideDuration: Self.random(&generator), frameInterval: Self.random(&generator))
            slider.move(to: Double.random(in: -1...2, using: &generator), by: .drag)
            slider.release()
            clock.advance(by: .seconds(120))
            #expect((0...1).contains(slider.value))
            #expect(clock.pendingCount == 0 || slider.isUnlocked, "every glide ends")
        }
    }
}
