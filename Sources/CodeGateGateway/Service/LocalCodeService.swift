import CodeGateBase
import CodeGateService
/// The embedded SMS gateway `make run` uses with no set-up: it issues 6-digit codes, "delivers"
/// them as text messages to `outbox`, and enforces the rules a real provider does — cooldown,
/// expiry, single use, and a limit on wrong guesses — even when the UI is bypassed.
///
/// Codes come from the system's secure random source unless a generator is injected, are kept
/// only as salted digests (`IssuedCode`), compared in constant time, and never logged. Its
/// store (a `CodeStore`: `GatewayStore`, SQLite in the state folder) keeps cooldowns, codes and
/// attempt counters across restarts and shares them with every other CodeGate on the same
/// state, as a real provider's server does; when that state cannot be kept, it refuses rather
/// than send a code it could not remember.
///
/// With `challenges`, a code goes only to a request that solved a fresh challenge of its own
/// (`ChallengeGate`), spent in the store; the app's window, through `requestCode(for:)`,
/// solves them as any client does (`ChallengeProver`), so its requests take the same path.
@MainActor
public final class LocalCodeService: CodeService {
    /// Told of each message the gateway delivers, in order: what the phone would receive.
    /// With `usesOutbox`, nothing is told here: the messages go into the store's outbox.
    public let outbox = ObserverList<SMSMessage>()
    /// Told after each transaction that wrote a message to the store's outbox committed: the
    /// courier's cue to deliver it.
    public let enqueued = ObserverList<Void>()
    /// Told of each prefix of numbers the guard suspends or throttles (`PumpingGuard`), after
    /// the transaction that started it committed: once, by the gateway whose code (or refusal)
    /// started it, whichever gateways share the store.
    public let suspensions = ObserverList<PrefixSuspension>()
    /// Whether messages go into the store's outbox (for a provider) rather than to `outbox`'s
    /// observers at once (the simulated phone).
    public let usesOutbox: Bool
    private let budgets: BudgetPlan?
    /// The challenges a request for a code must solve; nil when none is asked for.
    private let challenges: ChallengeGate?
    /// The window's own challenges, solved ahead, when there are challenges and timers.
    private var prover: ChallengeProver?
    private let policy: CodePolicy
    private var random: any RandomNumberGenerator
    private let store: any CodeStore
    /// How hard the challenges are now.
    private var load = ChallengeLoad()

    /// Creates the gateway over what `store` keeps; without one, over a store in memory whose
    /// clocks are `timers`'.
    public convenience init(
        timers: any TimerPort,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        policy: CodePolicy = CodePolicy(),
        store: GatewayStore? = nil,
        budgets: BudgetPlan? = nil,
        usesOutbox: Bool = false,
        challenges: ChallengeGate? = nil
    ) {
        let origin = timers.now
        self.init(
            timers: timers, random: random, policy: policy,
            codeStore: store ?? GatewayStore(inMemoryWith: {
                let elapsed = origin.duration(to: timers.now)
                return SystemMoment(bootID: "memory", boot: .seconds(1) + elapsed, wall: .seconds(1) + elapsed)
            }), budgets: budgets, usesOutbox: usesOutbox, challenges: challenges)
    }

    /// Creates the gateway over any store: a database server's (`codegate-gateway --database`).
    /// With `timers`, its own `requestCode(for:)` solves its challenges, timed on them.
    package init(
        timers: (any TimerPort)? = nil, random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        policy: CodePolicy = CodePolicy(), codeStore: any CodeStore,
        budgets: BudgetPlan? = nil, usesOutbox: Bool = false, challenges: ChallengeGate? = nil
    ) {
        self.budgets = budgets
        self.challenges = challenges
        self.usesOutbox = usesOutbox
        self.random = random
        self.policy = policy
        store = codeStore
        if let timers, challenges != nil {
            prover = ChallengeProver(timers: timers) { [weak self] () async throws(CodeServiceError) in
                guard let self else { throw .network }
                return try challenge()
            }
        }
    }

    /// A code for `number`, as the app's window asks for one: through the same rules as a
    /// request over HTTP (`requestCode(for:idempotencyKey:client:proof:wording:)`), with no
    /// key and no client, and a challenge solved as a client solves it; a spent budget is, to
    /// the person at the window, too many requests.
    public func requestCode(for number: PhoneNumber) async throws(CodeServiceError) -> CodeReceipt {
        let ask = { (proof: ChallengeProof?) async throws(CodeServiceError) -> KeyedReceipt in
            try await self.requestCode(for: number, idempotencyKey: nil, proof: proof)
        }
        let outcome: KeyedReceipt
        if let prover {
            outcome = try await prover.withProof(ask)
        } else {
            outcome = try await ask(nil)
        }
        switch outcome {
        case .sent(let receipt), .replayed(let receipt): return receipt
        case .overBudget(let refusal): throw .rateLimited(retryAfter: refusal.secondsLeft)
        // Only a key answered for another number is refused so, and there is no key here.
        case .keyMismatch: throw .badAnswer
        }
    }

