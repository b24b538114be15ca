import CodeGateCore
/// The embedded SMS gateway `make run` uses with no set-up: it issues 6-digit codes, "delivers"
/// them as text messages to `outbox`, and enforces the rules a real provider does — cooldown,
/// expiry, single use, and a limit on wrong guesses — even when the UI is bypassed.
///
/// Codes come from the system's secure random source unless a generator is injected, are kept
/// only as salted digests (`IssuedCode`), compared in constant time, and never logged. With a
/// `GatewayStore` it keeps its cooldowns, codes and attempt counters across restarts, as a real
/// provider's server does.
@MainActor
public final class LocalCodeService: CodeService {
    /// The rules codes are issued under.
    public struct Policy: Equatable, Sendable {
        /// Time between two requests for the same number.
        public var cooldown: Duration = .seconds(60)
        /// How long a code stays valid.
        public var codeLifetime: Duration = .seconds(300)
        /// Wrong guesses allowed before the code is locked.
        public var maxAttempts = 5

        /// The defaults: 60 s cooldown, codes valid for 5 minutes, 5 guesses.
        public init() {}
    }

    /// What the gateway knows about one number.
    private struct Record {
        /// When a code was last requested for it, which is also when that code was issued.
        var requestedAt: ContinuousClock.Instant
        /// Its outstanding code; nil once used.
        var code: IssuedCode?
    }

    /// Told of each message the gateway delivers, in order: what the phone would receive.
    public let outbox = ObserverList<SMSMessage>()
    private let timers: any TimerPort
    private let policy: Policy
    private let simulation: GatewaySimulation
    private var random: any RandomNumberGenerator
    private let store: GatewayStore?
    private var records: [PhoneNumber: Record] = [:]

    /// Creates the gateway, resuming what `store` kept, if given.
    public init(
        timers: any TimerPort,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        policy: Policy = Policy(),
        simulation: GatewaySimulation = GatewaySimulation(),
        store: GatewayStore? = nil
    ) {
        self.timers = timers
        self.random = random
        self.policy = policy
        self.simulation = simulation
        self.store = store
        let now = timers.now
        for entry in store?.load() ?? [] {
            // A record from a file may claim more attempts than this policy allows.
            let code = entry.code.map { code in
                IssuedCode(salt: code.salt, digest: code.digest, attemptsLeft: min(code.attemptsLeft, policy.maxAttempts))
            }
            records[entry.number] = Record(requestedAt: now - entry.age, code: code)
        }
        dropExpired()
    }

    public func requestCode(for number: PhoneNumber) async throws(CodeServiceError) -> CodeReceipt {
        try await crossNetwork()
        switch simulation.failure {
        case .network: throw .network
        case .rateLimited: throw .rateLimited
        case .timeout:
            // A gateway that never answers: wait until the caller gives up.
            try? await timers.sleep(for: .seconds(365 * 86_400))
            throw .timeout
        case nil: break
        }
        let now = timers.now
        if let last = records[number]?.requestedAt, last.duration(to: now) < policy.cooldown {
            throw .cooldown(secondsLeft: (policy.cooldown - last.duration(to: now)).secondsRoundedUp)
        }
        let code = VerificationCode.generate(using: &random)
        records[number] = Record(requestedAt: now, code: IssuedCode(code: code, attemptsLeft: policy.maxAttempts, random: &random))
        save()
        outbox.notify(SMSMessage(recipient: number, text: SMSMessage.codeText(code, validFor: policy.codeLifetime)))
        return CodeReceipt(cooldown: policy.cooldown, validFor: policy.codeLifetime)
    }

    public func verify(_ code: String, for number: PhoneNumber) async throws(CodeServiceError) -> VerificationResult {
        try await crossNetwork()
        guard let record = records[number], var issued = record.code else { return .noCodeRequested }
        guard issued.attemptsLeft > 0 else { return .locked }
        guard record.requestedAt.duration(to: timers.now) < policy.codeLifetime else { return .expired }
        defer { save() }
        if issued.matches(code) {
            records[number]?.code = nil
            return .verified
        }
        issued.attemptsLeft -= 1
        records[number]?.code = issued
        return issued.attemptsLeft == 0 ? .locked : .wrongCode(attemptsLeft: issued.attemptsLeft)
    }

    /// Forgets what no rule needs any more: a number whose cooldown is over and whose code is
    /// used or expired. Keeps memory and the state file bounded by the live numbers.
    private func dropExpired() {
        let now = timers.now
        records = records.filter { _, record in
            let age = record.requestedAt.duration(to: now)
            return age < policy.cooldown || (record.code != nil && age < policy.codeLifetime)
        }
    }

    /// Drops what expired, then writes the live records to the store, if there is one.
    private func save() {
        dropExpired()
        guard let store else { return }
        let now = timers.now
        store.save(records.map { number, record in
            GatewayStore.Entry(number: number, age: record.requestedAt.duration(to: now), code: record.code)
        })
    }

    private func crossNetwork() async throws(CodeServiceError) {
        guard simulation.latency > .zero else { return }
        do {
            try await timers.sleep(for: simulation.latency)
        } catch {
            throw .timeout
        }
    }
}
