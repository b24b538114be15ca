import CodeGateCore
import CodeGateTestSupport
import Testing

/// A request that answers through a function (a GObject button's `request` signal) and the
/// rule that one slide is good for one request, whatever the answer, on the manual clock.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct OneSlideOneRequestTests {
    let clock = ManualTimerPort()

    /// A request whose handler keeps the answer function in `answers` and counts the drops.
    @MainActor
    private final class Calls {
        var answers: [@MainActor (Result<Duration, any Error>) -> Void] = []
        var drops = 0
    }

    private func request(_ calls: Calls, answerAtOnce: Duration? = nil) -> CountdownRequest {
        let request = CountdownRequest(countdown: Countdown(timers: clock))
        request.answeringHandler = { answer in
            calls.answers.append(answer)
            if let answerAtOnce { answer(.success(answerAtOnce)) }
            return { calls.drops += 1 }
        }
        return request
    }

    private func unlocked() -> SlideUnlock {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 1, by: .drag)
        return slider
    }

    @Test func anAnswerWithinThePressShowsBeforeThePressReturns() {
        let calls = Calls()
        let request = request(calls, answerAtOnce: .seconds(30))
        #expect(request.press() == nil, "no task runs it")
        #expect(request.phase == .counting)
        #expect(request.state.text == "获取验证码(30)")
        #expect(calls.drops == 0, "an answered call is not dropped")
    }

    @Test func aLaterAnswerShowsWhenItIsGiven() {
        let calls = Calls()
        let request = request(calls)
        request.press()
        #expect(request.phase == .sending)
        calls.answers[0](.success(.seconds(5)))
        #expect(request.phase == .counting)
        calls.answers[0](.success(.seconds(50)))
        #expect(request.countdown.remainingSeconds == 5, "a second answer changes nothing")
    }

    @Test func noAnswerInTimeDropsTheCallAndAFailsWithTheLimit() {
        let calls = Calls()
        let request = request(calls)
        var failures: [String] = []
        let observation = request.failures.observe { failures.append("\($0)") }
        defer { observation.cancel() }
        request.timeout = .seconds(10)
        request.press()
        clock.advance(by: .seconds(10))
        #expect(calls.drops == 1)
        #expect(request.phase == .idle)
        #expect(failures.count == 1)
        calls.answers[0](.success(.seconds(60)))
        #expect(request.phase == .idle, "a late answer never lands")
    }

    @Test func aResetWithinTheHandlerDropsTheCall() {
        let request = CountdownRequest(countdown: Countdown(timers: clock))
        var drops = 0
        request.answeringHandler = { _ in
            request.reset()
            return { drops += 1 }
        }
        request.press()
        #expect(drops == 1)
        #expect(request.phase == .idle)
    }

    /// Every way back to idle locks the slide the request spent: a zero cooldown, a reset, a
    /// cooldown of zero set by the app, a failure, a timeout.
    @Test(arguments: ["sent(0)", "reset", "startCooldown(0)", "failed", "timeout"])
    func everyWayBackToIdleNeedsANewSlide(way: String) {
        let calls = Calls()
        let request = request(calls)
        let slider = unlocked()
        request.requireUnlock(of: slider)
        #expect(request.canRequest)
        request.press()
        #expect(slider.isSpent && slider.isUnlocked, "unlocked on screen while the request runs, but spent")
        switch way {
        case "sent(0)": calls.answers[0](.success(.zero))
        case "reset": request.reset()
        case "startCooldown(0)": request.startCooldown(.zero)
        case "failed": calls.answers[0](.failure(CancellationError()))
        default: clock.advance(by: request.timeout)
        }
        #expect(request.phase == .idle)
        #expect(!slider.isUnlocked, "locked again")
        #expect(!request.canRequest)
        #expect(request.press() == nil && calls.answers.count == 1, "no second request from one slide")
        slider.move(to: 1, by: .drag)
        #expect(request.canRequest, "a new slide, a new request")
    }

    @Test func twoButtonsOnOneSliderGetOneRequest() {
        let calls = Calls()
        let first = request(calls)
        let second = request(calls)
        let slider = unlocked()
        first.requireUnlock(of: slider)
        second.requireUnlock(of: slider)
        first.press()
        #expect(!second.canRequest)
        #expect(second.press() == nil)
        calls.answers[0](.success(.zero))
        #expect(!second.canRequest)
        #expect(calls.answers.count == 1)
    }

    @Test func droppingTheSliderWhileSendingLocksTheSlideItSpent() {
        let calls = Calls()
        let request = request(calls)
        let slider = unlocked()
        request.requireUnlock(of: slider)
        request.press()
        request.dropUnlockRequirement()
        #expect(!slider.isUnlocked)
    }

    @Test func aSlideMadeDuringARestoredCooldownIsKeptForTheRequestAfterIt() {
        let calls = Calls()
        let request = request(calls)
        let slider = SlideUnlock(timers: clock)
        request.requireUnlock(of: slider)
        request.startCooldown(.seconds(3))
        slider.move(to: 1, by: .drag)
        clock.advance(by: .seconds(3))
        #expect(request.phase == .idle)
        #expect(slider.isFresh)
        #expect(request.canRequest)
    }
}
