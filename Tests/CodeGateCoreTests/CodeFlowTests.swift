import CodeGateCore
import Testing

@MainActor
@Suite struct CodeFlowTests {
    let clock = ManualClock()
    let flow: CodeFlow

    init() {
        flow = CodeFlow(slider: SlideUnlock(clock: clock), countdown: Countdown(clock: clock), cooldown: .seconds(60))
    }

    @Test func requestNeedsAnUnlockedSlider() {
        #expect(!flow.canRequest)
        flow.requestCode()
        #expect(!flow.countdown.isCounting)
        flow.slider.move(to: 1, by: .drag)
        #expect(flow.canRequest)
    }

    @Test func requestStartsTheCooldownOnce() {
        flow.slider.move(to: 1, by: .drag)
        flow.requestCode()
        #expect(flow.countdown.isCounting)
        #expect(!flow.canRequest)
        clock.advance(by: .seconds(10))
        flow.requestCode()
        #expect(flow.countdown.label == "获取验证码(50)", "a second click does not restart the cooldown")
    }

    @Test func endOfCooldownLocksTheSliderAgain() {
        flow.slider.move(to: 1, by: .drag)
        flow.requestCode()
        clock.advance(by: .seconds(60))
        flow.countdown.refresh()
        #expect(!flow.countdown.isCounting)
        #expect(!flow.slider.isUnlocked)
        #expect(!flow.canRequest)
    }
}
