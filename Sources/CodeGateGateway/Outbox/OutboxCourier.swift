import CodeGateBase
import CodeGateService

/// Delivers the store's outbox to an `SMSProvider`, at least once per message, with the same
/// message id at every attempt for the provider to deduplicate on.
///
/// A pass — at start, after each commit that queued a message (`kick`), after each attempt, and
/// when a timer it set fires — drops the messages whose code expired, then claims every due
/// message (up to `concurrency` at once) with a lease of `lease`, so another gateway on the
/// same store does not attempt it meanwhile, and attempts each. A failed attempt worth
/// retrying is postponed: the n-th retry comes between half and all of min(60 s, 2^(n−1) s)
/// after the n-th attempt ended (exponential backoff with jitter, so a provider back from an
/// outage does not meet every gateway's retries at once), or later when a 429's `Retry-After`
/// asks for more; a retry that would come after the code expired is not made: the message is
/// given up. After a pass one timer is armed for the first message due, and none when the
/// outbox is empty: an idle gateway never wakes.
@MainActor
package final class OutboxCourier {
    /// How long a claim keeps other gateways off a message: well beyond one attempt's limit, so
    /// a slow attempt is not made twice, short enough that a gateway killed mid-attempt does
    /// not hold the message up for long.
    package static let lease: Duration = .seconds(60)
    /// The first retry's ceiling; each later one doubles it, up to `longestRetry`.
    package static let firstRetry: Duration = .seconds(1)
    /// The most any backoff waits.
    package static let longestRetry: Duration = .seconds(60)
    /// How long a store that failed is left before the next pass; doubled after each further
    /// failure, up to `longestStoreRetry`, so a store that stays broken is not polled.
    package static let storeRetry: Duration = .seconds(5)
    /// The longest wait for a failed store.
    package static let longestStoreRetry: Duration = .seconds(600)
    /// The most attempts under way at once.
    package static let concurrency = 8

    /// Told of each delivery, retry and message given up.
    package let events = ObserverList<CourierEvent>()
    private let store: any CodeStore
    private let provider: any SMSProvider
    private let timers: any TimerPort
    private var random: any RandomNumberGenerator
    private let report: @MainActor (String) -> Void
    private var timer: (any ScheduledTimer)?
    private var inFlight = 0
    private var storeWait: Duration = .zero
    /// Whether a pass is under way, and whether another was asked for meanwhile.
    private var passing = false
    private var passAgain = false

    /// A courier from `store` to `provider`, timed by `timers`, its jitter from `random`;
    /// `report` is told when the store fails, and of each message not delivered.
    package init(
        store: any CodeStore, provider: any SMSProvider, timers: any TimerPort,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        report: @escaping @MainActor (String) -> Void
    ) {
        self.store = store
        self.provider = provider
        self.timers = timers
        self.random = random
        self.report = report
    }

    /// Stops: no timer left, no new attempt (those under way finish).
    package func stop() {
        timer?.cancel()
        timer = nil
        stopped = true
    }

    private var stopped = false

    /// A pass now — or, while one is under way, right after it: what is due is attempted, and
    /// the timer set for what is not.
    package func kick() {
        guard !stopped else { return }
        guard !passing else {
            passAgain = true
            return
        }
        passing = true
        Task.immediate {
            repeat {
                self.passAgain = false
                await self.pass()
            } while self.passAgain && !self.stopped
            self.passing = false
        }
    }

    private func pass() async {
        timer?.cancel()
        timer = nil
        do {
            let expired = try await store.dropExpiredMessages()
            if expired > 0 { events.notify(.gaveUp(reason: "expired", count: expired)) }
            while !stopped, inFlight < Self.concurrency, let message = try await store.claimMessage(lease: Self.lease) {
                attempt(message)
            }
            // At the limit, the next attempt to end makes the next pass.
            storeWait = .zero
            guard !stopped, inFlight < Self.concurrency, let due = try await store.nextMessageDue() else { return }
            arm(after: max(due, .milliseconds(100)))
        } catch {
            storeWait = min(Self.longestStoreRetry, max(Self.storeRetry, storeWait * 2))
            report("cannot read the outbox: \(error); trying again in \(storeWait.components.seconds) s")
            guard !stopped else { return }
            arm(after: storeWait)
        }
    }

    /// The wait before the retry that follows attempt `attempt` (from 1), `jitter` in [0, 1):
    /// half of min(`longestRetry`, `firstRetry` · 2^(attempt−1)), plus `jitter` of the other half.
    package static func backoff(afterAttempt attempt: Int, jitter: Double) -> Duration {
        let ceiling = attempt >= 8 ? longestRetry : min(longestRetry, firstRetry * (1 << (max(1, attempt) - 1)))
        return ceiling / 2 + (ceiling / 2) * jitter
    }

    private func arm(after delay: Duration) {
        timer = timers.schedule(at: timers.now + delay) { [weak self] in
            self?.timer = nil
            self?.kick()
        }
    }

    private func attempt(_ message: OutboxMessage) {
        inFlight += 1
        let claimed = timers.now
        Task.immediate {
            let outcome = await self.provider.deliver(message)
            self.inFlight -= 1
            await self.settle(message, outcome, left: message.validFor - claimed.duration(to: self.timers.now))
            self.kick()
        }
    }

    /// Records what an attempt came to: delivered and rejected messages leave the outbox, a
    /// retry is postponed unless it would come after the code expired.
    private func settle(_ message: OutboxMessage, _ outcome: DeliveryOutcome, left: Duration) async {
        do {
            switch outcome {
            case .delivered:
                try await store.finishMessage(message.id)
                events.notify(.delivered)
            case .rejected(let reason):
                report("the provider refused message \(message.id) (\(reason)); given up")
                try await store.finishMessage(message.id)
                events.notify(.gaveUp(reason: "rejected", count: 1))
            case .retry(let reason, let asked):
                let jitter = Double(random.next() >> 11) / Double(1 << 53)
                let backoff = Self.backoff(afterAttempt: message.attempts + 1, jitter: jitter)
                let delay = max(backoff, min(asked ?? .zero, GatewayRecord.longestRule))
                // Said on stderr as well as counted in /metrics: an operator reading the log of a
                // provider's outage sees each message's fate, not only the counters' totals —
                // once the store holds it, so that the line never tells of a fate not yet kept.
                if delay >= left {
                    try await store.finishMessage(message.id)
                    report(
                        "the provider did not take message \(message.id) (\(reason)); given up: its code expires first")
                    events.notify(.gaveUp(reason: "expired", count: 1))
                } else {
                    try await store.postponeMessage(message.id, by: delay)
                    report("the provider did not take message \(message.id) (\(reason)); trying again in \(delay)")
                    events.notify(.retried(reason: reason))
                }
            }
        } catch {
            // The lease runs out, and the message is attempted again then: at least once.
            report("cannot record the delivery of message \(message.id): \(error)")
        }
    }
}
