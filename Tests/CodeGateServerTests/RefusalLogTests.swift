import CodeGateBase
@testable import CodeGateServer
import CodeGateTestSupport
import Testing

/// The request log under a flood of refusals, on the manual clock: each kind said once a
/// window, its count said when the window ends, and no alarm while nothing waits to be said.
@MainActor
@Suite struct RefusalLogTests {
    let clock = ManualTimerPort()
    let lines = Lines()
    let log: RefusalLog

    /// What the log wrote, in order.
    @MainActor final class Lines {
        var written: [String] = []
    }

    init() {
        log = RefusalLog(timers: clock, write: { [lines] in lines.written.append($0) })
    }

    private func refuse(_ kind: String = "POST /v1/codes 429 rate_limited", times count: Int = 1, client: String = "a") {
        for _ in 0..<count { log.log("\(kind) client \(client) 0.1 ms", status: 429, kind: kind) }
    }

    @Test func aRequestServedIsOneLineEachAndSetsNoAlarm() {
        for _ in 0..<3 { log.log("POST /v1/codes 201 0.1 ms", status: 201, kind: "POST /v1/codes 201") }
        #expect(lines.written == Array(repeating: "POST /v1/codes 201 0.1 ms", count: 3))
        #expect(clock.pendingCount == 0)
    }

    @Test func aKindIsSaidOnceThenCountedAndTheCountSaidWhenItsWindowEnds() {
        refuse(client: "first")
        #expect(clock.pendingCount == 0, "nothing to summarise yet: no alarm")
        clock.advance(by: .seconds(3))
        refuse(times: 1000, client: "later")
        #expect(lines.written == ["POST /v1/codes 429 rate_limited client first 0.1 ms"])
        #expect(clock.nextDeadline == clock.now + .seconds(7), "the window ends 10 s after the kind was said")
        clock.advance(by: .seconds(7))
        #expect(
            lines.written == [
                "POST /v1/codes 429 rate_limited client first 0.1 ms",
                "POST /v1/codes 429 rate_limited ×1000 more in the last 10 s",
            ])
        #expect(clock.pendingCount == 0, "idle again: no alarm")
        refuse(times: 2, client: "next")
        #expect(lines.written.suffix(1) == ["POST /v1/codes 429 rate_limited client next 0.1 ms"], "said anew")
    }

    @Test func aWindowWithNothingCountedSaysNothingMore() {
        refuse()
        clock.advance(by: .seconds(10))
        refuse(client: "b")
        #expect(
            lines.written == [
                "POST /v1/codes 429 rate_limited client a 0.1 ms", "POST /v1/codes 429 rate_limited client b 0.1 ms",
            ])
        #expect(clock.pendingCount == 0)
    }

    @Test func eachKindHasItsOwnWindowAndTheAlarmFollowsTheNextToEnd() {
        refuse("GET /x 404", times: 3)
        clock.advance(by: .seconds(4))
        refuse("POST /v1/codes 400 invalid_phone", times: 2)
        log.log("GET /healthz 200 0.1 ms", status: 200, kind: "GET /healthz 200")
        clock.advance(by: .seconds(6))
        #expect(lines.written.last == "GET /x 404 ×2 more in the last 10 s")
        #expect(clock.nextDeadline == clock.now + .seconds(4))
        clock.advance(by: .seconds(4))
        #expect(
            lines.written == [
                "GET /x 404 client a 0.1 ms", "POST /v1/codes 400 invalid_phone client a 0.1 ms",
                "GET /healthz 200 0.1 ms", "GET /x 404 ×2 more in the last 10 s",
                "POST /v1/codes 400 invalid_phone ×1 more in the last 10 s",
            ])
        #expect(clock.pendingCount == 0)
    }

    /// An attacker can make a kind of each path: past the bound, the rest share one count.
    @Test func kindsBeyondTheBoundAreCountedTogether() {
        for index in 0..<RefusalLog.maxKinds { refuse("GET /\(index) 404") }
        refuse("GET /new 404")
        refuse("GET /newer 404", times: 5)
        refuse("GET /0 404")
        #expect(lines.written.count == RefusalLog.maxKinds + 1, "each held kind said, and the first of the others")
        #expect(lines.written.last == "GET /new 404 client a 0.1 ms")
        clock.advance(by: .seconds(10))
        #expect(
            lines.written.suffix(2) == [
                "GET /0 404 ×1 more in the last 10 s", "other refusals ×5 more in the last 10 s",
            ])
        refuse("GET /newest 404")
        #expect(lines.written.last == "GET /newest 404 client a 0.1 ms", "room again: a kind of its own")
    }

    @Test func stoppingSaysTheCountsOverTheTimeSoFarAndLeavesNoAlarm() {
        refuse(times: 4)
        clock.advance(by: .milliseconds(2500))
        log.flush()
        #expect(lines.written.last == "POST /v1/codes 429 rate_limited ×3 more in the last 3 s")
        #expect(clock.pendingCount == 0)
        refuse()
        #expect(lines.written.last == "POST /v1/codes 429 rate_limited client a 0.1 ms")
    }

    /// A loop too busy to run the alarm on time: the next refusal closes the window first, so
    /// its count covers no more than the window, and the refusal opens a new one.
    @Test func aWindowEndedBeforeItsAlarmRanIsClosedByTheNextRefusal() {
        let busy = BusyTimerPort()
        let late = Lines()
        let log = RefusalLog(timers: busy, write: { [late] in late.written.append($0) })
        for client in ["a", "b", "c"] { log.log("GET /x 404 client \(client)", status: 404, kind: "GET /x 404") }
        busy.now += .seconds(12)
        log.log("GET /x 404 client d", status: 404, kind: "GET /x 404")
        #expect(
            late.written == ["GET /x 404 client a", "GET /x 404 ×2 more in the last 10 s", "GET /x 404 client d"])
        #expect(busy.live == 0, "nothing left to say: the late alarm cancelled")
    }
}

/// A timer port whose actions never run: a main loop too busy to get to them.
@MainActor
private final class BusyTimerPort: TimerPort {
    private final class Timer: ScheduledTimer {
        var cancelled = false
        func cancel() { cancelled = true }
    }

    var now = ContinuousClock.now
    private var timers: [Timer] = []

    /// The actions scheduled and not cancelled.
    var live: Int { timers.filter { !$0.cancelled }.count }

    func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledTimer
    {
        let timer = Timer()
        timers.append(timer)
        return timer
    }
}
