import CodeGateHTTP
import CodeGateProtocol
import CodeGateService
import Testing

/// The one table between a challenge's refusals and the protocol's answers, read both ways.
@Suite struct ChallengeRefusalWireTests {
    @Test(arguments: ChallengeRefusal.allCases)
    func eachRefusalIsReadBackFromItsOwnAnswer(refusal: ChallengeRefusal) {
        #expect(ChallengeRefusal(status: refusal.wire.status, kind: refusal.wire.kind) == refusal)
    }

    @Test func theProtocolsStatusesAndKinds() {
        #expect(ChallengeRefusal.allCases.map { "\($0.wire.status) \($0.wire.kind.rawValue)" } == [
            "400 challenge_required", "403 challenge_invalid", "403 challenge_expired", "403 challenge_unsolved",
            "403 challenge_replayed",
        ])
    }

    @Test func aKindUnderAnotherStatusIsNoChallengeRefusal() {
        #expect(ChallengeRefusal(status: 400, kind: .challengeInvalid) == nil)
        #expect(ChallengeRefusal(status: 403, kind: .challengeRequired) == nil)
        #expect(ChallengeRefusal(status: 403, kind: .cooldown) == nil)
    }
}
