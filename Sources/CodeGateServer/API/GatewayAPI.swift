import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateProtocol

/// The protocol of docs/protocol.md over the embedded gateway: each request is checked in the
/// order the page gives — path, method, rate limit, size, content type, JSON, members — and
/// answered with the gateway's verdict or the first refusal.
///
/// Transport-free, so tests drive it directly; `GatewayServer` carries it over HTTP.
@MainActor
public final class GatewayAPI {
    /// The largest request body read.
    nonisolated static let maxBodyBytes = ProtocolLimit.requestBytes

    private enum Route {
        case challenge
        case requestCode
        case verify
    }

    private let service: any GatewayService
    private let rateLimit: Int
    private let screen: NumberScreen
    /// Told what each code request and check came to, for `/metrics`.
    let outcomes = ObserverList<APIOutcome>()

    /// Serves `service`, which keeps the idempotency keys in its state with its codes, and
    /// each client's rate: `rateLimit` requests a minute (0: no limit), shared by every
    /// gateway on the same state. Codes go to mobile numbers of `regions` alone (`NumberScreen`).
    package init(service: any GatewayService, rateLimit: Int, regions: Set<String>) {
        self.service = service
        self.rateLimit = rateLimit
        screen = NumberScreen(regions: regions)
    }

    /// The refusal for a request whose headers say its body cannot be read: chunked (no
    /// length), a negative length, or longer than `maxBodyBytes`. The server asks before it
    /// reads the body.
    nonisolated static func refusal(contentLength: Int?, chunked: Bool) -> Refusal? {
        if chunked { return .lengthRequired }
        if let contentLength, contentLength < 0 { return .badContentLength }
        if let contentLength, contentLength > maxBodyBytes { return .payloadTooLarge }
        return nil
    }

    /// `GET /healthz`: `200 {"status": "ok"}` when a request for a new number would be served
    /// now. Otherwise 503, whose `status` is the kind such a request would get — a full store
    /// or one recovering refuses every new number while the state itself opens fine, which a
    /// probe asking only that would call healthy — with `Retry-After` when it is known.
    func healthAnswer() async -> APIAnswer {
        guard let problem = await service.healthProblem() else {
            return APIAnswer(status: 200, headers: [], body: .object([("status", .string("ok"))]))
        }
        let refusal = Refusal.stateUnavailable(problem)
        var members: [(String, JSONValue)] = [("status", .string(refusal.kind.rawValue))]
        var headers: [(String, String)] = []
        if let seconds = refusal.retryAfter {
            members.append((ProtocolField.retryAfterSeconds, .integer(seconds)))
            headers.append((ProtocolHeader.retryAfter, String(seconds)))
        }
        return APIAnswer(status: 503, headers: headers, body: .object(members))
    }

    /// The answer to `request`.
    func answer(_ request: APIRequest) async -> APIAnswer {
        let language = AnswerLanguage.preferred(by: request.acceptLanguage)
        var subject: String?
        do throws(Refusal) {
            let route = try route(of: request)
            let wait: Int?
            do {
                wait = try await service.admit(request.client, limit: rateLimit)
            } catch {
                throw Refusal(error)
            }
            if let wait { throw Refusal.rateLimited(seconds: wait) }
            guard request.body.count <= Self.maxBodyBytes else { throw Refusal.payloadTooLarge }
            guard Self.isJSON(request.contentType) else { throw Refusal.unsupportedMediaType }
            let members: [String: JSONScalar]
            do {
                members = try JSONReader.object(request.body)
            } catch {
                throw Refusal.notAnObject
            }
            subject = (try? phone(in: members))?.masked
            var answer: APIAnswer
            switch route {
            case .challenge: answer = try challenge()
            case .requestCode: answer = try await requestCode(request, members, in: language)
            case .verify: answer = try await verify(members, in: language)
            }
            answer.subject = subject
            return answer
        } catch {
            var answer = error.answer(in: language)
            answer.subject = subject
            return answer
        }
    }

    private func route(of request: APIRequest) throws(Refusal) -> Route {
        let route: Route
        switch request.path {
        case ProtocolPath.challenges: route = .challenge
        case ProtocolPath.codes: route = .requestCode
        case ProtocolPath.verify: route = .verify
        default: throw .notFound
        }
        guard request.method == "POST" else { throw .methodNotAllowed }
        return route
    }

