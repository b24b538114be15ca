import CodeGateBase
import CodeGateFlow
import CodeGateService
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct CodeFlowTests {
    let clock = ManualTimerPort()

    private func flow(_ simulation: GatewaySimulation = GatewaySimulation(), service: LocalCodeService? = nil)
        -> CodeFlow
    {
        CodeFlow(
            slider: SlideUnlock(timers: clock),
            countdown: Countdown(timers: clock),
            service: SimulatedCodeService(
                service ?? LocalCodeService(timers: clock, random: SeededRandom(seed: 3)), simulation: simulation,
                timers: clock)
        )
    }

    /// A gateway on the manual clock whose rules `change` sets.
    private func service(_ change: (inout CodePolicy) -> Void) -> LocalCodeService {
        var policy = CodePolicy()
        change(&policy)
        return LocalCodeService(timers: clock, random: SeededRandom(seed: 3), policy: policy)
    }

    /// A flow with a valid number typed and the slider unlocked: ready to request.
    private func readyFlow(_ simulation: GatewaySimulation = GatewaySimulation(), service: LocalCodeService? = nil)
        -> CodeFlow
    {
        let flow = flow(simulation, service: service)
        flow.phoneChanged("138 0013 8000")
        flow.slider.move(to: 1, by: .drag)
        return flow
    }

    @Test func requestNeedsAValidNumberAndAnUnlockedSlider() {
        let flow = flow()
        #expect(!flow.canRequest)
        flow.slider.move(to: 1, by: .drag)
        #expect(!flow.canRequest)
        #expect(flow.phoneStatus == StatusMessage("请输入手机号", kind: .error))
        flow.phoneChanged("138001")
        #expect(flow.phoneStatus == StatusMessage("手机号不完整", kind: .error))
        flow.phoneChanged("23800138000")
        #expect(flow.phoneStatus?.kind == .error)
        #expect(!flow.canRequest)
        flow.phoneChanged("138-0013-8000")
        #expect(flow.phoneStatus == nil)
        #expect(flow.canRequest)
        #expect(flow.requestCode() != nil)
    }

    @Test func incompleteNumberIsNotNaggedBeforeTheSlide() {
        let flow = flow()
        flow.phoneChanged("138")
        #expect(flow.phoneStatus == nil)
    }

    @Test func successfulRequestShowsSendingThenCountsDownTheServiceCooldown() async {
        let flow = readyFlow(GatewaySimulation(latency: .milliseconds(500)))
        let task = flow.requestCode()
        #expect(flow.isSending)
        #expect(
            flow.requestButton.text == "发送中…" && flow.requestButton.phase == .sending && !flow.requestButton.isSensitive
        )
        #expect(!flow.canRequest)
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(500))
        await task?.value
        #expect(!flow.isSending)
        #expect(flow.requestButton.phase == .counting)
        #expect(flow.countdown.isCounting)
        #expect(flow.countdown.label == "获取验证码(60)")
        #expect(flow.requestStatus == StatusMessage("验证码已发送至 138****8000", kind: .info))
        #expect(flow.slider.isUnlocked, "the slider stays passed while the cooldown runs")
    }

    @Test func doubleRequestsSendOnce() async {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3))
        let flow = readyFlow(GatewaySimulation(latency: .seconds(1)), service: service)
        let log = MessageLog(service.outbox)
        let first = flow.requestCode()
        #expect(first != nil)
        #expect(flow.requestCode() == nil, "a double click")
        #expect(flow.requestCode() == nil, "Enter held down")
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .seconds(1))
        await first?.value
        #expect(flow.requestCode() == nil, "a click during the cooldown")
        clock.advance(by: .seconds(60))
        #expect(!flow.slider.isUnlocked)
        #expect(flow.requestCode() == nil, "a click after the cooldown without a fresh slide")
        #expect(log.messages.count == 1)
        flow.slider.move(to: 1, by: .drag)
        let second = flow.requestCode()
        // The first code's lifetime, the request's timeout and the gateway's latency.
        await clock.yield { clock.pendingCount >= 3 }
        clock.advance(by: .seconds(1))
        await second?.value
        #expect(log.messages.count == 2, "the second message belongs to the second slide")
    }

    @Test(arguments: [
        (GatewaySimulation.Failure.network, "网络连接失败，请检查网络后重新滑动验证"),
        (.rateLimited, "请求过于频繁，请 60 秒后重新滑动验证"),
    ])
    func failedRequestReturnsToIdleAndLocksTheSlider(failure: GatewaySimulation.Failure, message: String) async {
        let flow = readyFlow(GatewaySimulation(failure: failure))
        await flow.requestCode()?.value
        #expect(!flow.isSending)
        #expect(!flow.countdown.isCounting)
        #expect(flow.countdown.label == "获取验证码")
        #expect(!flow.slider.isUnlocked)
        #expect(!flow.canRequest)
        #expect(flow.requestStatus == StatusMessage(message, kind: .error))
    }

    @Test func requestWithNoAnswerTimesOutAfterTenSeconds() async {
        let flow = readyFlow(GatewaySimulation(failure: .timeout))
        let task = flow.requestCode()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(9_999))
        #expect(flow.isSending)
        clock.advance(by: .milliseconds(1))
        await task?.value
        #expect(!flow.isSending)
        #expect(!flow.slider.isUnlocked)
        #expect(flow.requestStatus == StatusMessage("请求超时，请重新滑动验证后重试", kind: .error))
    }

    @Test func serviceCooldownStartsTheCountdownWithItsSecondsLeft() async {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3))
        let first = readyFlow(service: service)
        await first.requestCode()?.value
        #expect(first.countdown.isCounting)
        clock.advance(by: .seconds(25))
        // Another window on the same gateway, as after a restart of the UI.
        let flow = readyFlow(service: service)
        await flow.requestCode()?.value
        #expect(flow.countdown.label == "获取验证码(35)")
        #expect(flow.requestStatus == StatusMessage("验证码已发送，请 35 秒后再试", kind: .info))
    }

    /// A refusal for a cooldown the gateway still counts (another window, a restart) sends the
    /// focus to the code field: that field carries the reason, not the slider left behind.
    @Test func aRefusedRequestIsSaidOnTheCodeFieldWhereTheFocusGoes() async {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3))
        let first = readyFlow(service: service)
        await first.requestCode()?.value
        #expect(first.countdown.isCounting)
        clock.advance(by: .seconds(7))
        let flow = readyFlow(service: service)
        var focus: [FlowFocus] = []
        flow.focusMoves.add { focus.append($0) }
        await flow.requestCode()?.value
        #expect(focus == [.code])
        #expect(flow.codeDescription == "验证码已发送，请 53 秒后再试")
        #expect(flow.sliderNote == nil, "the slide is kept: nothing to say there")
        #expect(flow.slider.isUnlocked)
    }

    /// The end of a restored cooldown is news on each of the flow's controls, wherever the
    /// focus is; once the slide is passed, the line stops asking for it.
    @Test func theEndOfARestoredCooldownIsHeardOnEveryControl() {
        let flow = flow()
        flow.phoneChanged("138 0013 8000")
        flow.countdown.resume(remaining: .seconds(30), of: .seconds(60))
        #expect(flow.sliderNote == nil)
        #expect(flow.phoneDescription == "")
        clock.advance(by: .seconds(30))
        let news = "冷却结束，滑动验证后可重新获取验证码"
        #expect(flow.sliderNote == news)
        #expect(flow.phoneDescription == news)
        #expect(flow.codeDescription == news)
        flow.slider.move(to: 1, by: .drag)
        #expect(flow.sliderNote == "冷却结束，可以重新获取验证码")
        #expect(flow.codeDescription == "冷却结束，可以重新获取验证码")
    }

    @Test func verifyNeedsSixDigits() {
        let flow = readyFlow()
        flow.codeChanged("12345")
        #expect(!flow.canVerify)
        #expect(flow.verify() == nil)
        flow.codeChanged("123456")
        #expect(flow.canVerify)
    }

    @Test func verifyReportsEachResult() async throws {
        let service = service { $0.codeLifetime = .seconds(30) }
        let flow = readyFlow(service: service)
        let log = MessageLog(service.outbox)
        await flow.requestCode()?.value
        let code = try #require(log.lastCode)
        let wrong = code == "000000" ? "111111" : "000000"

        flow.codeChanged(wrong)
        let verifying = flow.verify()
        #expect(flow.isVerifying)
        #expect(flow.verify() == nil, "one check at a time")
        await verifying?.value
        #expect(flow.verifyStatus == StatusMessage("验证码错误，还可尝试 4 次", kind: .error))
        #expect(!flow.isVerified)

        flow.codeChanged(code)
        #expect(flow.verifyStatus == nil, "editing clears the old verdict")
        clock.advance(by: .seconds(30))
        await flow.verify()?.value
        #expect(
            flow.verifyStatus == StatusMessage("验证码已过期，请在冷却结束后重新获取", kind: .error),
            "the button still counts: the message says so")
        clock.advance(by: .seconds(30))
        #expect(flow.codeDescription == "冷却结束，滑动验证后可重新获取验证码", "the end of the cooldown is heard on the code field")
        #expect(!flow.isCodeInvalid, "the verdict that said to wait has done its job")
        flow.codeChanged(code)
        await flow.verify()?.value
        #expect(flow.verifyStatus == StatusMessage("验证码已过期，请重新获取", kind: .error))
    }

    @Test func rightCodeCompletesTheFlow() async throws {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3))
        let flow = readyFlow(service: service)
        let log = MessageLog(service.outbox)
        await flow.requestCode()?.value
        flow.codeChanged(try #require(log.lastCode))
        await flow.verify()?.value
        #expect(flow.isVerified)
        #expect(flow.verifyStatus == StatusMessage("验证成功", kind: .success))
        #expect(!flow.canVerify)
        #expect(!flow.canRequest)
    }

    @Test func verifyWithoutARequestSaysSo() async {
        let flow = readyFlow()
        flow.codeChanged("123456")
        await flow.verify()?.value
        #expect(flow.verifyStatus == StatusMessage("请先获取验证码", kind: .error))
    }

    @Test func endOfCooldownLocksTheSliderAgain() async {
        let flow = readyFlow()
        await flow.requestCode()?.value
        clock.advance(by: .seconds(60))
        #expect(!flow.countdown.isCounting)
        #expect(!flow.slider.isUnlocked)
        #expect(!flow.canRequest)
    }

    @Test func enterSaysWhatIsMissing() {
        let flow = flow()
        var focus: [FlowFocus] = []
        flow.focusMoves.add { focus.append($0) }
        flow.submitPhone()
        #expect(flow.phoneStatus == StatusMessage("请输入手机号", kind: .error))
        #expect(flow.isPhoneInvalid)
        flow.phoneChanged("138 0013 8000")
        #expect(!flow.isPhoneInvalid, "fixed: no longer invalid")
        flow.submitPhone()
        #expect(flow.slideStatus == StatusMessage("请先滑动验证", kind: .error), "said under the slider")
        #expect(flow.requestStatus == nil)
        #expect(focus == [.slider], "the slide is what is missing")
        #expect(flow.sliderNote == "请先滑动验证")
        flow.codeChanged("123")
        flow.submitCode()
        #expect(flow.verifyStatus == StatusMessage("请输入 6 位验证码", kind: .error))
        #expect(flow.isCodeInvalid)
        flow.codeChanged("1234")
        #expect(!flow.isCodeInvalid)
    }

    @Test func focusFollowsTheFlowAndEndsOnTheCompletion() async throws {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3))
        let flow = readyFlow(service: service)
        let log = MessageLog(service.outbox)
        var focus: [FlowFocus] = []
        flow.focusMoves.add { focus.append($0) }
        flow.submitPhone()
        await clock.yield { !flow.isSending }
        #expect(focus == [.code], "a sent code is typed next")
        #expect(flow.codeDescription == "验证码已发送至 138****8000")
        flow.codeChanged(try #require(log.lastCode))
        flow.submitCode()
        await clock.yield { !flow.isVerifying }
        #expect(flow.isVerified)
        #expect(focus == [.code, .completion])
        flow.startOver()
        #expect(!flow.isVerified && flow.code.isEmpty && flow.verifyStatus == nil)
        #expect(!flow.slider.isUnlocked, "another round needs another slide")
        #expect(focus == [.code, .completion, .phone])
    }

    @Test func aFailedRequestSendsTheUserBackToTheSlider() async {
        let flow = readyFlow(GatewaySimulation(failure: .network))
        var focus: [FlowFocus] = []
        flow.focusMoves.add { focus.append($0) }
        await flow.requestCode()?.value
        #expect(focus == [.slider])
        #expect(flow.sliderNote == "网络连接失败，请检查网络后重新滑动验证")
    }

    @Test func aCooldownFromAnEarlierRunSaysWhy() {
        let flow = flow()
        flow.countdown.resume(remaining: .seconds(30), of: .seconds(60))
        #expect(flow.requestStatus == StatusMessage("之前获取的验证码仍在冷却中，请稍后再试", kind: .info))
    }

    @Test func aNewCodeMakesTheOldVerdictAndDigitsStale() async throws {
        let service = service { $0.cooldown = .seconds(5) }
        let flow = readyFlow(service: service)
        let log = MessageLog(service.outbox)
        await flow.requestCode()?.value
        let code = try #require(log.lastCode)
        flow.codeChanged(code == "000000" ? "111111" : "000000")
        await flow.verify()?.value
        #expect(flow.isCodeInvalid)
        clock.advance(by: .seconds(5))
        flow.slider.move(to: 1, by: .drag)
        await flow.requestCode()?.value
        #expect(flow.code.isEmpty, "the wrong digits go")
        #expect(flow.verifyStatus == nil && !flow.isCodeInvalid)
        #expect(flow.codeDescription == "验证码已发送至 138****8000", "what is heard on the code field is the news")
    }

    @Test func passingTheSlideEndsTheRequestToSlide() {
        let flow = flow()
        flow.phoneChanged("138 0013 8000")
        flow.submitPhone()
        #expect(flow.slideStatus == StatusMessage("请先滑动验证", kind: .error))
        flow.slider.move(to: 1, by: .drag)
        #expect(flow.slideStatus == nil && flow.requestStatus == nil)
        #expect(flow.sliderNote == nil)
    }

    /// One line about the request at a time: news of the request replaces the request to
    /// slide first, shown under the slider, as the request to slide replaced earlier news.
    @Test func requestNewsAndTheRequestToSlideReplaceEachOther() {
        let flow = flow()
        flow.phoneChanged("138 0013 8000")
        flow.submitPhone()
        #expect(flow.slideStatus != nil)
        flow.countdown.resume(remaining: .seconds(30), of: .seconds(60))
        #expect(flow.slideStatus == nil)
        #expect(flow.requestStatus == StatusMessage("之前获取的验证码仍在冷却中，请稍后再试", kind: .info))
        clock.advance(by: .seconds(30))
        #expect(flow.requestStatus?.text == "冷却结束，滑动验证后可重新获取验证码")
        flow.submitPhone()
        #expect(flow.requestStatus == nil && flow.slideStatus?.text == "请先滑动验证")
    }

    @Test func aSlideDuringARestoredCooldownIsKeptForTheRequestAfterIt() {
        let flow = flow()
        flow.phoneChanged("138 0013 8000")
        flow.countdown.resume(remaining: .seconds(30), of: .seconds(60))
        flow.slider.move(to: 1, by: .drag)
        clock.advance(by: .seconds(30))
        #expect(flow.slider.isUnlocked, "that slide was never used for a request")
        #expect(flow.canRequest)
    }

    @Test func theWaitAndARefusedKeyAreSaidOnTheCodeField() async throws {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3))
        let flow = readyFlow(service: service)
        let log = MessageLog(service.outbox)
        await flow.requestCode()?.value
        flow.codeInputRefused()
        #expect(flow.verifyStatus == StatusMessage("验证码只有数字：字母和符号输不进去", kind: .error))
        flow.codeChanged(try #require(log.lastCode))
        #expect(flow.verifyStatus == nil, "typing again clears it")
        let verifying = flow.verify()
        #expect(flow.codeDescription == "正在验证…", "the wait is said, not silence")
        #expect(!flow.isCodeInvalid)
        await verifying?.value
        #expect(flow.verifyStatus == StatusMessage("验证成功", kind: .success))
        #expect(flow.codeDescription == "", "the completion page says it, once")
    }
}
