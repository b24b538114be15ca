import CodeGateCore
import CodeGateTestSupport
import Testing

@MainActor
@Suite struct CountdownTests {
    let clock = ManualTimerPort()

    private func started(_ seconds: Int = 60, format: LabelFormat = .parenthesized) -> Countdown {
        let countdown = Countdown(timers: clock, format: format)
        countdown.start(duration: .seconds(seconds))
        return countdown
    }

    /// How long until the countdown's alarm fires; nil when none is set.
    private var nextChange: Duration? {
        clock.nextDeadline.map { clock.now.duration(to: $0) }
    }

    @Test func idleShowsThePlainLabelAndHoldsNoTimer() {
        let countdown = Countdown(timers: clock)
        countdown.fillResolution = 300
        #expect(!countdown.isCounting)
        #expect(countdown.label == "获取验证码")
        #expect(countdown.fraction == 0)
        #expect(clock.pendingCount == 0)
    }

    @Test(arguments: [
        (Duration.zero, "获取验证码(60)", "60s重新发送", "重新获取(60秒)"),
        (.milliseconds(1), "获取验证码(60)", "60s重新发送", "重新获取(60秒)"),
        (.seconds(1), "获取验证码(59)", "59s重新发送", "重新获取(59秒)"),
        (.milliseconds(55_000), "获取验证码(5)", "05s重新发送", "重新获取(5秒)"),
        (.milliseconds(59_999), "获取验证码(1)", "01s重新发送", "重新获取(1秒)"),
        (.seconds(60), "获取验证码", "获取验证码", "获取验证码"),
    ])
    func labelIsTheRemainingTimeRoundedUp(elapsed: Duration, parenthesized: String, suffix: String, retry: String) {
        let countdowns = [started(format: .parenthesized), started(format: .resendSuffix), started(format: .retryIn)]
        clock.advance(by: elapsed)
        #expect(countdowns.map(\.label) == [parenthesized, suffix, retry])
    }

    @Test func fractionGrowsWithElapsedTime() {
        let countdown = started()
        countdown.fillResolution = 300
        #expect(countdown.fraction == 0)
        clock.advance(by: .seconds(15))
        #expect(countdown.fraction == 0.25)
        #expect(countdown.filledSteps == 75)
        // The fill shows the latest third of a second: 59.666 s in, that of 59.333 s (296.7 px).
        clock.advance(by: .milliseconds(44_666))
        #expect(countdown.filledSteps == 296)
        clock.advance(by: .milliseconds(1))
        #expect(countdown.filledSteps == 298)
        clock.advance(by: .milliseconds(332))
        #expect(countdown.filledSteps == 298, "59.999 s in still shows 59.667 s")
    }

    @Test func theAlarmNotifiesAtEachVisibleChangeAndEndsTheCooldown() {
        let countdown = started(3)
        var labels: [String] = []
        countdown.changes.add { labels.append(countdown.label) }
        clock.advance(by: .milliseconds(500))
        #expect(labels.isEmpty, "3 s → 2.5 s left still shows 3")
        clock.advance(by: .milliseconds(500))
        #expect(labels == ["获取验证码(2)"])
        clock.advance(by: .seconds(2))
        #expect(labels == ["获取验证码(2)", "获取验证码(1)", "获取验证码"])
        #expect(!countdown.isCounting)
        #expect(countdown.deadline == nil)
        #expect(clock.pendingCount == 0, "idle again: no timer left")
    }

    @Test func resetMidwayReturnsToIdleAtOnce() {
        let countdown = started()
        clock.advance(by: .seconds(20))
        var notified = false
        countdown.changes.add { notified = true }
        countdown.reset()
        #expect(notified)
        #expect(!countdown.isCounting)
        #expect(countdown.label == "获取验证码")
        #expect(clock.pendingCount == 0)
    }

    @Test func aStallShowsTheRightSecondAtOnce() {
        let countdown = started()
        clock.advance(by: .milliseconds(300))
        #expect(countdown.label == "获取验证码(60)")
        clock.advance(by: .seconds(10))
        #expect(countdown.label == "获取验证码(50)")
        #expect(countdown.remaining == .milliseconds(49_700))
    }

