/// The members of the protocol's JSON bodies.
package enum ProtocolField {
    /// Both requests: the number, in E.164.
    package static let phone = "phone"
    /// "Check a code": the digits typed.
    package static let code = "code"
    /// The receipt: seconds until the number may ask again.
    package static let cooldownSeconds = "cooldown_seconds"
    /// The receipt: seconds the code stays valid.
    package static let expiresInSeconds = "expires_in_seconds"
    /// The receipt, and "check a code": what binds the check to the request that sent the code.
    package static let verificationID = "verification_id"
    /// The challenge's answer, and "send a code": a challenge, as the server issued it.
    package static let challenge = "challenge"
    /// "Send a code": the challenge's solution.
    package static let solution = "solution"
    /// The verdict: a `ProtocolResult`.
    package static let result = "result"
    /// The verdict `wrong_code`: guesses left.
    package static let attemptsLeft = "attempts_left"
    /// An error answer's one member, an object of the three below.
    package static let error = "error"
    /// The error's `ProtocolErrorKind`.
    package static let kind = "kind"
    /// The error's sentence for people, in the answer's language.
    package static let message = "message"
    /// The seconds a 429, or a 503 that knows, asks the client to wait, as in `Retry-After`.
    package static let retryAfterSeconds = "retry_after_seconds"
}