    private func requestCode(_ request: APIRequest, _ members: [String: JSONScalar], in language: AnswerLanguage)
        async throws(Refusal) -> APIAnswer
    {
        guard let key = request.idempotencyKey, Self.isValidKey(key) else { throw .badIdempotencyKey }
        let number = try phone(in: members)
        let proof = try Self.proof(in: members)
        let refusal: (Refusal, region: String)? =
            switch screen.verdict(on: number) {
            case .served: nil
            case .unassigned: (.unassignedNumber, "ZZ")
            case .regionNotServed(let region): (.regionNotServed, region)
            case .lineRefused(let region, _): (.notAMobileNumber, region)
            }
        if let (refused, region) = refusal {
            outcomes.notify(.numberRefused(reason: refused.kind.rawValue, region: region))
            throw refused
        }
        let outcome: KeyedReceipt
        do {
            // The text message is worded in the request's language too.
            outcome = try await service.requestCode(
                for: number, idempotencyKey: key, client: request.client, proof: proof,
                wording: { language.speaking($0) })
        } catch {
            throw Refusal(error)
        }
        switch outcome {
        case .sent(let receipt):
            outcomes.notify(.issued(prefix: "+" + number.callingCode))
            return APIAnswer(status: 201, headers: [], body: Self.body(of: receipt))
        case .replayed(let receipt):
            let replayed = [(ProtocolHeader.idempotentReplayed, "true")]
            return APIAnswer(status: 200, headers: replayed, body: Self.body(of: receipt))
        case .keyMismatch: throw .idempotencyMismatch
        case .overBudget(let refusal):
            outcomes.notify(.overBudget(refusal))
            throw .overBudget(refusal)
        }
    }

    /// `POST /v1/challenges`: a fresh challenge, or `404` from a gateway that asks for none
    /// (`--no-challenge`), which a client takes as "send none".
    private func challenge() throws(Refusal) -> APIAnswer {
        let issued: IssuedChallenge?
        do {
            issued = try service.challenge()
        } catch {
            throw Refusal(error)
        }
        guard let issued else { throw .notFound }
        let body = JSONValue.object([
            (ProtocolField.challenge, .string(issued.challenge.text)),
            (ProtocolField.expiresInSeconds, .integer(issued.validFor.secondsRoundedUp)),
        ])
        return APIAnswer(status: 201, headers: [], body: body)
    }

    /// The challenge and solution a request for a code carries: nil when it has neither, as
    /// a client from before challenges sends; one that does not read as a challenge is
    /// refused as not issued here, whatever the gateway asks for.
    private static func proof(in members: [String: JSONScalar]) throws(Refusal) -> ChallengeProof? {
        let text = members[ProtocolField.challenge]
        let solution = members[ProtocolField.solution]
        if text == nil, solution == nil { return nil }
        guard case .string(let text)? = text else { throw .missingMember(ProtocolField.challenge) }
        // An integer as JSON writes one: no fraction, no exponent.
        guard case .number(let digits)? = solution, !digits.contains(where: { ".eE".contains($0) }) else {
            throw .missingNumber(ProtocolField.solution)
        }
        guard let challenge = Challenge(text) else { throw .challenge(.invalid) }
        // An integer past any bound solves nothing: unsolved, as one within `Int` would be.
        return ChallengeProof(challenge: challenge, solution: Int(digits) ?? -1)
    }

    /// Whether `key` is an `Idempotency-Key` the protocol allows: 1–64 of `A–Z a–z 0–9 _ -`.
    nonisolated static func isValidKey(_ key: String) -> Bool {
        ProtocolLimit.isToken(key, of: ProtocolLimit.keyLength)
    }

    private func verify(_ members: [String: JSONScalar], in language: AnswerLanguage) async throws(Refusal) -> APIAnswer
    {
        let number = try phone(in: members)
        guard case .string(let code)? = members[ProtocolField.code] else { throw .missingMember(ProtocolField.code) }
        guard ProtocolLimit.codeLength.contains(code.utf8.count), code.allSatisfy(\.isASCIIDigit) else {
            throw .badCode
        }
        // A client from before the id: refused, never checked as if it had one.
        guard case .string(let id)? = members[ProtocolField.verificationID] else {
            throw .missingMember(ProtocolField.verificationID)
        }
        guard ProtocolLimit.isToken(id, of: ProtocolLimit.verificationIDLength) else { throw .badVerificationID }
        let result: VerificationResult
        do {
            result = try await service.verify(code, for: number, verificationID: id)
        } catch {
            throw Refusal(error)
        }
        let verdict =
            switch result {
            case .verified: VerdictAnswer(.verified)
            case .wrongCode(let left): VerdictAnswer(.wrongCode, attemptsLeft: left)
            case .expired: VerdictAnswer(.expired)
            case .locked: VerdictAnswer(.locked)
            case .noCodeRequested: VerdictAnswer(.noCode)
            }
        outcomes.notify(.checked(prefix: "+" + number.callingCode, result: verdict.result.rawValue))
        return APIAnswer(status: 200, headers: [], body: verdict.json)
    }

    private func phone(in members: [String: JSONScalar]) throws(Refusal) -> PhoneNumber {
        guard case .string(let text)? = members[ProtocolField.phone] else { throw .missingMember(ProtocolField.phone) }
        guard let number = PhoneNumber(e164: text) else { throw .invalidPhone(text) }
        return number
    }

    private static func body(of receipt: CodeReceipt) -> JSONValue {
        ReceiptAnswer(
            cooldownSeconds: max(1, receipt.cooldown.secondsRoundedUp),
            expiresInSeconds: max(1, receipt.validFor.secondsRoundedUp),
            verificationID: receipt.verificationID
        ).json
    }

    /// `application/json`, with no parameter but a UTF-8 charset.
    nonisolated static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
        guard parts.first == ProtocolHeader.jsonType else { return false }
        return parts.dropFirst().allSatisfy { $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" }
    }
}
