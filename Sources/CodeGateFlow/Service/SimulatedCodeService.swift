import CodeGateBase
import CodeGateService

/// A code service that misbehaves on purpose (`GatewaySimulation`), around the one that really
/// answers: the unhappy paths tried in the real app (`--gateway-latency`, `--gateway-fail`),
/// while the gateway itself stays as it runs for real.
@MainActor
public final class SimulatedCodeService: CodeService {
    private let service: any CodeService
    private let simulation: GatewaySimulation
    private let timers: any TimerPort

    /// `service`, reached through `simulation`'s latency and failure, waited for on `timers`.
    public init(_ service: any CodeService, simulation: GatewaySimulation, timers: any TimerPort) {
        self.service = service
        self.simulation = simulation
        self.timers = timers
    }

    public func requestCode(for number: PhoneNumber) async throws(CodeServiceError) -> CodeReceipt {
        try await crossNetwork()
        switch simulation.failure {
        case .network: throw .network
        // A minute, as a provider's limit per client would be: the message says how long.
        case .rateLimited: throw .rateLimited(retryAfter: 60)
        case .timeout:
            // A gateway that never answers: wait until the caller gives up.
            try? await timers.sleep(for: .seconds(365 * 86_400))
            throw .timeout
        case nil: return try await service.requestCode(for: number)
        }
    }

    public func verify(_ code: String, for number: PhoneNumber, verificationID: String) async throws(CodeServiceError)
        -> VerificationResult
    {
        try await crossNetwork()
        return try await service.verify(code, for: number, verificationID: verificationID)
    }

    public func prepareRequest() {
        service.prepareRequest()
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
