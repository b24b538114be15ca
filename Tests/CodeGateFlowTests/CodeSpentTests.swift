import CodeGateBase
import CodeGateFlow
import CodeGateService
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
import Testing

/// `CodeFlow.codeSpent`, which takes the desktop notification carrying a code away: told once
/// the code last sent is no use any more, never while it still is.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct CodeSpentTests {
    let clock = ManualTimerPort()

    /// A flow ready to request, on a gateway with codes valid for `lifetime` and a 60 s
    /// cooldown; `spent` counts what `codeSpent` tells.
    private func flow(lifetime: Duration = .seconds(300)) -> (flow: CodeFlow, log: MessageLog, spent: () -> Int) {
        var policy = CodePolicy()
        policy.codeLifetime = lifetime
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 3), policy: policy)
        let flow = CodeFlow(slider: SlideUnlock(timers: clock), countdown: Countdown(timers: clock), service: service)
        flow.phoneChanged("138 0013 8000")
        flow.slider.move(to: 1, by: .drag)
        var spent = 0
        flow.codeSpent.add { spent += 1 }
        return (flow, MessageLog(service.outbox), { spent })
    }

    private func check(_ code: String, in flow: CodeFlow) async {
        flow.codeChanged(code)
        await flow.verify()?.value
    }

    @Test func aVerifiedCodeIsSpentAWrongGuessIsNot() async throws {
        let (flow, log, spent) = flow()
        await flow.requestCode()?.value
        let code = try #require(log.lastCode)
        await check(code == "000000" ? "111111" : "000000", in: flow)
        #expect(spent() == 0, "four tries are left: the code still works")
        await check(code, in: flow)
        #expect(flow.isVerified)
        #expect(spent() == 1)
    }

    @Test func aCodeIsSpentWhenItsLifetimeEnds() async {
        let (flow, _, spent) = flow(lifetime: .seconds(30))
        await flow.requestCode()?.value
        clock.advance(by: .seconds(29))
        #expect(spent() == 0)
        clock.advance(by: .seconds(1))
        #expect(spent() == 1, "without anyone checking it")
        clock.advance(by: .seconds(600))
        #expect(spent() == 1, "once")
    }

    @Test func aCodeLockedByWrongGuessesIsSpent() async throws {
        let (flow, log, spent) = flow()
        await flow.requestCode()?.value
        let wrong = try #require(log.lastCode) == "000000" ? "111111" : "000000"
        for _ in 1...5 {
            await check(wrong, in: flow)
        }
        #expect(flow.verifyStatus?.text.contains("错误次数过多") == true)
        #expect(spent() == 1)
    }

    @Test func checkingAnotherNumberLeavesTheCodeAlone() async {
        let (flow, _, spent) = flow()
        await flow.requestCode()?.value
        flow.phoneChanged("139 0013 8000")
        await check("123456", in: flow)
        #expect(flow.verifyStatus == StatusMessage("请先获取验证码", kind: .error))
        #expect(spent() == 0, "the code sent to 138… still works")
    }

    /// A newer code takes the older one's place: the older one's lifetime no longer counts.
    @Test func aNewerCodeReplacesTheOlder() async {
        let (flow, _, spent) = flow(lifetime: .seconds(100))
        await flow.requestCode()?.value
        clock.advance(by: .seconds(60))
        flow.slider.move(to: 1, by: .drag)
        await flow.requestCode()?.value
        clock.advance(by: .seconds(40))
        #expect(spent() == 0, "the first code expired, but the notification shows the second")
        clock.advance(by: .seconds(60))
        #expect(spent() == 1)
    }
}
