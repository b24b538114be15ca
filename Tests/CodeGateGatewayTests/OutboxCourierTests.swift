import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// A provider that answers as scripted, or holds its answer until told: each attempt recorded
/// with the manual clock's instant.
@MainActor
final class ScriptedProvider: SMSProvider {
    var outcomes: [DeliveryOutcome] = []
    var holds = false
    private(set) var attempts: [(id: String, at: Duration)] = []
    private var held: [CheckedContinuation<Void, Never>] = []
    private let clock: ManualTimerPort
    private let origin: ContinuousClock.Instant

    init(clock: ManualTimerPort) {
        self.clock = clock
        origin = clock.now
    }

    func deliver(_ message: OutboxMessage) async -> DeliveryOutcome {
        attempts.append((message.id, origin.duration(to: clock.now)))
        if holds { await withCheckedContinuation { held.append($0) } }
        return outcomes.isEmpty ? .delivered : outcomes.removeFirst()
    }

    /// Lets every held attempt answer.
    func release() {
        let waiting = held
        held = []
        for continuation in waiting { continuation.resume() }
    }
}

/// Jitter 0: each backoff is exactly half its ceiling.
struct NoJitter: RandomNumberGenerator {
    mutating func next() -> UInt64 { 0 }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct OutboxCourierTests {
    let clock = ManualTimerPort()
    let store: GatewayStore
    var events: [CourierEvent] = []

    init() {
        let clock = clock
        let origin = clock.now
        store = GatewayStore(inMemoryWith: {
            let elapsed = origin.duration(to: clock.now)
            return SystemMoment(bootID: "memory", boot: .seconds(1) + elapsed, wall: .seconds(1_000_000) + elapsed)
        })
    }

    private func service(lifetime: Duration = .seconds(300)) -> LocalCodeService {
        var policy = CodePolicy()
        policy.codeLifetime = lifetime
        return LocalCodeService(
            timers: clock, random: SeededRandom(seed: 7), policy: policy, store: store, usesOutbox: true)
    }

    /// Lets the attempts under way (tasks on the main actor) run.
    private func settle() async {
        for _ in 0..<100 { await Task.yield() }
    }

    /// Moves the clock `duration` forward, timer by timer, letting each pass's attempts run at
    /// the instant they were started.
    private func run(for duration: Duration) async {
        let end = clock.now + duration
        await settle()
        while let next = clock.nextDeadline, next <= end {
            clock.advance(by: clock.now.duration(to: next))
            await settle()
        }
        clock.advance(by: clock.now.duration(to: end))
    }

    private func courier(_ provider: ScriptedProvider, log: EventLog) -> OutboxCourier {
        let courier = OutboxCourier(
            store: store, provider: provider, timers: clock, random: NoJitter(),
            report: { [weak log] in log?.report($0) })
        log.watch(courier)
        return courier
    }

    @Test func backoffDoublesUpToAMinuteWithJitterInItsUpperHalf() {
        let delays = (1...8).map { OutboxCourier.backoff(afterAttempt: $0, jitter: 0) }
        #expect(
            delays == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30),
                .seconds(30),
            ])
        #expect(OutboxCourier.backoff(afterAttempt: 1, jitter: 0.5) == .milliseconds(750))
        #expect(OutboxCourier.backoff(afterAttempt: 40, jitter: 0.5) == .seconds(45))
    }

    @Test func aMessageGoesOnlyAfterItsTransactionAndOnceDeliveredNothingIsScheduled() async throws {
        let service = service()
        let provider = ScriptedProvider(clock: clock)
        let log = EventLog()
        let courier = courier(provider, log: log)
        let watch = service.enqueued.observe { courier.kick() }
        let silent = MessageLog(service.outbox)
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        await settle()
        #expect(provider.attempts.count == 1)
        #expect(log.events == [.delivered])
        #expect(try await store.pendingMessages() == 0)
        #expect(silent.messages.isEmpty)
        // Idle: no timer at all.
        #expect(clock.pendingCount == 0)
        withExtendedLifetime(watch) {}
    }

    @Test func failuresAreRetriedWithDoublingBackoffThenDelivered() async throws {
        let service = service()
        let provider = ScriptedProvider(clock: clock)
        provider.outcomes = Array(repeating: .retry(reason: "status_5xx", after: nil), count: 4)
        let log = EventLog()
        let courier = courier(provider, log: log)
        let watch = service.enqueued.observe { courier.kick() }
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        await run(for: .seconds(30))
        // Attempts at 0, then 0.5, 1, 2 and 4 s after each failure.
        #expect(
            provider.attempts.map(\.at) == [
                .zero, .milliseconds(500), .milliseconds(1500), .milliseconds(3500), .milliseconds(7500),
            ])
        #expect(Set(provider.attempts.map(\.id)).count == 1)
        #expect(log.events == Array(repeating: .retried(reason: "status_5xx"), count: 4) + [.delivered])
        let id = provider.attempts[0].id
        #expect(
            log.reports == ["0.5 seconds", "1.0 seconds", "2.0 seconds", "4.0 seconds"].map {
                "the provider did not take message \(id) (status_5xx); trying again in \($0)"
            })
        #expect(clock.pendingCount == 0)
        withExtendedLifetime(watch) {}
    }

    @Test func retryAfterIsHonouredWhenLongerThanTheBackoff() async throws {
        let service = service()
        let provider = ScriptedProvider(clock: clock)
        provider.outcomes = [.retry(reason: "status_429", after: .seconds(10))]
        let log = EventLog()
        let courier = courier(provider, log: log)
        let watch = service.enqueued.observe { courier.kick() }
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        await settle()
        #expect(clock.nextDeadline == clock.now + .seconds(10))
        await run(for: .seconds(10))
        #expect(provider.attempts.map(\.at) == [.zero, .seconds(10)])
        withExtendedLifetime(watch) {}
    }

    @Test func aMessageIsGivenUpRatherThanRetriedPastItsCodesExpiry() async throws {
        let service = service(lifetime: .seconds(5))
        let provider = ScriptedProvider(clock: clock)
        provider.outcomes = Array(repeating: .retry(reason: "timeout", after: nil), count: 10)
        let log = EventLog()
        let courier = courier(provider, log: log)
        let watch = service.enqueued.observe { courier.kick() }
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        await run(for: .seconds(60))
        // 0, 0.5, 1.5, 3.5: the next would come at 7.5 s, after the code expired at 5 s.
        #expect(provider.attempts.map(\.at) == [.zero, .milliseconds(500), .milliseconds(1500), .milliseconds(3500)])
        #expect(
            log.events == Array(repeating: .retried(reason: "timeout"), count: 3) + [
                .gaveUp(reason: "expired", count: 1)
            ])
        #expect(
            log.reports.last
                == "the provider did not take message \(provider.attempts[0].id) (timeout); given up: its code expires first")
        #expect(try await store.pendingMessages() == 0)
        #expect(clock.pendingCount == 0)
        withExtendedLifetime(watch) {}
    }

    @Test func aRefusedMessageIsGivenUpAtOnce() async throws {
        let service = service()
        let provider = ScriptedProvider(clock: clock)
        provider.outcomes = [.rejected(reason: "status_400")]
        let log = EventLog()
        let courier = courier(provider, log: log)
        let watch = service.enqueued.observe { courier.kick() }
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        await settle()
        #expect(log.events == [.gaveUp(reason: "rejected", count: 1)])
        #expect(try await store.pendingMessages() == 0)
        withExtendedLifetime(watch) {}
    }

    @Test func aLeasedMessageIsLeftToItsHolderUntilTheLeaseRunsOut() async throws {
        let service = service()
        let first = ScriptedProvider(clock: clock)
        first.holds = true
        let second = ScriptedProvider(clock: clock)
        let firstLog = EventLog()
        let secondLog = EventLog()
        let holder = courier(first, log: firstLog)
        let other = courier(second, log: secondLog)
        let watch = service.enqueued.observe { holder.kick() }
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        await settle()
        #expect(first.attempts.count == 1)
        // The other gateway finds the message claimed: its timer is for the lease's end.
        other.kick()
        #expect(second.attempts.isEmpty)
        #expect(clock.nextDeadline == clock.now + OutboxCourier.lease)
        await run(for: OutboxCourier.lease - .milliseconds(1))
        #expect(second.attempts.isEmpty)
        // The holder was killed mid-attempt, say: once its lease is over, the other delivers.
        holder.stop()
        await run(for: .milliseconds(1))
        #expect(second.attempts.map(\.at) == [OutboxCourier.lease])
        #expect(secondLog.events == [.delivered])
        first.release()
        await clock.yield { firstLog.events.count == 1 }
        // The first attempt answered after all: the provider saw the id twice, and deduplicates.
        #expect(first.attempts.map(\.id) == second.attempts.map(\.id))
        withExtendedLifetime(watch) {}
    }

    @Test func messagesLeftByAStoppedGatewayGoWhenTheNextStarts() async throws {
        let service = service()
        // No courier: the gateway stopped between the commit and the delivery.
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        #expect(try await store.pendingMessages() == 1)
        let provider = ScriptedProvider(clock: clock)
        let log = EventLog()
        let courier = courier(provider, log: log)
        courier.kick()
        await settle()
        #expect(provider.attempts.count == 1)
        #expect(log.events == [.delivered])
    }

    @Test func withoutTheOutboxTheMessageGoesToThePhoneAsBefore() async throws {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 7), store: store)
        let phone = MessageLog(service.outbox)
        _ = try await service.requestCode(for: .sample, idempotencyKey: "k1")
        #expect(phone.messages.count == 1)
        #expect(try await store.pendingMessages() == 0)
    }
}

/// The events a courier told, in order.
@MainActor
final class EventLog {
    private(set) var events: [CourierEvent] = []
    /// The lines the courier printed on stderr.
    private(set) var reports: [String] = []

    func report(_ line: String) { reports.append(line) }
    private var watches: [Observation] = []

    func watch(_ courier: OutboxCourier) {
        watches.append(courier.events.observe { [weak self] in self?.events.append($0) })
    }
}
