import CodeGateBase

/// Sends verification codes and checks them: the SMS gateway as the app sees it.
///
/// It lives on the main actor, like the flow that calls it: its waits are timers on the GLib
/// main loop, never jobs on Swift's global executor, whose worker pool would keep waking the
/// app once a second after the first one.
@MainActor
public protocol CodeService: AnyObject {
    /// Sends a fresh code to `number`. The answer carries the cooldown the service imposes
    /// before the next request for the same number.
    func requestCode(for number: PhoneNumber) async throws(CodeServiceError) -> CodeReceipt
    /// Checks `code` against the last code sent to `number`, under the `verificationID` its
    /// request's receipt carried: with any other id the answer is `.noCodeRequested` and no
    /// guess is counted, so whoever did not request the code can neither lock it nor learn that
    /// it exists.
    func verify(_ code: String, for number: PhoneNumber, verificationID: String) async throws(CodeServiceError)
        -> VerificationResult
    /// Told that a request may come soon — the person began to slide — so the service readies
    /// what a request needs before it is made: the solved challenge (`ChallengeProver`).
    func prepareRequest()
}

/// The service's answer to an accepted request.
public struct CodeReceipt: Equatable, Sendable {
    /// How long until the service accepts another request for the number.
    public let cooldown: Duration
    /// How long the code stays valid.
    public let validFor: Duration
    /// What binds a check to this request: told only to its requester (and again when the same
    /// request is replayed), sent back with the code (`CodeService.verify`).
    public let verificationID: String

    /// Describes an accepted request.
    public init(cooldown: Duration, validFor: Duration, verificationID: String) {
        self.cooldown = cooldown
        self.validFor = validFor
        self.verificationID = verificationID
    }
}

/// What checking a code found.
public enum VerificationResult: Equatable, Sendable {
    /// The code was right; it is used up.
    case verified
    /// The code was wrong; `attemptsLeft` more guesses are allowed.
    case wrongCode(attemptsLeft: Int)
    /// The code's validity ran out; a new one must be requested.
    case expired
    /// Too many wrong guesses; a new code must be requested.
    case locked
    /// No code is outstanding for the number under the id checked with (never requested,
    /// already used, or superseded by a newer request).
    case noCodeRequested
}

/// Why the service did not answer a request as asked. No sentence for people here: the app's
/// flow words it for its window (`message`), the gateway's server for its answers.
public enum CodeServiceError: CooldownRefusal, Equatable, Sendable {
    /// The gateway could not be reached.
    case network
    /// The gateway refuses requests for a while (too many from this client); when it says for
    /// how long, `retryAfter` seconds.
    case rateLimited(retryAfter: Int?)
    /// No answer within the time limit.
    case timeout
    /// A code was sent to this number recently; another is allowed after `secondsLeft`.
    case cooldown(secondsLeft: Int)
    /// The gateway cannot keep its state, so it sends and checks nothing (it fails closed).
    case stateUnavailable(StateProblem)
    /// The server failed (a 5xx status): it may work again later.
    case serverError
    /// The server texts no code to this number: no number is assigned on its digits, it is of
    /// a country or region the server does not serve, or it is not a mobile line.
    case numberNotServed
    /// The server's answer is none the protocol allows — a status, header or body it does not
    /// define, too large or too slow — or it refused the request as malformed: client and
    /// server do not speak the same protocol.
    case badAnswer
    /// The server refused the challenge the request carried, and a fresh one did no better.
    case challengeRefused(ChallengeRefusal)

    /// The time a `.cooldown` refusal names, which the request button counts down.
    public var cooldownLeft: Duration? {
        guard case .cooldown(let seconds) = self else { return nil }
        return .seconds(seconds)
    }
}
