import CodeGateBase
@testable import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// The challenges on each store (`StoreUnderTest`: SQLite here, PostgreSQL under
/// Tests/System/postgres/run): no code goes to a request without a fresh one of the gateways'
/// own, and none is spent twice, on any gateway on the state.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SharedChallengeTests {
    let under: StoreUnderTest
    let number = StoreUnderTest.freshNumber()
    let gate = ChallengeGate(work: 1000)

    init() throws { under = try StoreUnderTest() }

    /// A gateway asking for challenges; a seed of its own, so no salt repeats one another run
    /// left on a shared database.
    private func gateway(_ store: any CodeStore) -> LocalCodeService {
        under.gateway(store, seed: .random(in: .min ... .max), challenges: gate)
    }

    /// A fresh challenge of `gateway`'s, solved.
    private func solved(from gateway: LocalCodeService) throws -> ChallengeProof {
        let challenge = try #require(try gateway.challenge()).challenge
        return ChallengeProof(
            challenge: challenge, solution: try #require(ChallengeSolver.solve(challenge)))
    }

    private func request(
        _ gateway: LocalCodeService, _ proof: ChallengeProof?, key: String = StoreUnderTest.freshName("key")
    ) async throws(CodeServiceError) -> KeyedReceipt {
        try await gateway.requestCode(for: number, idempotencyKey: key, proof: proof)
    }

    @Test func aSolvedChallengeSendsACode() async throws {
        let gateway = gateway(try under.store())
        let log = MessageLog(gateway.outbox)
        guard case .sent = try await request(gateway, try solved(from: gateway)) else {
            Issue.record("no code sent")
            return
        }
        #expect(log.messages.count == 1)
    }

    @Test func aChallengeIsSpentOnceAcrossGateways() async throws {
        let first = gateway(try under.store())
        let second = gateway(try under.store())
        let log = MessageLog(first.outbox)
        let otherLog = MessageLog(second.outbox)
        let proof = try solved(from: first)
        let key = StoreUnderTest.freshName("key")
        _ = try await request(first, proof, key: key)
        await #expect(throws: CodeServiceError.challengeRefused(.replayed)) {
            try await request(second, proof)
        }
        await #expect(throws: CodeServiceError.challengeRefused(.replayed), "not even for another number") {
            try await second.requestCode(
                for: StoreUnderTest.freshNumber(), idempotencyKey: StoreUnderTest.freshName("key"), proof: proof)
        }
        // The same request again — a retry after a lost answer — is answered as before.
        guard case .replayed = try await request(second, proof, key: key) else {
            Issue.record("the retry was not replayed")
            return
        }
        #expect(log.messages.count == 1 && otherLog.messages.isEmpty)
    }

    @Test func aRequestWithoutAChallengeSendsNothing() async throws {
        let gateway = gateway(try under.store())
        let log = MessageLog(gateway.outbox)
        await #expect(throws: CodeServiceError.challengeRefused(.required)) { try await request(gateway, nil) }
        #expect(log.messages.isEmpty)
    }

    @Test func aWrongSolutionIsRefusedAndSpendsNothing() async throws {
        let gateway = gateway(try under.store())
        let proof = try solved(from: gateway)
        let wrong = ChallengeProof(challenge: proof.challenge, solution: (proof.solution + 1) % (gate.work + 1))
        await #expect(throws: CodeServiceError.challengeRefused(.unsolved)) { try await request(gateway, wrong) }
        let beyond = ChallengeProof(challenge: proof.challenge, solution: gate.work + 1)
        await #expect(throws: CodeServiceError.challengeRefused(.unsolved)) { try await request(gateway, beyond) }
        guard case .sent = try await request(gateway, proof) else {
            Issue.record("the right solution was refused after the wrong ones")
            return
        }
    }

    @Test func anExpiredChallengeIsRefused() async throws {
        let gateway = gateway(try under.store())
        let proof = try solved(from: gateway)
        under.clock.advance(by: ChallengeGate.lifetime - .seconds(1))
        let early = try solved(from: gateway)
        under.clock.advance(by: .seconds(1))
        await #expect(throws: CodeServiceError.challengeRefused(.expired)) { try await request(gateway, proof) }
        guard case .sent = try await request(gateway, early) else {
            Issue.record("a challenge within its lifetime was refused")
            return
        }
    }

    @Test func aChallengeForAnotherPurposeOrForgedIsInvalid() async throws {
        let store = try under.store()
        let gateway = gateway(store)
        var random = SystemRandomNumberGenerator()
        let other = gate.issue(key: try store.codeKey(), now: under.moment().wall, purpose: "verify", using: &random)
        let solution = try #require(ChallengeSolver.solve(other.challenge))
        await #expect(throws: CodeServiceError.challengeRefused(.invalid)) {
            try await request(gateway, ChallengeProof(challenge: other.challenge, solution: solution))
        }
        let proof = try solved(from: gateway)
        let challenge = proof.challenge
        let forged = [
            // Each a challenge whose fields were changed after signing.
            Challenge(
                purpose: challenge.purpose, expires: challenge.expires + 3600, maxNumber: challenge.maxNumber,
                salt: challenge.salt, target: challenge.target, signature: []),
            Challenge(
                purpose: challenge.purpose, expires: challenge.expires, maxNumber: challenge.maxNumber + 1,
                salt: challenge.salt, target: challenge.target, signature: []),
            Challenge(
                version: "2", purpose: challenge.purpose, expires: challenge.expires,
                maxNumber: challenge.maxNumber, salt: challenge.salt, target: challenge.target, signature: []),
        ].map { $0.signed(by: challenge.signature) } + [challenge.signed(by: challenge.signature.map { $0 ^ 1 })]
        for challenge in forged {
            await #expect(throws: CodeServiceError.challengeRefused(.invalid)) {
                try await request(gateway, ChallengeProof(challenge: challenge, solution: proof.solution))
            }
        }
    }

    /// The app's window solves its gateway's challenges itself, through the same checks.
    @Test func theWindowsOwnRequestsSolveChallenges() async throws {
        let gateway = LocalCodeService(
            timers: under.clock, random: SeededRandom(seed: .random(in: .min ... .max)), codeStore: try under.store(),
            challenges: gate)
        let log = MessageLog(gateway.outbox)
        gateway.prepareRequest()
        _ = try await gateway.requestCode(for: number)
        under.clock.advance(by: .seconds(60))
        _ = try await gateway.requestCode(for: number)
        #expect(log.messages.count == 2)
    }
}