    public func prepareRequest() {
        prover?.prepare()
    }

    /// A fresh challenge for a request for a code to solve, its work risen with the rate they
    /// are asked for (`ChallengeLoad`); nil when none is asked for.
    public func challenge() throws(CodeServiceError) -> IssuedChallenge? {
        guard let challenges else { return nil }
        let key = try codeKey()
        let now = store.moment().wall
        return challenges.issue(
            key: key, now: now, purpose: ChallengePurpose.sendCode, factor: load.issue(at: now), using: &random)
    }

    /// A code for `number`, its text message worded by `wording` (in the request's language).
    /// With challenges, `proof` must solve a fresh one, which the request spends — before any
    /// rule on the number is asked, so a refused challenge spends nothing else; a retry under
    /// the same key may bring the challenge its first try spent.
    /// Under an idempotency key, a key answered before — by this gateway or any other on the
    /// same state, before or after a restart — gets its answer again, with what is left of its
    /// times, and sends no SMS; a key answered for another number is refused. Only a request
    /// that sent a code leaves its key behind: a refused one is decided afresh.
    /// With budgets, a code is issued only when every budget it would spend from — its own,
    /// its prefix's, all numbers', and `client`'s — has a message for it (`Bucket`), and spends
    /// one of each; and when the guard (`PumpingGuard`) holds none of the number's prefixes. A
    /// returning number (`NumberTrust`) passes the guard and may spend the part of a shared
    /// budget kept back from new numbers. The challenge is spent only by a request that sends a
    /// code.
    public func requestCode(
        for number: PhoneNumber, idempotencyKey key: String?, client: String? = nil, proof: ChallengeProof? = nil,
        wording: SMSWording = { $0() }
    ) async throws(CodeServiceError) -> KeyedReceipt {
        let secret = try codeKey()
        let challenge = try challenges.flatMap { gate throws(CodeServiceError) in
            try spending(proof, under: gate, key: secret, idempotencyKey: key)
        }
        let buckets = budgets?.buckets(for: number, client: client) ?? []
        let watch = budgets?.pumpingGuard ?? .off
        let trust = budgets?.trust ?? .off
        let meters = buckets.map(\.bucket.name) + watch.meters(for: number) + trust.meters(for: number)
        var told: [PrefixSuspension] = []
        let decided = try await storing(number, replyKey: key, meters: meters, challenge: challenge) {
            record, reply, sending -> KeyedDecision in
            // Asked again when another request spent the challenge: nothing of the first answer holds.
            told = []
            if sending.challengeSpentElsewhere { return .challengeReplayed }
            if let reply {
                return reply.number == number ? .replay(reply.receiptLeft(key: secret)) : .mismatch
            }
            // Texted within the hour (its record kept): asking again, not a number newly texted.
            let again = record != nil
            if record.map({ $0.age < $0.cooldown }) != true {
                let returning = trust.isReturning(number, in: sending)
                if !returning, let held = watch.refusal(of: number, again: again, in: &sending) {
                    told = held.told.map { [$0] } ?? []
                    let prefix = budgets?.prefix(of: number) ?? ""
                    return .overBudget(BudgetRefusal(kind: held.kind, prefix: prefix, secondsLeft: held.secondsLeft))
                }
                if let refusal = spent(buckets, sending, for: number, returning: returning) {
                    return .overBudget(refusal)
                }
            }
            guard let issue = issue(&record, key: secret) else { return .issued(nil) }
            for (bucket, _) in buckets { bucket.take(in: &sending) }
            told = watch.countSent(to: number, again: again, in: &sending)
            sending.spendsChallenge = true
            queue(issue.code, to: number, in: &sending, wording: wording)
            reply = GatewayReply(
                number: number, age: .zero, cooldown: policy.cooldown, lifetime: policy.codeLifetime,
                codeSalt: issue.salt)
            return .issued(issue)
        }
        for suspension in told { suspensions.notify(suspension) }
        switch decided.answer {
        case .replay(let receipt): return .replayed(receipt)
        case .mismatch: return .keyMismatch
        case .overBudget(let refusal): return .overBudget(refusal)
        case .challengeReplayed: throw .challengeRefused(.replayed)
        case .issued(let issue):
            return .sent(
                try deliver(issue, to: number, key: secret, secondsLeft: decided.secondsLeft, wording: wording))
        }
    }

