import CodeGateCore
import Testing

@MainActor
@Suite struct CountdownTests {
    let clock = ManualClock()

    private func started(_ seconds: Int = 60, format: LabelFormat = .parenthesized) -> Countdown {
        let countdown = Countdown(clock: clock, format: format)
        countdown.start(duration: .seconds(seconds))
        return countdown
    }

    @Test func idleShowsThePlainLabel() {
        let countdown = Countdown(clock: clock)
        #expect(!countdown.isCounting)
        #expect(countdown.label == "获取验证码")
        #expect(countdown.fraction == 0)
        #expect(countdown.delayUntilNextChange(fillSteps: 300) == nil)
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
        #expect(countdown.fraction == 0)
        clock.advance(by: .seconds(15))
        #expect(countdown.fraction == 0.25)
        #expect(countdown.filledSteps(of: 300) == 75)
        clock.advance(by: .seconds(45))
        #expect(countdown.fraction == 1)
        #expect(countdown.filledSteps(of: 300) == 300)
    }

    @Test func refreshEndsTheCountdownAndNotifies() {
        let countdown = started(3)
        var notifications = 0
        countdown.changes.add { notifications += 1 }
        clock.advance(by: .milliseconds(500))
        countdown.refresh()
        #expect(notifications == 0, "3 s → 2.5 s left still shows 3")
        clock.advance(by: .milliseconds(500))
        countdown.refresh()
        #expect(notifications == 1)
        #expect(countdown.label == "获取验证码(2)")
        clock.advance(by: .seconds(2))
        countdown.refresh()
        #expect(notifications == 2)
        #expect(!countdown.isCounting)
        #expect(countdown.label == "获取验证码")
        #expect(countdown.fraction == 0)
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
        #expect(countdown.delayUntilNextChange(fillSteps: 300) == nil)
    }

    @Test func clockJumpShowsTheRightSecondAtOnce() {
        let countdown = started()
        clock.advance(by: .milliseconds(300))
        countdown.refresh()
        #expect(countdown.label == "获取验证码(60)")
        clock.advance(by: .seconds(10))
        countdown.refresh()
        #expect(countdown.label == "获取验证码(50)")
        #expect(countdown.remaining == .milliseconds(49_700))
    }

    @Test func stallPastTheEndEndsAtTheNextRefresh() {
        let countdown = started(5)
        clock.advance(by: .seconds(3600))
        countdown.refresh()
        #expect(!countdown.isCounting)
    }

    @Test func nextChangeIsTheLabelBoundaryWithoutAFill() {
        let countdown = started()
        #expect(countdown.delayUntilNextChange(fillSteps: 0) == .seconds(1))
        clock.advance(by: .milliseconds(1300))
        #expect(countdown.delayUntilNextChange(fillSteps: 0) == .milliseconds(700))
    }

    @Test func nextChangeIsTheNextFillPixelWhenSooner() {
        let countdown = started()
        // 300 px over 60 s: one pixel every 200 ms.
        #expect(countdown.delayUntilNextChange(fillSteps: 300) == .milliseconds(200))
        clock.advance(by: .milliseconds(250))
        #expect(countdown.delayUntilNextChange(fillSteps: 300) == .milliseconds(150))
        #expect(countdown.filledSteps(of: 300) == 1)
        // 30 px: a pixel every 2 s, so the label's second comes first.
        #expect(countdown.delayUntilNextChange(fillSteps: 30) == .milliseconds(750))
    }

    @Test func startWithNothingToWaitStaysIdle() {
        let countdown = started(0)
        #expect(!countdown.isCounting)
    }

    @Test func resumeContinuesWhereTheCooldownReallyIs() {
        let countdown = Countdown(clock: clock)
        countdown.resume(remaining: .seconds(15), of: .seconds(60))
        #expect(countdown.label == "获取验证码(15)")
        #expect(countdown.fraction == 0.75)
        #expect(countdown.total == .seconds(60))
        countdown.resume(remaining: .zero, of: .seconds(60))
        #expect(!countdown.isCounting, "nothing left: idle")
    }
}
