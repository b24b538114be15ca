import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// The challenges' work rising with the rate they are asked for (`ChallengeLoad`), through the
/// gateway that issues them, on the manual clock.
@MainActor
@Suite struct ChallengeLoadTests {
    let clock = ManualTimerPort()

    private func bound(of gateway: LocalCodeService) throws -> Int {
        try #require(try gateway.challenge()).challenge.maxNumber
    }

    @Test func theWorkRisesWithTheRateAndFallsBackWhenItEases() throws {
        let gateway = LocalCodeService(timers: clock, random: SeededRandom(seed: 1), challenges: ChallengeGate())
        // One a second: the default work.
        for _ in 0..<120 {
            #expect(try bound(of: gateway) == ChallengeGate.defaultWork)
            clock.advance(by: .seconds(1))
        }
        // A hundred a second: the rate the count says nears it by half each minute, so past 20
        // within the first, past 80 within three — eight times the work.
        var bounds: [Int] = []
        for _ in 0..<18_000 {
            bounds.append(try bound(of: gateway))
            clock.advance(by: .milliseconds(10))
        }
        #expect(bounds.last == 8 * ChallengeGate.defaultWork)
        #expect(Set(bounds) == Set([1, 2, 4, 8].map { $0 * ChallengeGate.defaultWork }))
        // Quiet for ten minutes: the default again.
        clock.advance(by: .seconds(600))
        #expect(try bound(of: gateway) == ChallengeGate.defaultWork)
    }

    @Test func theWorkNeverPassesTheLargestBound() throws {
        let gateway = LocalCodeService(
            timers: clock, random: SeededRandom(seed: 1),
            challenges: ChallengeGate(work: ChallengeGate.workRange.upperBound))
        for _ in 0..<2000 { _ = try bound(of: gateway) }
        #expect(try bound(of: gateway) == ChallengeGate.workRange.upperBound)
    }
}