    @Test func derivedStateFollowsTheClockEvenBeforeTheAlarmRuns() {
        let countdown = started(5)
        var seenWhileDue: (counting: Bool, label: String)?
        // Scheduled before the countdown's own alarm for the same instant, so it runs first:
        // the deadline has passed, the countdown has not been told yet.
        _ = clock.schedule(at: clock.now + .seconds(5)) { seenWhileDue = (countdown.isCounting, countdown.label) }
        clock.advance(by: .seconds(3600))
        #expect(seenWhileDue?.counting == false)
        #expect(seenWhileDue?.label == "获取验证码")
        #expect(clock.pendingCount == 0)
    }

    @Test func nextChangeIsTheLabelBoundaryWithoutAFill() {
        let countdown = started()
        withExtendedLifetime(countdown) {
            #expect(nextChange == .seconds(1))
            clock.advance(by: .milliseconds(1300))
            #expect(nextChange == .milliseconds(700))
        }
    }

    @Test func nextChangeIsTheNextThirdOfASecondThatMovesTheFill() {
        let countdown = started()
        // 300 px over 60 s: a pixel every 200 ms, shown at the third of a second after it; the
        // grid's points are rounded to the nanosecond, whole seconds exactly.
        countdown.fillResolution = 300
        #expect(nextChange == .nanoseconds(333_333_334))
        clock.advance(by: .nanoseconds(333_333_334))
        #expect(countdown.filledSteps == 1)
        #expect(nextChange == .nanoseconds(333_333_333))
        clock.advance(by: .nanoseconds(333_333_333))
        #expect(countdown.filledSteps == 3, "two more pixels covered by 666.7 ms")
        // 30 px: a pixel every 2 s, so the label's second comes first.
        countdown.fillResolution = 30
        #expect(nextChange == .nanoseconds(333_333_333))
        #expect(countdown.filledSteps == 0)
    }

    @Test func aWideFillWakesThreeTimesASecondAndMovesWithTheLabel() {
        let countdown = started()
        // 1200 px over 60 s: 20 pixels a second, drawn in steps of 6 or 7 px.
        countdown.fillResolution = 1200
        var seen: [(label: String, steps: Int)] = []
        countdown.changes.add { seen.append((countdown.label, countdown.filledSteps)) }
        clock.advance(by: .seconds(1))
        #expect(seen.map(\.steps) == [6, 13, 20], "one change a third of a second")
        #expect(
            seen.map(\.label) == ["获取验证码(60)", "获取验证码(60)", "获取验证码(59)"],
            "the second's label and its fill step are one change")
    }

    @Test func aResumedCooldownSnapsTheFillToTheGrid() {
        let countdown = Countdown(timers: clock)
        countdown.fillResolution = 300
        // 15.1 s of 60 left: the grid instant before is 15.333 s left, 223.3 px.
        countdown.resume(remaining: .milliseconds(15_100), of: .seconds(60))
        #expect(countdown.filledSteps == 223)
        #expect(nextChange == .milliseconds(100), "the next third of a second, with the label's 15")
        clock.advance(by: .milliseconds(100))
        #expect(countdown.filledSteps == 225)
        #expect(countdown.label == "获取验证码(15)")
    }

    @Test func startWithNothingToWaitStaysIdle() {
        let countdown = started(0)
        #expect(!countdown.isCounting)
        #expect(clock.pendingCount == 0)
    }

    @Test func resumeContinuesWhereTheCooldownReallyIs() {
        let countdown = Countdown(timers: clock)
        countdown.resume(remaining: .seconds(15), of: .seconds(60))
        #expect(countdown.label == "获取验证码(15)")
        #expect(countdown.fraction == 0.75)
        #expect(countdown.total == .seconds(60))
        countdown.resume(remaining: .zero, of: .seconds(60))
        #expect(!countdown.isCounting, "nothing left: idle")
    }

    @Test func extremeDurationsAreCutToTheLongestCooldown() {
        let countdown = Countdown(timers: clock)
        countdown.fillResolution = Int.max
        #expect(countdown.fillResolution == Countdown.finestFill)
        countdown.resume(remaining: .seconds(Int64.max / 2), of: .seconds(Int64.max / 2))
        #expect(countdown.remaining == Countdown.longest)
        #expect(countdown.filledSteps == 0)
        clock.advance(by: .seconds(43_200))
        #expect(countdown.fraction == 0.5)
        #expect(countdown.filledSteps == Countdown.finestFill / 2)
    }

    @Test func releasingTheCountdownCancelsItsTimer() {
        var countdown: Countdown? = started()
        #expect(clock.pendingCount == 1)
        countdown = nil
        #expect(countdown == nil && clock.pendingCount == 0)
    }
}