    /// A code just issued: its digits, for the message, and its salt, which its verification
    /// id is made from.
    private typealias Issue = (code: String, salt: [UInt8])

    private enum KeyedDecision {
        case issued(Issue?)
        case replay(CodeReceipt)
        case mismatch
        case overBudget(BudgetRefusal)
        case challengeReplayed
    }

    /// The refusal when a bucket of `buckets` has no message for `number` now — a new number
    /// finds a shared one's reserve kept back — naming the one that waits longest, since
    /// nothing goes before it does.
    private func spent(
        _ buckets: [(bucket: Bucket, scope: BudgetScope)], _ sending: Sending, for number: PhoneNumber,
        returning: Bool
    ) -> BudgetRefusal? {
        let waits = buckets.compactMap { bucket, scope in
            bucket.wait(in: sending, keeping: returning || !scope.isShared ? 0 : bucket.reserve).map { (scope, $0) }
        }
        guard let (scope, wait) = waits.max(by: { $0.1 < $1.1 }) else { return nil }
        let kind: BudgetRefusal.Kind =
            switch scope {
            case .number: .number
            case .prefix: .country
            case .global: .global
            case .client: .client
            }
        return BudgetRefusal(kind: kind, prefix: budgets?.prefix(of: number) ?? "", secondsLeft: wait.secondsRoundedUp)
    }

    /// Puts the message carrying `code` in the outbox, when the gateway uses one.
    private func queue(_ code: String, to number: PhoneNumber, in sending: inout Sending, wording: SMSWording) {
        guard usesOutbox else { return }
        let text = wording { SMSMessage.codeText(code, validFor: self.policy.codeLifetime) }
        sending.message = (
            OutboxMessage.newID(using: &random), SMSMessage(recipient: number, text: text), policy.codeLifetime
        )
    }

    /// A fresh code in `record`, unless its cooldown runs: another window may have sent one
    /// since this one's cooldown ended, and its rules hold.
    private func issue(_ record: inout GatewayRecord?, key: [UInt8]) -> Issue? {
        if let record, record.age < record.cooldown { return nil }
        let code = VerificationCode.generate(using: &random)
        let issued = IssuedCode(code: code, key: key, attemptsLeft: policy.maxAttempts, random: &random)
        record = GatewayRecord(age: .zero, cooldown: policy.cooldown, lifetime: policy.codeLifetime, code: issued)
        return (code, issued.salt)
    }

    /// What the request under `idempotencyKey` spends of `proof`, when `gate` lets it; else
    /// throws why not. The store spends it in the request's own transaction.
    private func spending(
        _ proof: ChallengeProof?, under gate: ChallengeGate, key: [UInt8], idempotencyKey: String?
    ) throws(CodeServiceError) -> ChallengeSpend? {
        if let refusal = gate.refusal(of: proof, key: key, now: store.moment().wall) {
            throw .challengeRefused(refusal)
        }
        return proof.map { ChallengeSpend(salt: $0.challenge.salt, expires: $0.challenge.expires, key: idempotencyKey) }
    }

    /// The store's key for code digests; a store that cannot have one refuses the call.
    private func codeKey() throws(CodeServiceError) -> [UInt8] {
        do {
            return try store.codeKey()
        } catch {
            throw .stateUnavailable(error)
        }
    }

    /// Sends the code issued to `number` and says so, with its verification id under `key`;
    /// no code means the cooldown refused it.
    private func deliver(
        _ issue: Issue?, to number: PhoneNumber, key: [UInt8], secondsLeft: Int, wording: SMSWording
    ) throws(CodeServiceError) -> CodeReceipt
    {
        guard let issue else { throw .cooldown(secondsLeft: secondsLeft) }
        if usesOutbox {
            enqueued.notify()
        } else {
            let text = wording { SMSMessage.codeText(issue.code, validFor: self.policy.codeLifetime) }
            outbox.notify(SMSMessage(recipient: number, text: text))
        }
        return CodeReceipt(
            cooldown: policy.cooldown, validFor: policy.codeLifetime,
            verificationID: IssuedCode.verificationID(salt: issue.salt, key: key))
    }

