/// The embedded SMS gateway `make run` uses with no set-up: it issues 6-digit codes, "delivers"
/// them as text messages to `outbox`, and enforces the rules a real provider does — cooldown,
/// expiry, single use, and a limit on wrong guesses — even when the UI is bypassed.
///
/// Codes come from the system's secure random source unless a generator is injected, are
/// compared in constant time, and are never logged.
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

    private struct IssuedCode {
        let code: String
        let issuedAt: ContinuousClock.Instant
        var attemptsLeft: Int
    }

    /// Told of each message the gateway delivers, in order: what the phone would receive.
    public let outbox = ObserverList<SMSMessage>()
    private let timers: any TimerPort
    private let policy: Policy
    private let simulation: GatewaySimulation
    private var random: any RandomNumberGenerator
    private var issued: [PhoneNumber: IssuedCode] = [:]
    private var lastRequest: [PhoneNumber: ContinuousClock.Instant] = [:]

    /// Creates the gateway.
    public init(
        timers: any TimerPort,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        policy: Policy = Policy(),
        simulation: GatewaySimulation = GatewaySimulation()
    ) {
        self.timers = timers
        self.random = random
        self.policy = policy
        self.simulation = simulation
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
        if let last = lastRequest[number], last.duration(to: now) < policy.cooldown {
            throw .cooldown(secondsLeft: (policy.cooldown - last.duration(to: now)).secondsRoundedUp)
        }
        let code = VerificationCode.generate(using: &random)
        issued[number] = IssuedCode(code: code, issuedAt: now, attemptsLeft: policy.maxAttempts)
        lastRequest[number] = now
        outbox.notify(SMSMessage(recipient: number, text: SMSMessage.codeText(code, validFor: policy.codeLifetime)))
        return CodeReceipt(cooldown: policy.cooldown, validFor: policy.codeLifetime)
    }

    public func verify(_ code: String, for number: PhoneNumber) async throws(CodeServiceError) -> VerificationResult {
        try await crossNetwork()
        guard var entry = issued[number] else { return .noCodeRequested }
        guard entry.attemptsLeft > 0 else { return .locked }
        guard entry.issuedAt.duration(to: timers.now) < policy.codeLifetime else { return .expired }
        if VerificationCode.matches(code, entry.code) {
            issued[number] = nil
            return .verified
        }
        entry.attemptsLeft -= 1
        issued[number] = entry
        return entry.attemptsLeft == 0 ? .locked : .wrongCode(attemptsLeft: entry.attemptsLeft)
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
