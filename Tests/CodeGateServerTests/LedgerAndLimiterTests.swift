@testable import CodeGateServer
import CodeGateFlow
import CodeGateTestSupport
import Testing

@MainActor
@Suite struct IdempotencyLedgerTests {
    let clock = ManualTimerPort()
    let number = PhoneNumber.sample
    let other = PhoneNumber(e164: "+447700900123")!
    let receipt = CodeReceipt(cooldown: .seconds(60), validFor: .seconds(300))

    @Test func keysFollowTheProtocol() {
        #expect(IdempotencyLedger.isValid("a"))
        #expect(IdempotencyLedger.isValid("7c1f3a9e-52b4_4d0a"))
        #expect(IdempotencyLedger.isValid(String(repeating: "k", count: 64)))
        for key in ["", String(repeating: "k", count: 65), "a b", "a/b", "ключ", "a\n"] {
            #expect(!IdempotencyLedger.isValid(key), "\(key.debugDescription)")
        }
    }

    @Test func replaysWhatIsLeftForTheSameNumberOnly() {
        var ledger = IdempotencyLedger()
        #expect(ledger.lookup("k", for: number, at: clock.now) == .unknown)
        ledger.remember("k", for: number, receipt: receipt, at: clock.now)
        #expect(ledger.lookup("k", for: number, at: clock.now) == .replay(cooldownSeconds: 60, expiresInSeconds: 300))
        clock.advance(by: .milliseconds(18_500))
        #expect(ledger.lookup("k", for: number, at: clock.now) == .replay(cooldownSeconds: 42, expiresInSeconds: 282))
        #expect(ledger.lookup("k", for: other, at: clock.now) == .mismatch)
        clock.advance(by: .seconds(100))
        #expect(ledger.lookup("k", for: number, at: clock.now) == .replay(cooldownSeconds: 1, expiresInSeconds: 182))
    }

    @Test func forgetsAKeyWhenItsCodeExpires() {
        var ledger = IdempotencyLedger()
        ledger.remember("k", for: number, receipt: receipt, at: clock.now)
        clock.advance(by: .seconds(299))
        #expect(ledger.lookup("k", for: number, at: clock.now) == .replay(cooldownSeconds: 1, expiresInSeconds: 1))
        clock.advance(by: .seconds(1))
        #expect(ledger.lookup("k", for: number, at: clock.now) == .unknown)
        #expect(ledger.count == 0)
    }

    @Test func keepsAtMostItsCapacityForgettingTheOldest() {
        var ledger = IdempotencyLedger()
        for index in 0...IdempotencyLedger.capacity {
            ledger.remember("k\(index)", for: number, receipt: receipt, at: clock.now)
        }
        #expect(ledger.count == IdempotencyLedger.capacity)
        #expect(ledger.lookup("k0", for: number, at: clock.now) == .unknown)
        #expect(ledger.lookup("k1", for: number, at: clock.now) != .unknown)
    }
}

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
