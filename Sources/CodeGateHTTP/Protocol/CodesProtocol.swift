import CodeGateService
import CodeGateProtocol
/// Protocol v1 (`docs/protocol.md`) as the client speaks it: the three requests' paths and
/// bodies, and what each answer means. Every answer is checked against what the protocol
/// allows; anything else is refused as a bad answer, never guessed at.
enum CodesProtocol {
    /// The path of "a challenge to solve", under the service's base URL.
    static let challengePath = ProtocolPath.relative(ProtocolPath.challenges)
    /// The body of "a challenge to solve": an object whose members are ignored.
    static let challengeBody = Array("{}".utf8)
    /// The path of "send a code".
    static let requestPath = ProtocolPath.relative(ProtocolPath.codes)
    /// The path of "check a code".
    static let verifyPath = ProtocolPath.relative(ProtocolPath.verify)
    /// The most the client reads of a body.
    static let bodyLimit = ProtocolLimit.answerBytes
    /// The most wrong guesses an answer may say are left: more is no answer of a real server.
    static let mostAttempts = ProtocolLimit.mostAttempts

    /// Why an answer gives no result: the error for the flow, whether the server understood
    /// the request (then it has settled it, and a retry is a new request), and a line for
    /// the log.
    struct Refusal: Error {
        let error: CodeServiceError
        let settled: Bool
        let reason: String
    }

    /// The body of "send a code" to `number`, with `proof` when the server wants one.
    static func requestBody(for number: PhoneNumber, proof: ChallengeProof?) -> [UInt8] {
        CodeRequest(phone: number.e164, challenge: proof?.challenge.text, solution: proof?.solution).json.encoded
    }

    /// The challenge in an answer to "a challenge to solve": nil when the server issues none
    /// (a server from before challenges, or one that wants none: `404 not_found`).
    static func challenge(from answer: HTTPAnswer) -> Result<IssuedChallenge?, Refusal> {
        guard answer.status == 201 else {
            let refusal = refusal(answer, cooldownAllowed: false)
            // Only the protocol's own 404, not a proxy's page: a server that has no challenges.
            return answer.status == 404 && refusal.settled ? .success(nil) : .failure(refusal)
        }
        guard let json = answer.json else { return .failure(bad("201 body is not a JSON object")) }
        guard let text = json[ProtocolField.challenge]?.string, let challenge = Challenge(text) else {
            return .failure(bad("201 body lacks a \(ProtocolField.challenge) of eight fields"))
        }
        guard let lifetime = seconds(json[ProtocolField.expiresInSeconds]) else {
            return .failure(
                bad("201 body lacks \(ProtocolField.expiresInSeconds) from 1 to \(ProtocolLimit.longestWait)"))
        }
        return .success(IssuedChallenge(challenge: challenge, validFor: .seconds(lifetime)))
    }

    /// The body of "check `code` for `number`" under `verificationID`.
    static func verifyBody(_ code: String, for number: PhoneNumber, verificationID: String) -> [UInt8] {
        CodeRequest(phone: number.e164, code: code, verificationID: verificationID).json.encoded
    }

    /// The receipt in an answer to "send a code".
    static func receipt(from answer: HTTPAnswer) -> Result<CodeReceipt, Refusal> {
        switch answer.status {
        case 201, 200:
            if answer.status == 200, answer.replayed?.trimmingSpaces.lowercased() != "true" {
                return .failure(bad("200 without Idempotent-Replayed: true"))
            }
            guard let json = answer.json else { return .failure(bad("\(answer.status) body is not a JSON object")) }
            guard let cooldown = seconds(json[ProtocolField.cooldownSeconds]),
                  let lifetime = seconds(json[ProtocolField.expiresInSeconds])
            else {
                let members = "\(ProtocolField.cooldownSeconds) or \(ProtocolField.expiresInSeconds)"
                return .failure(bad("\(answer.status) body lacks \(members) from 1 to \(ProtocolLimit.longestWait)"))
            }
            let lengths = ProtocolLimit.verificationIDLength
            guard let id = json[ProtocolField.verificationID]?.string, ProtocolLimit.isToken(id, of: lengths) else {
                let shape = "\(lengths.lowerBound) to \(lengths.upperBound) of A-Z a-z 0-9 _ -"
                return .failure(bad("\(answer.status) body lacks \(ProtocolField.verificationID) of \(shape)"))
            }
            return .success(CodeReceipt(cooldown: .seconds(cooldown), validFor: .seconds(lifetime), verificationID: id))
        default:
            return .failure(refusal(answer, cooldownAllowed: true))
        }
    }

