import CodeGateBase
@testable import CodeGateServer
import CodeGateGateway
import CodeGateService
import CodeGateProtocol
import CodeGateTestSupport
import Testing

/// `POST /v1/challenges` and the challenge `POST /v1/codes` carries, over the embedded gateway
/// on a manual clock: the answers and kinds of docs/protocol.md.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ChallengeAPITests {
    let clock = ManualTimerPort()
    let number = "+447400900123"

    private func gateway(challenges: ChallengeGate? = ChallengeGate(work: 1000)) -> (GatewayAPI, MessageLog) {
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 9), challenges: challenges)
        return (GatewayAPI(service: service, rateLimit: 0, regions: ["GB"]), MessageLog(service.outbox))
    }

    private func challenge(_ api: GatewayAPI, body: String = "{}") async -> APIAnswer {
        await api.answer(APIRequest(path: "/v1/challenges", body: Array(body.utf8)))
    }

    /// A fresh challenge's text and solution, as a client finds them.
    private func solved(_ api: GatewayAPI) async throws -> (text: String, solution: Int) {
        let answer = await challenge(api)
        guard case .object(let members) = answer.body, case .string(let text)? = members.first?.1 else {
            throw ChallengeTestError.noChallenge
        }
        let challenge = try #require(Challenge(text))
        return (text, try #require(ChallengeSolver.solve(challenge)))
    }

    private func ask(_ api: GatewayAPI, _ members: String, key: String = "key-1", language: String? = nil) async
        -> APIAnswer
    {
        let body = #"{"phone": "\#(number)""# + members + "}"
        return await api.answer(
            APIRequest(path: "/v1/codes", idempotencyKey: key, acceptLanguage: language, body: Array(body.utf8)))
    }

    private func kind(_ answer: APIAnswer) -> String? {
        guard case .object(let outer) = answer.body, case .object(let error)? = outer.first?.1,
            case .string(let kind)? = error.first?.1
        else { return nil }
        return kind
    }

    @Test func aChallengeIsIssuedWithItsLifetime() async throws {
        let (api, _) = gateway()
        let answer = await challenge(api)
        #expect(answer.status == 201)
        guard case .object(let members) = answer.body else { throw ChallengeTestError.noChallenge }
        #expect(members.map(\.0) == ["challenge", "expires_in_seconds"])
        #expect(members.last?.1 == .integer(300))
        let text = try await solved(api).text
        #expect(text.hasPrefix("1.SHA-256.send_code.") && text.split(separator: ".")[4] == "1000")
        #expect(await challenge(api, body: "[]").status == 400, "a body that is no object is refused as any is")
    }

    @Test func aSolvedChallengeSendsACodeAndARetryReplaysIt() async throws {
        let (api, phone) = gateway()
        let (text, solution) = try await solved(api)
        let members = #", "challenge": "\#(text)", "solution": \#(solution)"#
        #expect(await ask(api, members).status == 201)
        let retry = await ask(api, members)
        #expect(retry.status == 200 && retry.headers.contains { $0 == ("Idempotent-Replayed", "true") })
        let replay = await ask(api, members, key: "key-2")
        #expect(replay.status == 403 && kind(replay) == "challenge_replayed")
        #expect(phone.messages.count == 1)
    }

    @Test func eachRefusalHasItsStatusAndKind() async throws {
        let (api, phone) = gateway()
        let (text, solution) = try await solved(api)
        let cases: [(String, Int, String)] = [
            ("", 400, "challenge_required"),
            (#", "challenge": "\#(text)""#, 400, "invalid_request"),
            (#", "solution": \#(solution)"#, 400, "invalid_request"),
            (#", "challenge": 7, "solution": \#(solution)"#, 400, "invalid_request"),
            (#", "challenge": "\#(text)", "solution": "\#(solution)""#, 400, "invalid_request"),
            (#", "challenge": "\#(text)", "solution": \#(solution).0"#, 400, "invalid_request"),
            (#", "challenge": "\#(text)", "solution": \#(solution)e0"#, 400, "invalid_request"),
            (#", "challenge": "1.x", "solution": \#(solution)"#, 403, "challenge_invalid"),
            (#", "challenge": "\#(text)", "solution": \#((solution + 1) % 1001)"#, 403, "challenge_unsolved"),
            (#", "challenge": "\#(text)", "solution": 99999999999999999999999"#, 403, "challenge_unsolved"),
        ]
        for (members, status, expected) in cases {
            let answer = await ask(api, members, language: "en")
            #expect(answer.status == status && kind(answer) == expected, "\(members)")
        }
        clock.advance(by: ChallengeGate.lifetime)
        let late = await ask(api, #", "challenge": "\#(text)", "solution": \#(solution)"#)
        #expect(late.status == 403 && kind(late) == "challenge_expired")
        #expect(phone.messages.isEmpty)
    }

    /// In the app's catalogs, which `make test` compiles into .build/locale first.
    @Test func refusalsAreWordedInTheAskedLanguage() async throws {
        let catalogs: String = try #require(LocaleDirectory.find(), "no .build/locale: run make locale")
        TextDomain.codegate.bind(to: catalogs)
        let (api, _) = gateway()
        let answer = await ask(api, "", language: "en")
        #expect(answer.header("Content-Language") == "en")
        guard case .object(let outer) = answer.body, case .object(let error)? = outer.first?.1 else {
            throw ChallengeTestError.noChallenge
        }
        #expect(
            error.last?.1
                == .string("The request must carry a solved challenge: get one first (POST /v1/challenges)"))
    }

    /// `--no-challenge`: none issued, none asked for, and a client told so by a 404.
    @Test func aGatewayAskingForNoneIssuesNone() async {
        let (api, phone) = gateway(challenges: nil)
        let answer = await challenge(api)
        #expect(answer.status == 404 && kind(answer) == "not_found")
        #expect(await ask(api, "").status == 201)
        #expect(phone.messages.count == 1)
    }
}

enum ChallengeTestError: Error {
    case noChallenge
}
