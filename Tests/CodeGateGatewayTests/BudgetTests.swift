import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct BudgetTests {
    let clock = ManualTimerPort()
    let store: GatewayStore

    /// The wall clock starts 10 s into a UTC day (and hour).
    init() {
        let clock = clock
        let origin = clock.now
        store = GatewayStore(inMemoryWith: {
            let elapsed = origin.duration(to: clock.now)
            return SystemMoment(
                bootID: "memory", boot: .seconds(1) + elapsed, wall: .seconds(86_400 * 20_000 + 10) + elapsed)
        })
    }

    /// The budgets of `file` alone: the guard is off unless the file turns it on, so that the
    /// numbers of one block the tests use are refused by the budgets only.
    private func service(_ file: String) throws -> LocalCodeService {
        var policy = CodePolicy()
        policy.cooldown = .seconds(1)
        return LocalCodeService(
            timers: clock, random: SeededRandom(seed: 3), policy: policy, store: store,
            budgets: try BudgetPlan.parse("guard day 0\nvolume hour 0\n" + file))
    }

    private func number(_ text: String) -> PhoneNumber { PhoneNumber(e164: text)! }

    /// "+44 hour 4": two at once (too few to keep one back for returning numbers), then one
    /// every 20 minutes (3600 s / (4 − 2 + 1)).
    @Test func aPrefixBudgetGivesHalfAtOnceThenRefillsSmoothly() async throws {
        let service = try service("+44 hour 4\n")
        #expect(try await sent(service, "+447700900100", "a"))
        #expect(try await sent(service, "+447700900101", "b"))
        #expect(
            try await service.requestCode(for: number("+447700900102"), idempotencyKey: "c")
                == .overBudget(BudgetRefusal(kind: .country, prefix: "+44", secondsLeft: 1200)))
        clock.advance(by: .seconds(1199))
        #expect(
            try await service.requestCode(for: number("+447700900103"), idempotencyKey: "d")
                == .overBudget(BudgetRefusal(kind: .country, prefix: "+44", secondsLeft: 1)))
        clock.advance(by: .seconds(1))
        #expect(try await sent(service, "+447700900104", "e"))
    }

    /// However the hour is placed, no budget gives more than its count in it: a request every
    /// 10 s for three hours, each number new.
    @Test func noHourEverHoldsMoreThanTheCap() async throws {
        let service = try service("+44 hour 7\n")
        var sends: [Duration] = []
        let start = clock.now
        for index in 0..<1080 {
            if try await sent(service, "+4477009\(10000 + index)", "k\(index)") {
                sends.append(start.duration(to: clock.now))
            }
            clock.advance(by: .seconds(10))
        }
        for (index, first) in sends.enumerated() {
            let inHour = sends[index...].prefix { $0 - first < .seconds(3600) }.count
            #expect(inHour <= 7, "\(inHour) in the hour from \(first)")
        }
        // Four at once, one of them kept for returning numbers, then one every 900 s.
        #expect(sends.count == 3 + 11, "\(sends)")
    }

    /// The app's window asks through the same rules as an HTTP request, with no key: a spent
    /// budget is too many requests, for as long as the bucket needs to give one.
    @Test func theWindowsRequestsSpendTheSameBudgets() async throws {
        let service = try service("number hour 2\n")
        let number = number("+447700900100")
        for _ in 0..<2 {
            _ = try await service.requestCode(for: number)
            clock.advance(by: .seconds(1))
        }
        // A number's own gives all at once, then one an hour: the first back an hour after it.
        await #expect(throws: CodeServiceError.rateLimited(retryAfter: 3598)) {
            try await service.requestCode(for: number)
        }
        let keyed = try await service.requestCode(for: number, idempotencyKey: "k")
        #expect(keyed == .overBudget(BudgetRefusal(kind: .number, prefix: "+44", secondsLeft: 3598)))
    }

    @Test func unlistedCallingCodesShareTheDefaultEachOnItsOwn() async throws {
        let service = try service("default day 1\n+1876 day 5\n")
        #expect(try await sent(service, "+12025550100", "a"))
        #expect(try await service.requestCode(for: number("+12025550101"), idempotencyKey: "b")
            == .overBudget(BudgetRefusal(kind: .country, prefix: "+1", secondsLeft: 86_400)))
        // Another calling code has its own default budget; a listed longer prefix its own.
        #expect(try await sent(service, "+4915112345678", "c"))
        #expect(try await sent(service, "+18765550100", "d"))
        #expect(try await sent(service, "+18765550101", "e"))
    }

    @Test func globalAndClientBudgetsCountAcrossNumbers() async throws {
        let service = try service("default day 100\nglobal day 5\nclient hour 2\n")
        #expect(try await sent(service, "+447700900100", "a", client: "10.0.0.1"))
        #expect(try await sent(service, "+447700900101", "b", client: "10.0.0.1"))
        #expect(
            try await service.requestCode(for: number("+447700900102"), idempotencyKey: "c", client: "10.0.0.1")
                == .overBudget(BudgetRefusal(kind: .client, prefix: "+44", secondsLeft: 3600)))
        #expect(try await sent(service, "+447700900103", "d", client: "10.0.0.2"))
        #expect(
            try await service.requestCode(for: number("+8613800138000"), idempotencyKey: "e", client: "10.0.0.3")
                == .overBudget(BudgetRefusal(kind: .global, prefix: "+86", secondsLeft: 28_800)))
    }

    @Test func aRequestInTheCooldownOrAReplaySpendsNothing() async throws {
        let service = try service("+86 hour 4\n")
        #expect(try await sent(service, PhoneNumber.sample.e164, "a"))
        if case .replayed = try await service.requestCode(for: .sample, idempotencyKey: "a") {} else {
            Issue.record("no replay")
        }
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 1)) {
            _ = try await service.requestCode(for: .sample, idempotencyKey: "b")
        }
        #expect(try await sent(service, "+8613900139000", "c"))
    }

    /// "global hour 8": four at once, one of them kept for returning numbers. A number that
    /// verified codes a day apart spends it; one verified twice within minutes cannot; and
    /// neither goes past the budget.
    @Test func aReturningNumberSpendsTheReserveNewOnesCannot() async throws {
        let service = try service("global hour 8\n")
        let log = MessageLog(service.outbox)
        let returning = number("+447700900100")
        let hasty = number("+447700900101")
        func verifyCode(for number: PhoneNumber) async throws {
            let receipt = try await service.requestCode(for: number, idempotencyKey: nil)
            let id = try #require(receipt.receipt?.verificationID)
            #expect(try await service.verify(try #require(log.lastCode), for: number, verificationID: id) == .verified)
        }
        try await verifyCode(for: returning)
        try await verifyCode(for: hasty)
        clock.advance(by: .seconds(600))
        try await verifyCode(for: hasty)
        clock.advance(by: .seconds(86_400))
        try await verifyCode(for: returning)
        clock.advance(by: .seconds(7200))
        // Full again: 4, of which new numbers take 3.
        for index in 0..<3 { #expect(try await sent(service, "+44770090020\(index)", "n\(index)")) }
        guard case .overBudget(let kept) = try await service.requestCode(for: hasty, idempotencyKey: "h") else {
            Issue.record("a number verified twice in ten minutes spent the reserve")
            return
        }
        #expect(kept.kind == .global)
        #expect(try await sent(service, returning.e164, "r"))
        clock.advance(by: .seconds(2))
        guard case .overBudget(let spent) = try await service.requestCode(for: returning, idempotencyKey: "r2") else {
            Issue.record("a returning number past the budget")
            return
        }
        #expect(spent.kind == .global)
    }

    @Test func theFileIsReadStrictly() throws {
        let plan = try BudgetPlan.parse(
            "# budgets\n+86 hour 10 # China\n\tdefault\tday\t3\nglobal day 7\nclient hour 0\n")
        #expect(plan.prefixes == ["+86": BudgetPlan.Limits(hour: 10)])
        #expect(plan.unlisted == BudgetPlan.Limits(day: 3))
        #expect(plan.global == BudgetPlan.Limits(day: 7))
        #expect(plan.client == BudgetPlan.Limits(hour: 0))
        #expect(plan.number == BudgetPlan.Limits(hour: 5, day: 10), "each number's own, unless set")
        #expect(try BudgetPlan.parse("number day 3\n").number == BudgetPlan.Limits(hour: 5, day: 3))
        #expect(try BudgetPlan.parse("") == BudgetPlan())
        // Saved on Windows: the same rules, and a refusal names its own line.
        #expect(try BudgetPlan.parse("+86 hour 10\r\nglobal day 7\r\n").global == BudgetPlan.Limits(day: 7))
        do {
            _ = try BudgetPlan.parse("+86 hour 10\r\nglobal day\r\n")
            Issue.record("a rule of two words was taken")
        } catch {
            #expect(error.description == "line 2: a rule is SCOPE PERIOD COUNT")
        }
        #expect(BudgetPlan().unlisted == BudgetPlan.Limits(hour: 500, day: 5000))
        #expect(BudgetPlan().pumpingGuard == PumpingGuard(threshold: 10, volume: 4))
        #expect(try BudgetPlan.parse("guard day 25\n").pumpingGuard == PumpingGuard(threshold: 25, volume: 4))
        #expect(try BudgetPlan.parse("volume hour 9\n").pumpingGuard == PumpingGuard(threshold: 10, volume: 9))
        #expect(BudgetPlan().trust == NumberTrust(wait: .seconds(86_400)))
        #expect(try BudgetPlan.parse("trust hour 48\n").trust == NumberTrust(wait: .seconds(172_800)))
        let off = try BudgetPlan.parse("guard day 0\nvolume hour 0\n").pumpingGuard
        #expect(off.meters(for: PhoneNumber(e164: "+8613800138000")!) == [])
        let refused: [(String, Int)] = [
            ("guard hour 10\n", 1), ("guard day 1\nguard day 2\n", 2), ("+86 hour\n", 1), ("\n+86 week 3\n", 2), ("+86 hour -1\n", 1), ("+86 hour 1.5\n", 1),
            ("+86 hour 100000001\n", 1), ("+86 hour 1\n+86 hour 2\n", 2), ("86 hour 1\n", 1), ("+086 hour 1\n", 1),
            ("+1234567 hour 1\n", 1), ("clients hour 1\n", 1), ("+86 hour 1 2\n", 1), ("volume day 4\n", 1),
            ("trust day 1\n", 1), ("trust hour 697\n", 1),
        ]
        for (text, line) in refused {
            #expect(throws: BudgetFileError.self) { try BudgetPlan.parse(text) }
            do {
                _ = try BudgetPlan.parse(text)
            } catch {
                #expect(error.line == line, "\(text)")
            }
        }
    }

    @Test func callingCodesAreReadFromTheDigits() {
        let cases = [
            ("+8613800138000", "86"), ("+447700900123", "44"), ("+12025550123", "1"), ("+79161234567", "7"),
            ("+8801712345678", "880"), ("+35312345678", "353"), ("+2348012345678", "234"), ("+201001234567", "20"),
        ]
        for (e164, code) in cases {
            #expect(PhoneNumber(e164: e164)?.callingCode == code, "\(e164)")
        }
    }

    private func sent(_ service: LocalCodeService, _ e164: String, _ key: String, client: String? = nil) async throws
        -> Bool
    {
        if case .sent = try await service.requestCode(for: number(e164), idempotencyKey: key, client: client) {
            return true
        }
        return false
    }
}
