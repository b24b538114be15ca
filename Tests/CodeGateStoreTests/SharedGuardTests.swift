import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// The conversion guard (`PumpingGuard`) on each store, with two gateways on one state: the
/// counts behind a suspension are the store's, so every gateway sees the same.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SharedGuardTests {
    let under: StoreUnderTest
    let block = StoreUnderTest.freshBlock()

    init() throws { under = try StoreUnderTest() }

    /// The guard alone, at a threshold of 3: no budget caps anything.
    private var plan: BudgetPlan {
        var plan = BudgetPlan()
        plan.unlisted = .init()
        plan.number = .init()
        plan.pumpingGuard = PumpingGuard(threshold: 3)
        return plan
    }

    private func number(_ index: Int) -> PhoneNumber {
        let digits = String(index)
        return PhoneNumber(e164: block + String(repeating: "0", count: 4 - digits.count) + digits)!
    }

    private func request(_ gateway: LocalCodeService, _ number: PhoneNumber) async throws -> KeyedReceipt {
        try await gateway.requestCode(for: number, idempotencyKey: StoreUnderTest.freshName("key"))
    }

    @Test func aBlockWhoseCodesGoUnverifiedIsSuspendedOnEveryGateway() async throws {
        under.haveInThisPeriod(BudgetWindow.day, .seconds(60))
        let gateways = try [1, 2].map { under.gateway(try under.store(), seed: $0, budgets: plan) }
        var told: [[PrefixSuspension]] = [[], []]
        let watches = gateways.indices.map { index in gateways[index].suspensions.observe { told[index].append($0) } }
        for index in 0..<3 {
            #expect(try await request(gateways[index % 2], number(index)).timesOnly == .sent(.times(60, 300)))
        }
        let refused = try await request(gateways[1], number(3))
        guard case .overBudget(let refusal) = refused else {
            Issue.record("a fourth unverified code in one block: \(refused)")
            return
        }
        #expect(refusal.kind == .suspended && refusal.prefix == "+86" && (1...86_400).contains(refusal.secondsLeft))
        #expect(told[0].map(\.prefix) == [block] && told[0].first?.level == "block", "told once, by the third's")
        #expect(told[1].isEmpty)
        #expect(try await request(gateways[0], number(4)).receipt == nil, "on the other gateway too")
        let elsewhere = PhoneNumber(e164: StoreUnderTest.freshBlock() + "0000")!
        #expect(try await request(gateways[0], elsewhere).receipt != nil, "another block is untouched")
        under.clock.advance(by: BudgetWindow.day)
        #expect(try await request(gateways[1], number(5)).receipt != nil, "a new day")
        withExtendedLifetime(watches) {}
    }

    @Test func verifiedCodesKeepABlockOpenAndItsNumbersKnown() async throws {
        under.haveInThisPeriod(BudgetWindow.day, .seconds(600))
        let gateways = try [1, 2].map { under.gateway(try under.store(), seed: $0, budgets: plan) }
        let log = MessageLog(gateways[0].outbox)
        // Five people in the block each type their code: however many, the block stays open.
        for index in 0..<5 {
            let id = try #require(try await request(gateways[0], number(index)).receipt?.verificationID)
            let code = try #require(log.lastCode)
            #expect(try await gateways[1].verify(code, for: number(index), verificationID: id) == .verified)
        }
        // A pumper's codes, never typed, until the block is suspended: under one in five
        // verified, 5 of 26 sent.
        var sent = 0
        while try await request(gateways[sent % 2], number(100 + sent)).receipt != nil, sent < 100 { sent += 1 }
        #expect(sent == 21, "suspended once under one in five codes sent there was verified")
        // Someone who typed a code is no stranger: served in the suspended block.
        under.clock.advance(by: .seconds(60))
        #expect(try await request(gateways[1], number(0)).receipt != nil, "a known number")
        #expect(try await request(gateways[1], number(200)).receipt == nil, "a new one is not")
    }

    @Test func aBlockThatVerifiesSomeOfItsCodesIsStillSuspendedPastTenTimesTheThreshold() async throws {
        under.haveInThisPeriod(BudgetWindow.day, .seconds(60))
        let gateway = under.gateway(try under.store(), budgets: plan)
        let log = MessageLog(gateway.outbox)
        // A pumper who types one code in three of his own numbers: a conversion rate never
        // suspends him, but 30 codes not typed in one block do.
        var sent = 0
        while let id = try await request(gateway, number(sent)).receipt?.verificationID, sent < 100 {
            if sent % 3 == 0 {
                let code = try #require(log.lastCode)
                #expect(try await gateway.verify(code, for: number(sent), verificationID: id) == .verified)
            }
            sent += 1
        }
        #expect(sent == 45, "15 verified, 30 not")
    }

    @Test func aKnownNumberPassesASpentGlobalBudgetButNotItsOwn() async throws {
        under.haveInThisHour(.seconds(600))
        var plan = plan
        plan.global = .init(hour: 1)
        plan.number = .init(hour: 2)
        let gateway = under.gateway(try under.store(), budgets: plan)
        let log = MessageLog(gateway.outbox)
        let known = number(0)
        let id = try #require(try await request(gateway, known).receipt?.verificationID)
        #expect(try await gateway.verify(try #require(log.lastCode), for: known, verificationID: id) == .verified)
        guard case .overBudget(let spent) = try await request(gateway, number(1)) else {
            Issue.record("a stranger past the spent global budget")
            return
        }
        #expect(spent.kind == .global)
        under.clock.advance(by: .seconds(60))
        #expect(try await request(gateway, known).receipt != nil, "the global budget spares a known number")
        under.clock.advance(by: .seconds(60))
        guard case .overBudget(let own) = try await request(gateway, known) else {
            Issue.record("a known number past its own budget")
            return
        }
        #expect(own.kind == .number)
    }
}