    /// The verdict in an answer to "check a code".
    static func verification(from answer: HTTPAnswer) -> Result<VerificationResult, Refusal> {
        guard answer.status == 200 else { return .failure(refusal(answer, cooldownAllowed: false)) }
        guard let json = answer.json, let result = json[ProtocolField.result]?.string else {
            return .failure(bad("200 body is not a JSON object with a result"))
        }
        switch ProtocolResult(rawValue: result) {
        case .verified: return .success(.verified)
        case .expired: return .success(.expired)
        case .locked: return .success(.locked)
        case .noCode: return .success(.noCodeRequested)
        case .wrongCode:
            guard let left = json[ProtocolField.attemptsLeft]?.integer, (1...mostAttempts).contains(left) else {
                return .failure(bad("\(result) without \(ProtocolField.attemptsLeft) from 1 to \(mostAttempts)"))
            }
            return .success(.wrongCode(attemptsLeft: left))
        case nil:
            return .failure(bad("unknown result \"\(result.prefix(40))\""))
        }
    }

    /// What a status other than success means. A 5xx is a server error whatever its body (a
    /// proxy in front of the server may answer it in HTML); a 4xx must carry the protocol's
    /// error body with a kind the status allows.
    private static func refusal(_ answer: HTTPAnswer, cooldownAllowed: Bool) -> Refusal {
        let status = answer.status
        if (500...599).contains(status) {
            return Refusal(error: .serverError, settled: false, reason: "server error \(status)")
        }
        guard (400...499).contains(status) else { return bad("status \(status) is none the protocol allows") }
        guard let error = answer.json?[ProtocolField.error]?.members, let kind = error[ProtocolField.kind]?.string,
              error[ProtocolField.message]?.string != nil
        else {
            return bad("\(status) without the protocol's error body")
        }
        let retryAfter = seconds(error[ProtocolField.retryAfterSeconds])
        if status == 429, let header = answer.retryAfterSeconds, let body = retryAfter, header != body {
            let names = (ProtocolHeader.retryAfter, ProtocolField.retryAfterSeconds)
            return bad("429 whose \(names.0) (\(header)) and \(names.1) (\(body)) disagree")
        }
        let known = ProtocolErrorKind(rawValue: kind)
        if let known, let refusal = ChallengeRefusal(status: status, kind: known) {
            return Refusal(error: .challengeRefused(refusal), settled: true, reason: kind)
        }
        switch (status, known) {
        case (429, .cooldown) where cooldownAllowed:
            guard let seconds = answer.retryAfterSeconds ?? retryAfter else {
                return bad("429 cooldown without the seconds left")
            }
            return Refusal(error: .cooldown(secondsLeft: seconds), settled: true, reason: kind)
        // A spent budget against SMS fraud is, to the person at the window, too many requests.
        case (429, .rateLimited), (429, .numberBudget), (429, .countryBudget), (429, .globalBudget),
            (429, .clientBudget), (429, .prefixSuspended), (429, .prefixThrottled):
            let seconds = answer.retryAfterSeconds ?? retryAfter
            return Refusal(error: .rateLimited(retryAfter: seconds), settled: true, reason: "rate limited")
        // A number the window took for one that the server will not text: the person can try another.
        case (400, .invalidPhone), (422, .regionNotServed), (422, .notAMobileNumber):
            return Refusal(error: .numberNotServed, settled: true, reason: kind)
        case (400, .invalidRequest), (404, .notFound), (405, .methodNotAllowed),
            (411, .lengthRequired), (413, .payloadTooLarge), (415, .unsupportedMediaType), (422, .idempotencyMismatch):
            return Refusal(
                error: .badAnswer, settled: true, reason: "the server refused the request: \(status) \(kind)")
        default:
            return bad("\(status) with kind \"\(kind.prefix(40))\"")
        }
    }

    private static func bad(_ reason: String) -> Refusal {
        Refusal(error: .badAnswer, settled: false, reason: reason)
    }

    /// A count of seconds the protocol allows: an integer from 1 to a day.
    private static func seconds(_ value: JSONScalar?) -> Int? {
        guard let seconds = value?.integer, (1...ProtocolLimit.longestWait).contains(seconds) else { return nil }
        return seconds
    }
}
