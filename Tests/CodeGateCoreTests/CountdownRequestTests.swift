import CodeGateBase
import CodeGateCore
import CodeGateTestSupport
import Testing

/// The request button's rules with an app's own request, on the manual clock.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct CountdownRequestTests {
    struct Refused: Error, Equatable {}
    struct Busy: CooldownRefusal {
        let cooldownLeft: Duration?
    }

    let clock = ManualTimerPort()

    /// A request whose handler answers `answer` after `latency` on the manual clock.
    private func request(latency: Duration = .milliseconds(300), _ answer: @escaping @MainActor () throws -> Duration)
        -> CountdownRequest
    {
        let clock = clock
        return CountdownRequest(countdown: Countdown(timers: clock)) {
            try await clock.sleep(for: latency)
            return try answer()
        }
    }

    /// Everything a request tells its observers, in order.
    @MainActor
    private final class Events {
        var heard: [String] = []
        var observations: [Observation] = []

        init(_ request: CountdownRequest) {
            observations = [
                request.phaseChanges.observe { [unowned self] in heard.append("phase \($0)") },
                request.sent.observe { [unowned self] in heard.append("sent \($0)") },
                request.failures.observe { [unowned self] in heard.append("failed \($0)") },
                request.cooldownEnded.observe { [unowned self] in heard.append("ended") },
            ]
        }
    }

    @Test func pressSendsThenCountsTheCooldownTheAnswerNames() async {
        let request = request { .seconds(30) }
        let events = Events(request)
        #expect(
            request.state
                == RequestButtonState(
                    text: "获取验证码", accessibleText: "获取验证码", isSensitive: true, fillFraction: 0, phase: .idle))
        let task = request.press()
        #expect(request.press() == nil, "a double click sends once")
        #expect(
            request.state
                == RequestButtonState(
                    text: "发送中…", accessibleText: "获取验证码，发送中…", isSensitive: false, fillFraction: 0, phase: .sending))
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        #expect(request.state.text == "获取验证码(30)")
        #expect(request.state.accessibleText == "获取验证码，30 秒后可重新获取")
        #expect(!request.state.isSensitive)
        clock.advance(by: .seconds(30))
        #expect(request.phase == .idle)
        #expect(events.heard == ["phase sending", "phase counting", "sent 30.0 seconds", "phase idle", "ended"])
    }

    @Test func failureComesBackAtOnceAndLocksTheSlider() async {
        let request = request { throw Refused() }
        let slider = SlideUnlock(timers: clock)
        request.requireUnlock(of: slider)
        #expect(!request.canRequest, "waits for the slide")
        slider.move(to: 1, by: .drag)
        #expect(request.canRequest)
        let events = Events(request)
        let task = request.press()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        #expect(request.phase == .idle)
        #expect(!slider.isUnlocked, "one slide, one request")
        #expect(!request.canRequest)
        #expect(events.heard == ["phase sending", "failed Refused()", "phase idle"])
    }

    @Test func droppingTheSliderLeavesTheAppsGateAlone() async {
        let request = request { .seconds(30) }
        let slider = SlideUnlock(timers: clock)
        request.requireUnlock(of: slider)
        #expect(!request.canRequest, "waits for the slide")
        request.dropUnlockRequirement()
        #expect(request.slider == nil)
        #expect(request.canRequest, "no slider to wait for")
        let task = request.press()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        slider.move(to: 1, by: .drag)
        clock.advance(by: .seconds(30))
        #expect(slider.isUnlocked, "the end of the cooldown locks no slider it no longer waits for")
        request.isEnabled = false
        #expect(!request.canRequest, "the app's gate still holds")
    }

    @Test func noAnswerInTimeFailsWithTheLimit() async {
        let request = request(latency: .seconds(60)) { .seconds(30) }
        request.timeout = .seconds(5)
        var failure: (any Error)?
        let observation = request.failures.observe { failure = $0 }
        request.press()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .seconds(5))
        #expect(failure as? RequestTimeout == RequestTimeout(limit: .seconds(5)))
        #expect(request.phase == .idle)
        observation.cancel()
    }

    /// The app's answers, given by hand to each request in turn, whenever the test likes: a
    /// request function that ignores its cancellation, as a blocking server call does.
    @MainActor
    private final class HandAnswers {
        var waiting: [CheckedContinuation<Duration, Never>] = []
    }

    @Test func aLateAnswerNeverLandsOnTheNextRequest() async {
        let answers = HandAnswers()
        let request = CountdownRequest(countdown: Countdown(timers: clock)) {
            await withCheckedContinuation { answers.waiting.append($0) }
        }
        request.timeout = .seconds(3)
        let events = Events(request)
        let first = request.press()
        await clock.yield { answers.waiting.count == 1 }
        clock.advance(by: .seconds(3))
        #expect(request.phase == .idle, "the first request timed out")
        let second = request.press()
        await clock.yield { answers.waiting.count == 2 }
        answers.waiting[0].resume(returning: .seconds(5))
        await first?.value
        #expect(request.phase == .sending, "the first request's late answer leaves the second waiting")
        answers.waiting[1].resume(returning: .seconds(60))
        await second?.value
        #expect(request.state.text == "获取验证码(60)", "the second request's own answer counts")
        #expect(events.heard == [
            "phase sending", "failed RequestTimeout(limit: 3.0 seconds)", "phase idle",
            "phase sending", "phase counting", "sent 60.0 seconds",
        ])
    }

    @Test func aCooldownPastTheLongestIsHeardAsTheLongest() async {
        let request = request { .seconds(1_000_000) }
        let events = Events(request)
        let task = request.press()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        #expect(request.countdown.remainingSeconds == Int(Countdown.longest.components.seconds))
        #expect(
            events.heard == ["phase sending", "phase counting", "sent 86400.0 seconds"], "sent says what is counted")
    }

    @Test func aRefusalForACooldownCountsWhatTheServerSays() async {
        let request = request { throw Busy(cooldownLeft: .seconds(12)) }
        let slider = SlideUnlock(timers: clock)
        request.requireUnlock(of: slider)
        slider.move(to: 1, by: .drag)
        let task = request.press()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        #expect(request.state.text == "获取验证码(12)")
        #expect(slider.isUnlocked, "the cooldown's end locks it, not the refusal")
        clock.advance(by: .seconds(12))
        #expect(!slider.isUnlocked)
    }

    @Test func theAppsGateAndAMissingHandlerKeepItInsensitive() {
        let request = CountdownRequest(countdown: Countdown(timers: clock))
        #expect(!request.state.isSensitive, "nothing to run")
        request.handler = { .seconds(1) }
        #expect(request.state.isSensitive)
        request.isEnabled = false
        #expect(!request.state.isSensitive)
        #expect(request.press() == nil)
    }

    @Test func theAppStartsAndResetsACooldownItself() {
        let request = request { .seconds(30) }
        let events = Events(request)
        request.startCooldown(.seconds(5))
        #expect(request.state.text == "获取验证码(5)")
        request.reset()
        #expect(request.phase == .idle)
        #expect(events.heard == ["phase counting", "phase idle", "ended"])
    }

    @Test func resetDropsARequestUnderWay() async {
        let request = request { .seconds(30) }
        let events = Events(request)
        let task = request.press()
        await clock.yield { clock.pendingCount >= 2 }
        request.reset()
        clock.advance(by: .seconds(11))
        await task?.value
        #expect(request.phase == .idle, "neither its answer nor its timeout comes back")
        #expect(events.heard == ["phase sending", "phase idle"])
    }

    @Test func everyTextCanBeSet() async {
        let request = request { .seconds(3) }
        request.countdown.format = try! LabelFormat(parsing: "{s}s later", idleText: "Send code")
        request.sendingText = "Sending"
        request.sendingAccessibleName = "Send code, sending"
        request.countingAccessibleName = "{0}: wait {1} s"
        #expect(request.state.text == "Send code")
        let task = request.press()
        #expect(request.state.text == "Sending" && request.state.accessibleText == "Send code, sending")
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        #expect(request.state.text == "3s later" && request.state.accessibleText == "Send code: wait 3 s")
    }

    /// The counting words are kept from one step of the fill to the next, and follow a new
    /// second, a new format and a new accessible name at once.
    @Test func countingWordsFollowEachChange() async {
        let request = request { .seconds(3) }
        let task = request.press()
        await clock.yield { clock.pendingCount >= 2 }
        clock.advance(by: .milliseconds(300))
        await task?.value
        #expect(request.state.text == "获取验证码(3)" && request.state.accessibleText == "获取验证码，3 秒后可重新获取")
        clock.advance(by: .seconds(1))
        #expect(request.state.text == "获取验证码(2)" && request.state.accessibleText == "获取验证码，2 秒后可重新获取")
        request.countdown.format = try! LabelFormat(parsing: "{s}s later", idleText: "Send code")
        #expect(request.state.text == "2s later" && request.state.accessibleText == "Send code，2 秒后可重新获取")
        request.countingAccessibleName = "{0}: wait {1} s"
        #expect(request.state.text == "2s later" && request.state.accessibleText == "Send code: wait 2 s")
    }

    @Test func droppingAnObservationEndsIt() {
        let request = request { .seconds(1) }
        var heard = 0
        var observation: Observation? = request.phaseChanges.observe { _ in heard += 1 }
        request.startCooldown(.seconds(1))
        observation = nil
        request.reset()
        #expect(heard == 1)
        _ = observation
    }
}
