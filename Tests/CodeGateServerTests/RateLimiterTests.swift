@testable import CodeGateServer
import CodeGateFlow
import CodeGateTestSupport
import Testing

@MainActor
@Suite struct RateLimiterTests {
    let clock = ManualTimerPort()

    @Test func admitsTheLimitInAnyMinute() {
        var limiter = RateLimiter(limit: 3)
        for _ in 0..<3 {
            #expect(limiter.admit("a", at: clock.now) == nil)
            clock.advance(by: .seconds(10))
        }
        #expect(limiter.admit("a", at: clock.now) == 30)
        #expect(limiter.admit("b", at: clock.now) == nil, "another client has its own count")
        clock.advance(by: .seconds(30))
        #expect(limiter.admit("a", at: clock.now) == nil, "the first request left the window")
        #expect(limiter.admit("a", at: clock.now) == 10)
    }

    @Test func zeroIsNoLimit() {
        var limiter = RateLimiter(limit: 0)
        for _ in 0..<1000 { #expect(limiter.admit("a", at: clock.now) == nil) }
    }

    @Test func tracksABoundedNumberOfClients() {
        var limiter = RateLimiter(limit: 1)
        for index in 0..<RateLimiter.maxClients { _ = limiter.admit("c\(index)", at: clock.now) }
        #expect(limiter.admit("newcomer", at: clock.now) == 60, "a newcomer waits while every slot is busy")
        clock.advance(by: .seconds(60))
        #expect(limiter.admit("newcomer", at: clock.now) == nil, "idle clients are forgotten for it")
    }
}