    /// Counts a request from `client` against `limit` requests a minute (0: none), in the
    /// store, so every gateway on it shares each client's allowance: nil when it is admitted,
    /// else the whole seconds until it would be (`GatewayStore.admit`).
    public func admit(_ client: String, limit: Int) async throws(CodeServiceError) -> Int? {
        do {
            return try await store.admit(client, limit: limit)
        } catch {
            throw .stateUnavailable(error)
        }
    }

    /// Whether the store can be read and written now, and has its key.
    public func isStateUsable() async -> Bool {
        (try? await store.check()) != nil && (try? store.codeKey()) != nil
    }

    /// What a health check asks: nil when a request for a new number would be served now;
    /// otherwise why not — the store cannot be used (`.other` when its key is missing), or it
    /// refuses every new number (`.crowded`, `.recovering`).
    public func healthProblem() async -> StateProblem? {
        do throws(StateProblem) {
            try await store.check()
            _ = try store.codeKey()
            return try await store.refusalOfNewNumbers()
        } catch {
            return error
        }
    }

    /// Checks `code` for `number`. Only a check under the code's own verification id is one:
    /// any other is told `.noCodeRequested`, as a number without a code is, and counts no
    /// guess, so a stranger who knows the number can neither lock its code nor learn of it.
    public func verify(_ code: String, for number: PhoneNumber, verificationID: String) async throws(CodeServiceError)
        -> VerificationResult
    {
        let key = try codeKey()
        let result = try await storing(number) { record -> VerificationResult in
            // The id is checked even when there is no code, so the time taken tells nothing.
            let isBound = (record?.code ?? .placeholder).isBound(to: verificationID, key: key)
            guard let current = record, var issued = current.code, isBound else { return .noCodeRequested }
            guard issued.attemptsLeft > 0 else { return .locked }
            // The lifetime the code was issued with, whatever this start's options say.
            guard current.age < current.lifetime else { return .expired }
            if issued.matches(code, key: key) {
                record?.code = nil
                return .verified
            }
            issued.attemptsLeft -= 1
            record?.code = issued
            return issued.attemptsLeft == 0 ? .locked : .wrongCode(attemptsLeft: issued.attemptsLeft)
        }.answer
        // A verified code counts for its prefixes in the guard and towards its number's trust:
        // in a transaction of its own, so that the far more frequent checks that fail read no
        // meter. Lost with a crash between the two, it is one conversion fewer, no more.
        let watch = budgets?.pumpingGuard ?? .off
        let trust = budgets?.trust ?? .off
        let meters = watch.verifiedMeters(for: number) + trust.meters(for: number)
        if result == .verified, !meters.isEmpty {
            _ = try? await storing(number, replyKey: nil, meters: meters) { _, _, sending in
                watch.countVerified(for: number, in: &sending)
                trust.countVerified(for: number, in: &sending)
            }
        }
        return result
    }

    /// `decide` on `number`'s record (and the reply under `replyKey`, if any) in one
    /// transaction of the store, with the cooldown left on the record it saw; a state that
    /// cannot be kept refuses the call.
    private func storing<Answer>(
        _ number: PhoneNumber, replyKey: String?, meters: [String], challenge: ChallengeSpend? = nil,
        _ decide: (inout GatewayRecord?, inout GatewayReply?, inout Sending) -> Answer
    ) async throws(CodeServiceError) -> (answer: Answer, secondsLeft: Int) {
        do {
            return try await store.update(number, replyKey: replyKey, meters: meters, challenge: challenge) {
                record, reply, sending in
                let secondsLeft = record.map { ($0.cooldown - $0.age).secondsRoundedUp } ?? 0
                return (decide(&record, &reply, &sending), secondsLeft)
            }
        } catch {
            throw .stateUnavailable(error)
        }
    }

    private func storing<Answer>(
        _ number: PhoneNumber, _ decide: (inout GatewayRecord?) -> Answer
    ) async throws(CodeServiceError) -> (answer: Answer, secondsLeft: Int) {
        try await storing(number, replyKey: nil, meters: []) { record, _, _ in decide(&record) }
    }
}

/// What a request under an idempotency key came to (`LocalCodeService.requestCode(for:idempotencyKey:)`).
public enum KeyedReceipt: Equatable, Sendable {
    /// A fresh code was sent.
    case sent(CodeReceipt)
    /// The key was answered before, for the same number: that answer again, with what is
    /// left of its times; no SMS was sent.
    case replayed(CodeReceipt)
    /// The key was answered before, for another number.
    case keyMismatch
    /// A budget against pumping has no message left in its period; no SMS was sent.
    case overBudget(BudgetRefusal)
}
