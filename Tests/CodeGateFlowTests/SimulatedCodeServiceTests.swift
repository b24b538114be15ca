import CodeGateBase
import CodeGateFlow
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// The embedded gateway reached through `--gateway-latency` and `--gateway-fail`: late, failing
/// or never answering, on a fake clock.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SimulatedCodeServiceTests {
    let clock = ManualTimerPort()
    let number = PhoneNumber.sample

    private func service(simulation: GatewaySimulation) -> SimulatedCodeService {
        SimulatedCodeService(
            LocalCodeService(timers: clock, random: SeededRandom(seed: 1)), simulation: simulation, timers: clock)
    }

    @Test func latencyDelaysTheAnswer() async throws {
        let service = service(simulation: GatewaySimulation(latency: .milliseconds(800)))
        let number = number
        let request = Task { try await service.requestCode(for: number) }
        await clock.yield { clock.pendingCount >= 1 }
        clock.advance(by: .milliseconds(799))
        #expect(clock.pendingCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(try await request.value.cooldown == .seconds(60))
    }

    @Test(arguments: [
        (GatewaySimulation.Failure.network, CodeServiceError.network), (.rateLimited, .rateLimited(retryAfter: 60)),
    ])
    func injectedFailuresAreTypedErrors(failure: GatewaySimulation.Failure, error: CodeServiceError) async {
        let service = service(simulation: GatewaySimulation(failure: failure))
        await #expect(throws: error) { try await service.requestCode(for: number) }
    }

    @Test func injectedTimeoutNeverAnswersUntilTheCallerGivesUp() async {
        let service = service(simulation: GatewaySimulation(failure: .timeout))
        let number = number
        let request = Task { try await service.requestCode(for: number) }
        await clock.yield { clock.pendingCount >= 1 }
        clock.advance(by: .seconds(86_400))
        #expect(clock.pendingCount == 1, "still no answer a day later")
        request.cancel()
        await #expect(throws: CodeServiceError.timeout) { try await request.value }
        #expect(clock.pendingCount == 0, "giving up leaves no timer behind")
    }
}
