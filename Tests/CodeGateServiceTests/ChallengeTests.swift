@testable import CodeGateService
import CodeGateTestSupport
import Testing

/// A challenge's text as the protocol spells it (docs/protocol.md), and its solving.
@Suite struct ChallengeTests {
    /// A challenge whose solution is 7, as `Tests/CodeGateHTTPTests/TestServer` serves it.
    static let text = SampleChallenge.text

    @Test func readsAndWritesItsText() throws {
        let challenge = try #require(Challenge(Self.text))
        #expect(challenge.claimedVersion == "1" && challenge.claimedAlgorithm == "SHA-256")
        #expect(challenge.purpose == "send_code" && challenge.expires == 9_999_999_999 && challenge.maxNumber == 10)
        #expect(challenge.salt == String(repeating: "0", count: 32))
        #expect(challenge.signature == [UInt8](repeating: 0xab, count: 32))
        #expect(challenge.text == Self.text)
    }

    @Test func solvesAndChecksTheWork() throws {
        let challenge = try #require(Challenge(Self.text))
        #expect(ChallengeSolver.solve(challenge) == 7)
        #expect(challenge.isSolved(by: 7))
        #expect(!challenge.isSolved(by: 6) && !challenge.isSolved(by: -7) && !challenge.isSolved(by: 17))
    }

    @Test func aStopEndsTheSearchUnsolved() throws {
        let challenge = try #require(Challenge(Self.text))
        let stop = ChallengeSolver.Stop()
        stop.request()
        #expect(ChallengeSolver.solve(challenge) { stop.isRequested } == nil)
    }

    /// Signed fields are length-prefixed: moving a character from one field to the next changes
    /// what is signed, though the fields joined read the same.
    @Test func noFieldSplicesIntoAnother() throws {
        let challenge = try #require(Challenge(Self.text))
        let spliced = Challenge(
            purpose: "send_cod", expires: challenge.expires, maxNumber: challenge.maxNumber, salt: challenge.salt,
            target: challenge.target, signature: challenge.signature)
        #expect(challenge.signedBytes.prefix(4) == [0, 0, 0, 1])
        #expect(spliced.signedBytes != challenge.signedBytes)
    }

    @Test(arguments: [
        "", "1.SHA-256.send_code", text + ".x", text.replacing("send_code", with: "send code"),
        text.replacing("9999999999", with: "09999999999"), text.replacing(".10.", with: ".0."),
        text.replacing(".10.", with: ".1234567890."), text.replacing("00000000", with: "0000000g"),
        text.replacing("7d6426bf", with: "7D6426BF"), text.replacing("7d6426bf", with: "7d6426b"),
        text.replacing("1.SHA-256", with: ".SHA-256"), String(repeating: "1", count: 600),
        text.replacing("send_code", with: String(repeating: "x", count: 400)),
    ])
    func refusesWhatIsNoChallenge(_ text: String) {
        #expect(Challenge(text) == nil)
    }
}

