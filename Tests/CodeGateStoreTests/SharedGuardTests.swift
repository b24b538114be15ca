import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// The guard against pumping (`PumpingGuard`) and numbers' trust (`NumberTrust`) on each store,
/// with two gateways on one state: the counts behind a suspension or a throttle are the store's,
/// so every gateway sees the same, and exactly one tells of each.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SharedGuardTests {
    let under: StoreUnderTest
    let block = StoreUnderTest.freshBlock()

    init() throws { under = try StoreUnderTest() }

    /// The guard alone, at a threshold of 3 and with no volume limit unless a test sets them:
    /// no budget caps anything.
    private func plan(threshold: Int = 3, volume: Int = 0) -> BudgetPlan {
        var plan = BudgetPlan()
        plan.unlisted = .init()
        plan.number = .init()
        plan.pumpingGuard = PumpingGuard(threshold: threshold, volume: volume)
        return plan
    }

    private func number(_ index: Int) -> PhoneNumber {
        let digits = String(index)
        return PhoneNumber(e164: block + String(repeating: "0", count: 4 - digits.count) + digits)!
    }

    private func request(_ gateway: LocalCodeService, _ number: PhoneNumber) async throws -> KeyedReceipt {
        try await gateway.requestCode(for: number, idempotencyKey: StoreUnderTest.freshName("key"))
    }

    /// Requests a code for `number` on `gateway` and types it, as a person does.
    private func verified(_ gateway: LocalCodeService, _ log: MessageLog, _ number: PhoneNumber) async throws {
        let id = try #require(try await request(gateway, number).receipt?.verificationID)
        #expect(try await gateway.verify(try #require(log.lastCode), for: number, verificationID: id) == .verified)
    }

    @Test func aBlockWhoseCodesGoUnverifiedIsSuspendedOnEveryGateway() async throws {
        let gateways = try [1, 2].map { under.gateway(try under.store(), seed: $0, budgets: plan()) }
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
        // It rests until half its unverified codes have decayed: a day at the threshold.
        #expect(refusal.kind == .suspended && refusal.prefix == "+86" && refusal.secondsLeft == 86_400)
        #expect(told[0].map(\.prefix) == [block] && told[0].first?.level == "block", "told once, by the third's")
        #expect(told[0].first?.kind == .suspended && told[1].isEmpty)
        #expect(try await request(gateways[0], number(4)).receipt == nil, "on the other gateway too")
        let elsewhere = PhoneNumber(e164: StoreUnderTest.freshBlock() + "0000")!
        #expect(try await request(gateways[0], elsewhere).receipt != nil, "another block is untouched")
        under.clock.advance(by: .seconds(86_399))
        #expect(try await request(gateways[1], number(5)).receipt == nil, "a second before the day is over")
        under.clock.advance(by: .seconds(1))
        #expect(try await request(gateways[1], number(6)).receipt != nil, "a day later")
        withExtendedLifetime(watches) {}
    }

    /// People who type their codes keep their block open; a pumper's codes, never typed, close
    /// it; and only a number that verified codes on two days passes the suspension, on either
    /// gateway — one verified an hour ago is still a new one.
    @Test func verifiedCodesKeepABlockOpenAndReturningNumbersPass() async throws {
        let gateways = try [1, 2].map { under.gateway(try under.store(), seed: $0, budgets: plan()) }
        let logs = gateways.map { MessageLog($0.outbox) }
        try await verified(gateways[0], logs[0], number(0))
        under.clock.advance(by: .seconds(86_400))
        // Five people in the block each type their code, one of them for the second day.
        for index in 0..<5 { try await verified(gateways[index % 2], logs[index % 2], number(index)) }
        // The pumper, until the block is suspended: 5.5 verified (yesterday's counts half), so
        // suspended once more than 27.5 were sent.
        var sent = 0
        while try await request(gateways[sent % 2], number(100 + sent)).receipt != nil, sent < 100 { sent += 1 }
        #expect(sent == 23)
        under.clock.advance(by: .seconds(60))
        #expect(try await request(gateways[1], number(0)).receipt != nil, "a returning number")
        #expect(try await request(gateways[1], number(1)).receipt == nil, "verified once, a minute ago: a new one")
        #expect(try await request(gateways[0], number(200)).receipt == nil, "a new one")
    }

    @Test func aBlockThatVerifiesSomeOfItsCodesIsStillSuspendedPastTenTimesTheThreshold() async throws {
        let gateway = under.gateway(try under.store(), budgets: plan())
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

    /// An attacker who reads his own texts and types every code: never suspended, but a block
    /// with no history takes 4 at once, then one as its volume decays (4 → 3 in an hour's
    /// log2(4/3), 25 minutes), whatever its conversion — told once, by one gateway.
    @Test func aBlockNeverSeenBeforeIsThrottledWhateverItsConversion() async throws {
        let gateways = try [1, 2].map { under.gateway(try under.store(), seed: $0, budgets: plan(volume: 4)) }
        let logs = gateways.map { MessageLog($0.outbox) }
        var told: [PrefixSuspension] = []
        let watches = gateways.map { $0.suspensions.observe { told.append($0) } }
        for index in 0..<4 { try await verified(gateways[index % 2], logs[index % 2], number(index)) }
        for gateway in gateways {
            guard case .overBudget(let refusal) = try await request(gateway, number(10)) else {
                Issue.record("a fifth code in a minute to a block never seen")
                return
            }
            #expect(refusal.kind == .throttled && refusal.secondsLeft == 1495)
        }
        #expect(told.map(\.kind) == [.throttled] && told.first?.level == "block", "told once")
        under.clock.advance(by: .seconds(1495))
        try await verified(gateways[1], logs[1], number(11))
        #expect(try await request(gateways[0], number(12)).receipt == nil, "one, then the next waits again")
        withExtendedLifetime(watches) {}
    }

    /// The volume counts numbers newly texted: a person asking again for a code they lost
    /// (their number's record still kept) adds nothing, and their own budget bounds that.
    @Test func aNumberTextedAgainAddsNothingToTheVolume() async throws {
        let gateway = under.gateway(try under.store(), budgets: plan(threshold: 0, volume: 4))
        for index in 0..<4 { #expect(try await request(gateway, number(index)).receipt != nil) }
        for _ in 0..<3 {
            under.clock.advance(by: .seconds(60))
            #expect(try await request(gateway, number(0)).receipt != nil, "the same person again")
        }
        guard case .overBudget(let refusal) = try await request(gateway, number(4)) else {
            Issue.record("a fifth number in a minute to a block never seen")
            return
        }
        #expect(refusal.kind == .throttled)
    }

    /// A block with a history of real traffic may go well above what a new one may: its
    /// allowance grows with what its counts make usual.
    @Test func aBlockWithHistoryMayTakeMore() async throws {
        let gateway = under.gateway(try under.store(), budgets: plan(volume: 4))
        let log = MessageLog(gateway.outbox)
        // Two days of people, one every half hour, each typing the code.
        for index in 0..<96 {
            try await verified(gateway, log, number(index))
            under.clock.advance(by: .seconds(1800))
        }
        var burst = 0
        while try await request(gateway, number(1000 + burst)).receipt != nil, burst < 100 { burst += 1 }
        #expect(burst > 4, "no more than a new block: \(burst)")
    }
}
