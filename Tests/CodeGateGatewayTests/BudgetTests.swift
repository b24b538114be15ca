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

    private func service(_ file: String) throws -> LocalCodeService {
        var policy = CodePolicy()
        policy.cooldown = .seconds(1)
        return LocalCodeService(
            timers: clock, random: SeededRandom(seed: 3), policy: policy, store: store,
            budgets: try BudgetPlan.parse(file))
    }

    private func number(_ text: String) -> PhoneNumber { PhoneNumber(e164: text)! }

    @Test func aPrefixBudgetRefusesUntilItsHourEnds() async throws {
        let service = try service("+44 hour 2\n")
        var answers: [KeyedReceipt] = []
        for index in 0..<3 {
            answers.append(
                try await service.requestCode(for: number("+44770090010\(index)"), idempotencyKey: "k\(index)"))
        }
        #expect(answers.prefix(2).allSatisfy { if case .sent = $0 { true } else { false } })
        #expect(answers[2] == .overBudget(BudgetRefusal(kind: .country, prefix: "+44", secondsLeft: 3590)))
        clock.advance(by: .seconds(3590))
        let after = try await service.requestCode(for: number("+447700900103"), idempotencyKey: "k9")
        #expect(after != .overBudget(BudgetRefusal(kind: .country, prefix: "+44", secondsLeft: 3600)))
        if case .sent = after {} else { Issue.record("refused after the hour: \(after)") }
    }

    /// The app's window asks through the same rules as an HTTP request, with no key: a spent
    /// budget is too many requests, for as long as the budget's period has left.
    @Test func theWindowsRequestsSpendTheSameBudgets() async throws {
        let service = try service("number hour 2\n")
        let number = number("+447700900100")
        for _ in 0..<2 {
            _ = try await service.requestCode(for: number)
            clock.advance(by: .seconds(1))
        }
        await #expect(throws: CodeServiceError.rateLimited(retryAfter: 3588)) {
            try await service.requestCode(for: number)
        }
        let keyed = try await service.requestCode(for: number, idempotencyKey: "k")
        #expect(keyed == .overBudget(BudgetRefusal(kind: .number, prefix: "+44", secondsLeft: 3588)))
    }

    @Test func unlistedCallingCodesShareTheDefaultEachOnItsOwn() async throws {
        let service = try service("default day 1\n+1876 day 5\n")
        #expect(try await sent(service, "+12025550100", "a"))
        #expect(try await service.requestCode(for: number("+12025550101"), idempotencyKey: "b")
            == .overBudget(BudgetRefusal(kind: .country, prefix: "+1", secondsLeft: 86_390)))
        // Another calling code has its own default budget; a listed longer prefix its own.
        #expect(try await sent(service, "+4915112345678", "c"))
        #expect(try await sent(service, "+18765550100", "d"))
        #expect(try await sent(service, "+18765550101", "e"))
    }

    @Test func globalAndClientBudgetsCountAcrossNumbers() async throws {
        let service = try service("default day 100\nglobal day 3\nclient hour 2\n")
        #expect(try await sent(service, "+447700900100", "a", client: "10.0.0.1"))
        #expect(try await sent(service, "+447700900101", "b", client: "10.0.0.1"))
        #expect(
            try await service.requestCode(for: number("+447700900102"), idempotencyKey: "c", client: "10.0.0.1")
                == .overBudget(BudgetRefusal(kind: .client, prefix: "+44", secondsLeft: 3590)))
        #expect(try await sent(service, "+447700900103", "d", client: "10.0.0.2"))
        #expect(
            try await service.requestCode(for: number("+8613800138000"), idempotencyKey: "e", client: "10.0.0.3")
                == .overBudget(BudgetRefusal(kind: .global, prefix: "+86", secondsLeft: 86_390)))
    }

    @Test func aRequestInTheCooldownOrAReplaySpendsNothing() async throws {
        let service = try service("+86 hour 2\n")
        #expect(try await sent(service, PhoneNumber.sample.e164, "a"))
        if case .replayed = try await service.requestCode(for: .sample, idempotencyKey: "a") {} else {
            Issue.record("no replay")
        }
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 1)) {
            _ = try await service.requestCode(for: .sample, idempotencyKey: "b")
        }
        #expect(try await sent(service, "+8613900139000", "c"))
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
        #expect(BudgetPlan().pumpingGuard == PumpingGuard(threshold: 10))
        #expect(try BudgetPlan.parse("guard day 25\n").pumpingGuard == PumpingGuard(threshold: 25))
        let off = try BudgetPlan.parse("guard day 0\n").pumpingGuard
        #expect(off.windows(for: PhoneNumber(e164: "+8613800138000")!) == [])
        let refused: [(String, Int)] = [
            ("guard hour 10\n", 1), ("guard day 1\nguard day 2\n", 2), ("+86 hour\n", 1), ("\n+86 week 3\n", 2), ("+86 hour -1\n", 1), ("+86 hour 1.5\n", 1),
            ("+86 hour 100000001\n", 1), ("+86 hour 1\n+86 hour 2\n", 2), ("86 hour 1\n", 1), ("+086 hour 1\n", 1),
            ("+1234567 hour 1\n", 1), ("clients hour 1\n", 1), ("+86 hour 1 2\n", 1),
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
