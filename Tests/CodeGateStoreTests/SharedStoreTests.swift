import CodeGateBase
@testable import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// The gateway's rules on each store (`StoreUnderTest`: SQLite here, PostgreSQL under
/// Tests/System/postgres/run), with two gateways on one shared state as two
/// `codegate-gateway` processes are: every rule holds across them.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SharedStoreTests {
    let under: StoreUnderTest
    let number = StoreUnderTest.freshNumber()

    init() throws { under = try StoreUnderTest() }

    private func wrong(_ code: String) -> String { code == "000000" ? "111111" : "000000" }

    @Test func oneCodePerCooldownAcrossGateways() async throws {
        let first = under.gateway(try under.store(), seed: 1)
        let second = under.gateway(try under.store(), seed: 2)
        let log = MessageLog(first.outbox)
        let otherLog = MessageLog(second.outbox)
        _ = try await first.requestCode(for: number)
        under.clock.advance(by: .seconds(20))
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 40)) { try await second.requestCode(for: number) }
        under.clock.advance(by: .seconds(40))
        _ = try await second.requestCode(for: number)
        #expect(log.messages.count == 1 && otherLog.messages.count == 1)
    }

    @Test func wrongGuessesAreCountedAcrossGatewaysThenLocked() async throws {
        let gateways = [under.gateway(try under.store(), seed: 1), under.gateway(try under.store(), seed: 2)]
        let log = MessageLog(gateways[0].outbox)
        let id = try await gateways[0].requestCode(for: number).verificationID
        let code = try #require(log.lastCode)
        for left in (1...4).reversed() {
            #expect(
                try await gateways[left % 2].verify(wrong(code), for: number, verificationID: id)
                    == .wrongCode(attemptsLeft: left))
        }
        #expect(try await gateways[1].verify(wrong(code), for: number, verificationID: id) == .locked)
        #expect(try await gateways[0].verify(code, for: number, verificationID: id) == .locked, "even the right code")
        #expect(
            try await gateways[1].verify(code, for: number, verificationID: stranger(id)) == .noCodeRequested,
            "locked, but not to whoever lacks the id")
    }

    /// Another id than the request's — a stranger's guess, or a stale one — is told no code is
    /// there, on any gateway, and counts nothing: forty such guesses later the code still
    /// takes all its attempts and verifies.
    @Test func whoeverLacksTheIdCanNeitherLockNorProbeACode() async throws {
        let gateways = [under.gateway(try under.store(), seed: 1), under.gateway(try under.store(), seed: 2)]
        let log = MessageLog(gateways[0].outbox)
        let id = try await gateways[0].requestCode(for: number).verificationID
        let code = try #require(log.lastCode)
        for guess in 0..<40 {
            let answer = try await gateways[guess % 2].verify(wrong(code), for: number, verificationID: stranger(id))
            #expect(answer == .noCodeRequested, "guess \(guess)")
        }
        #expect(try await gateways[1].verify(code, for: number, verificationID: stranger(id)) == .noCodeRequested)
        #expect(
            try await gateways[0].verify(code, for: StoreUnderTest.freshNumber(), verificationID: id)
                == .noCodeRequested,
            "the same answer as for a number with no code")
        #expect(
            try await gateways[1].verify(wrong(code), for: number, verificationID: id) == .wrongCode(attemptsLeft: 4))
        #expect(try await gateways[0].verify(code, for: number, verificationID: id) == .verified)
    }

    /// An id like `id` in every way but the bytes.
    private func stranger(_ id: String) -> String {
        String(id.map { $0 == "0" ? "1" : "0" })
    }

    @Test func aCodeIsUsedOnceOnAnyGateway() async throws {
        let first = under.gateway(try under.store())
        let second = under.gateway(try under.store())
        let log = MessageLog(first.outbox)
        let id = try await first.requestCode(for: number).verificationID
        let code = try #require(log.lastCode)
        #expect(
            try await second.verify(code, for: StoreUnderTest.freshNumber(), verificationID: id) == .noCodeRequested)
        #expect(try await second.verify(code, for: number, verificationID: id) == .verified)
        #expect(try await first.verify(code, for: number, verificationID: id) == .noCodeRequested)
    }

    @Test func aCodeExpiresWithTheLifetimeItWasIssuedWith() async throws {
        let first = under.gateway(try under.store())
        let log = MessageLog(first.outbox)
        let id = try await first.requestCode(for: number).verificationID
        let code = try #require(log.lastCode)
        under.clock.advance(by: .seconds(300) - .milliseconds(1))
        #expect(try await first.verify(wrong(code), for: number, verificationID: id) == .wrongCode(attemptsLeft: 4))
        under.clock.advance(by: .milliseconds(1))
        #expect(try await under.gateway(try under.store()).verify(code, for: number, verificationID: id) == .expired)
        #expect(
            try await first.verify(code, for: number, verificationID: stranger(id)) == .noCodeRequested,
            "expired, but not to whoever lacks the id")
    }

    @Test func aKeyIsAnsweredOnceAndReplayedByAnyGateway() async throws {
        let first = under.gateway(try under.store(), seed: 1)
        let second = under.gateway(try under.store(), seed: 2)
        let logs = [MessageLog(first.outbox), MessageLog(second.outbox)]
        let key = "key-" + String(UInt64.random(in: .min ... .max), radix: 16)
        let sent = try await first.requestCode(for: number, idempotencyKey: key)
        #expect(sent.timesOnly == .sent(.times(60, 300)))
        let id = try #require(sent.receipt?.verificationID)
        under.clock.advance(by: .seconds(10))
        #expect(
            try await second.requestCode(for: number, idempotencyKey: key)
                == .replayed(CodeReceipt(cooldown: .seconds(50), validFor: .seconds(290), verificationID: id)),
            "the same verification id")
        #expect(try await second.requestCode(for: StoreUnderTest.freshNumber(), idempotencyKey: key) == .keyMismatch)
        #expect(logs.map(\.messages.count) == [1, 0])
    }

    @Test func theRateLimitIsSharedByEveryGateway() async throws {
        let gateways = [under.gateway(try under.store()), under.gateway(try under.store())]
        let client = "client-" + String(UInt64.random(in: .min ... .max), radix: 16)
        for index in 0..<3 { #expect(try await gateways[index % 2].admit(client, limit: 3) == nil) }
        #expect(try await gateways[1].admit(client, limit: 3) == 20)
        under.clock.advance(by: .seconds(20))
        #expect(try await gateways[0].admit(client, limit: 3) == nil)
        #expect(try await gateways[1].admit(client, limit: 3) == 20)
    }

    /// A flood of fresh clients fills the table of clients: a newcomer is admitted all the same,
    /// and the client closest to a whole allowance again (the first of the flood) is forgotten
    /// for it, while the last, whose allowance is furthest from whole, stays limited. Robust to
    /// rows that earlier tests left on a shared database: whatever their dues, the first of the
    /// flood goes and the last stays. On PostgreSQL only: on SQLite the 4,096 transactions,
    /// each synced to disk, take 20 s, and GatewayStoreTests checks the same rule there.
    @Test(.enabled(if: StoreUnderTest.kind == .postgres, "SQLite's: GatewayStoreTests, its table filled by SQL"))
    func aFullTableOfClientsForgetsTheClientClosestToWholeForANewcomer() async throws {
        let gateways = [under.gateway(try under.store()), under.gateway(try under.store())]
        let flood = StoreUnderTest.freshName("flood")
        for index in 0..<StoreRules.maxClients {
            #expect(try await gateways[index % 2].admit("\(flood) \(index)", limit: 1) == nil)
            under.clock.advance(by: .milliseconds(1))
        }
        #expect(try await gateways[0].admit(flood + " newcomer", limit: 1) == nil, "room made for it")
        #expect(try await gateways[1].admit(flood + " 0", limit: 1) == nil, "forgotten: its allowance is whole")
        // Due 60 s after its request, 1 ms ago.
        #expect(try await gateways[0].admit("\(flood) \(StoreRules.maxClients - 1)", limit: 1) == 60, "kept")
    }

    @Test func anUnusableStoreSendsAndChecksNothing() async throws {
        let gateway = under.gateway(under.unusableStore())
        let log = MessageLog(gateway.outbox)
        await #expect {
            try await gateway.requestCode(for: number)
        } throws: { error in
            guard case .stateUnavailable = error as? CodeServiceError else { return false }
            return true
        }
        await #expect(throws: CodeServiceError.self) {
            try await gateway.verify("123456", for: number, verificationID: String(repeating: "0", count: 32))
        }
        #expect(log.messages.isEmpty)
        #expect(await gateway.isStateUsable() == false)
    }

    @Test func aBudgetIsSharedByEveryGateway() async throws {
        var plan = BudgetPlan()
        plan.unlisted = .init()
        plan.client = .init(hour: 1)
        let first = under.gateway(try under.store(), seed: 1, budgets: plan)
        let second = under.gateway(try under.store(), seed: 2, budgets: plan)
        let client = StoreUnderTest.freshName("client")
        let sent = try await first.requestCode(
            for: number, idempotencyKey: StoreUnderTest.freshName("key"), client: client)
        #expect(sent.timesOnly == .sent(.times(60, 300)))
        let refused = try await second.requestCode(
            for: StoreUnderTest.freshNumber(), idempotencyKey: StoreUnderTest.freshName("key"), client: client)
        guard case .overBudget(let refusal) = refused else {
            Issue.record("the second gateway sent over the budget: \(refused)")
            return
        }
        #expect(refusal.kind == .client && (1...3600).contains(refusal.secondsLeft))
        let other = try await second.requestCode(
            for: StoreUnderTest.freshNumber(), idempotencyKey: StoreUnderTest.freshName("key"),
            client: StoreUnderTest.freshName("client"))
        #expect(other.timesOnly == .sent(.times(60, 300)), "another client's own")
    }

    @Test func eachNumberHasItsOwnCapAcrossGateways() async throws {
        var plan = BudgetPlan.withoutFile
        // Two at once, then one an hour.
        plan.number = .init(hour: 2)
        let gateways = try [1, 2].map { under.gateway(try under.store(), seed: $0, budgets: plan) }
        let receipt = KeyedReceipt.sent(.times(60, 300))
        for gateway in gateways {
            let key = StoreUnderTest.freshName("key")
            #expect(try await gateway.requestCode(for: number, idempotencyKey: key).timesOnly == receipt)
            under.clock.advance(by: .seconds(60))
        }
        let third = try await gateways[0].requestCode(for: number, idempotencyKey: StoreUnderTest.freshName("key"))
        guard case .overBudget(let refusal) = third else {
            Issue.record("a third code in one hour: \(third)")
            return
        }
        #expect(refusal.kind == .number && refusal.secondsLeft == 3480)
        let other = try await gateways[1].requestCode(
            for: StoreUnderTest.freshNumber(), idempotencyKey: StoreUnderTest.freshName("key"))
        #expect(other.timesOnly == receipt, "another number's own")
    }

    @Test func anOutboxMessageIsClaimedByOneGatewayAtATime() async throws {
        let stores = [try under.store(), try under.store()]
        let gateway = under.gateway(stores[0], usesOutbox: true)
        let log = MessageLog(gateway.outbox)
        _ = try await gateway.requestCode(for: number, idempotencyKey: StoreUnderTest.freshName("key"))
        #expect(log.messages.isEmpty, "written to the outbox, not told")
        let claimed = try #require(try await ours(from: stores[1]))
        #expect(claimed.text.contains("验证码") && claimed.attempts == 0 && claimed.validFor == .seconds(300))
        #expect(try await ours(from: stores[0]) == nil, "leased to the other gateway")
        try await stores[1].postponeMessage(claimed.id, by: .seconds(10))
        #expect(try await ours(from: stores[0]) == nil, "not due yet")
        under.clock.advance(by: .seconds(10))
        let again = try #require(try await ours(from: stores[0]))
        #expect(again.id == claimed.id && again.attempts == 1 && again.validFor == .seconds(290))
        try await stores[0].finishMessage(again.id)
        under.clock.advance(by: .seconds(120))
        #expect(try await ours(from: stores[1]) == nil, "delivered once")
    }

    /// The first message for this test's number that `store` can claim, passing over (and
    /// leaving leased) any other a shared database holds; nil when there is none.
    private func ours(from store: any CodeStore) async throws -> OutboxMessage? {
        for _ in 0..<100 {
            guard let message = try await store.claimMessage(lease: .seconds(60)) else { return nil }
            if message.recipient == number { return message }
        }
        return nil
    }
}
