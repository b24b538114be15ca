import CodeGateBase
import CodeGateService

/// The gateway's side of the challenges (docs/protocol.md, "POST /v1/challenges"): issues them,
/// signed under a key made from the store's, so every gateway on a store checks every other's;
/// and checks one a request carries — version, algorithm, purpose, expiry, signature in constant
/// time, then the work — before the store is asked whether it was spent.
public struct ChallengeGate: Equatable, Sendable {
    /// The default bound on the search: about 25 000 hashes a request on average, a few
    /// milliseconds on a desktop of today (docs/performance.md), a fraction of a second on the
    /// slowest the app runs on.
    public static let defaultWork = 50_000
    /// The bounds `--challenge-work` takes: less is no work; more takes a slow desktop seconds.
    public static let workRange = 1000...5_000_000
    /// How long a challenge is good for: long enough to be solved ahead and used, short enough
    /// that spent ones are soon forgotten.
    public static let lifetime: Duration = .seconds(300)

    /// The bound on the search each challenge asks for.
    public let work: Int

    /// Challenges of `work`: the solution is at most that.
    public init(work: Int = defaultWork) {
        self.work = work
    }

    /// A fresh challenge for `purpose`, signed under `key` (the store's code key), expiring
    /// `lifetime` after `now` (the wall clock), asking `factor` times the work (`ChallengeLoad`),
    /// within `workRange`.
    package func issue(
        key: [UInt8], now: Duration, purpose: String = ChallengePurpose.sendCode, factor: Int = 1,
        using random: inout some RandomNumberGenerator
    ) -> IssuedChallenge {
        let work = min(Self.workRange.upperBound, work * max(1, factor))
        let salt = Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
        let solution = Int.random(in: 0...work, using: &random)
        let target = SHA256.digest(Array(salt.utf8) + Array(String(solution).utf8))
        let expires = (now + Self.lifetime).components.seconds
        let unsigned = Challenge(
            purpose: purpose, expires: expires, maxNumber: work, salt: salt, target: target, signature: [])
        let challenge = unsigned.signed(by: Self.signature(of: unsigned, key: key))
        return IssuedChallenge(challenge: challenge, validFor: Self.lifetime)
    }

    /// Why `proof` may not be spent at `now` (the wall clock) under `key`; nil when it may.
    /// The work is checked last, so a forged or stale challenge costs the gateway one HMAC.
    package func refusal(of proof: ChallengeProof?, key: [UInt8], now: Duration) -> ChallengeRefusal? {
        guard let proof else { return .required }
        let challenge = proof.challenge
        guard challenge.claimedVersion == Challenge.version, challenge.claimedAlgorithm == Challenge.algorithm,
            challenge.purpose == ChallengePurpose.sendCode
        else { return .invalid }
        guard VerificationCode.matches(challenge.signature, Self.signature(of: challenge, key: key)) else {
            return .invalid
        }
        // Signed, so the expiry is the gateway's own word.
        guard now.components.seconds < challenge.expires else { return .expired }
        guard challenge.isSolved(by: proof.solution) else { return .unsolved }
        return nil
    }

    /// The signature of `challenge`'s fields under the key made from `key` for challenges
    /// alone, so a challenge's signature is never a code digest's.
    private static func signature(of challenge: Challenge, key: [UInt8]) -> [UInt8] {
        let challengeKey = HMAC.sha256(key: key, Array("codegate challenge key 1".utf8))
        return HMAC.sha256(key: challengeKey, challenge.signedBytes)
    }
}
