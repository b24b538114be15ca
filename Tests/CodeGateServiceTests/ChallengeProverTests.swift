@testable import CodeGateService
import CodeGateTestSupport
import Testing

/// The client's challenges solved ahead (`ChallengeProver`), against a fetch that counts its
/// calls, on a manual clock.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ChallengeProverTests {
    let clock = ManualTimerPort()
    let challenge = Challenge(ChallengeTests.text)!
    var fetches = Counter()

    final class Counter {
        var count = 0
        /// What the next fetch throws, if anything.
        var failure: CodeServiceError?
        /// Whether the server issues none.
        var none = false
        /// How long the server says its challenges hold.
        var validFor: Duration = .seconds(300)
    }

    private func prover() -> ChallengeProver {
        let fetches = fetches
        let challenge = challenge
        return ChallengeProver(timers: clock) { () async throws(CodeServiceError) -> IssuedChallenge? in
            fetches.count += 1
            if let failure = fetches.failure { throw failure }
            return fetches.none ? nil : IssuedChallenge(challenge: challenge, validFor: fetches.validFor)
        }
    }

    @Test func aReadiedProofIsHandedOutOnceAndTheNextIsReadied() async throws {
        let prover = prover()
        prover.prepare()
        prover.prepare()
        let proof = try await prover.proof()
        #expect(proof == ChallengeProof(challenge: challenge, solution: 7))
        await clock.yield { fetches.count == 2 }
        #expect(fetches.count == 2, "the one readied, and the next one asked for as it was taken")
        _ = try await prover.proof()
        await clock.yield { fetches.count == 3 }
        #expect(fetches.count == 3)
    }

    @Test func aStaleProofIsNotHandedOut() async throws {
        let prover = prover()
        _ = try await prover.proof()
        await clock.yield { fetches.count == 2 }
        // The next one is ready; it goes stale 30 s before its server says it expires.
        clock.advance(by: .seconds(270))
        _ = try await prover.proof()
        await clock.yield { fetches.count == 4 }
        #expect(fetches.count == 4, "fetched afresh, then the next readied")
    }

    @Test func aChallengeStaleAsItComesIsFetchedOnceMoreThenHandedOutWhateverItsAge() async throws {
        let prover = prover()
        // Valid for less than the margin: every challenge is stale as soon as it is solved.
        fetches.validFor = .seconds(20)
        #expect(try await prover.proof() == ChallengeProof(challenge: challenge, solution: 7))
        await clock.yield { fetches.count == 3 }
        #expect(fetches.count == 3, "the first came stale, the second was handed out, the third readied")
    }

    @Test func aFailedFetchIsTheRequestsFailureAndIsTriedAgain() async throws {
        let prover = prover()
        fetches.failure = .network
        await #expect(throws: CodeServiceError.network) { try await prover.proof() }
        fetches.failure = nil
        #expect(try await prover.proof() != nil)
    }

    @Test func aServerThatIssuesNoneIsAskedAgainOnlyLater() async throws {
        let prover = prover()
        fetches.none = true
        #expect(try await prover.proof() == nil)
        #expect(try await prover.proof() == nil)
        #expect(fetches.count == 1)
        clock.advance(by: .seconds(300))
        #expect(try await prover.proof() == nil)
        #expect(fetches.count == 2)
    }

    @Test func aRefusalAFreshChallengeCuresIsRetriedOnce() async throws {
        let prover = prover()
        var tries = 0
        let answer = try await prover.withProof { proof async throws(CodeServiceError) -> Int in
            tries += 1
            if tries == 1 { throw .challengeRefused(.expired) }
            return proof?.solution ?? -1
        }
        #expect(answer == 7 && tries == 2)
        tries = 0
        await #expect(throws: CodeServiceError.challengeRefused(.replayed)) {
            try await prover.withProof { _ async throws(CodeServiceError) -> Int in
                tries += 1
                throw .challengeRefused(.replayed)
            }
        }
        #expect(tries == 2)
        tries = 0
        await #expect(throws: CodeServiceError.challengeRefused(.required)) {
            try await prover.withProof { _ async throws(CodeServiceError) -> Int in
                tries += 1
                throw .challengeRefused(.required)
            }
        }
        #expect(tries == 1, "no fresh challenge cures a server that saw none")
    }
}
