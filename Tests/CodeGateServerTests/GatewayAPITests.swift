import CodeGateBase
@testable import CodeGateServer
import CodeGateCore
import CodeGateFlow
import CodeGateGateway
import CodeGateService
import CodeGateProtocol
import CodeGateTestSupport
import Testing

/// The protocol's answers, over the embedded gateway on a manual clock: no server, no sleeping.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct GatewayAPITests {
    let clock = ManualTimerPort()
    let number = "+447400900123"

    private func gateway(rateLimit: Int = 0, store: GatewayStore? = nil) -> (api: GatewayAPI, phone: MessageLog) {
        var policy = CodePolicy()
        policy.cooldown = .seconds(60)
        policy.codeLifetime = .seconds(300)
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 7), policy: policy, store: store)
        return (GatewayAPI(service: service, rateLimit: rateLimit, regions: ["CN", "GB"]), MessageLog(service.outbox))
    }

    private func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func ask(_ api: GatewayAPI, _ phone: String? = nil, key: String? = "key-1", language: String? = nil) async
        -> APIAnswer
    {
        await api.answer(
            APIRequest(
                path: "/v1/codes", idempotencyKey: key, acceptLanguage: language,
                body: body(#"{"phone": "\#(phone ?? number)"}"#)))
    }

    /// An id of the right shape that no request was answered with.
    private static let strangersID = String(repeating: "0", count: 32)

    /// Checks `code` under `id`: by default, one no request was answered with.
    private func check(_ api: GatewayAPI, _ code: String, id: String = strangersID, phone: String? = nil) async
        -> APIAnswer
    {
        let text = #"{"phone": "\#(phone ?? number)", "code": "\#(code)", "verification_id": "\#(id)"}"#
        return await api.answer(APIRequest(path: "/v1/codes/verify", body: body(text)))
    }

    /// The `verification_id` of a receipt's body ("" when there is none).
    private func id(of answer: APIAnswer) -> String {
        guard case .object(let members) = answer.body,
            case .string(let id)? = members.first(where: { $0.0 == "verification_id" })?.1
        else { return "" }
        return id
    }

    /// A receipt's body with the times given and `id`.
    private func receipt(_ cooldown: Int, _ lifetime: Int, id: String) -> JSONValue {
        .object([
            ("cooldown_seconds", .integer(cooldown)), ("expires_in_seconds", .integer(lifetime)),
            ("verification_id", .string(id)),
        ])
    }

    private func error(_ kind: String, _ message: String, retryAfter: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind)), ("message", .string(message))]
        if let retryAfter { members.append(("retry_after_seconds", .integer(retryAfter))) }
        return .object([("error", .object(members))])
    }

    private func result(_ name: String, attemptsLeft: Int? = nil) -> JSONValue {
        .object([("result", .string(name))] + (attemptsLeft.map { [("attempts_left", .integer($0))] } ?? []))
    }

    @Test func aRequestSendsOneCodeAndAnswers201() async {
        let (api, phone) = gateway()
        let answer = await ask(api)
        let id = id(of: answer)
        #expect(answer == APIAnswer(status: 201, headers: [], body: receipt(60, 300, id: id)))
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit) && id == id.lowercased(), "\(id)")
        #expect(phone.messages.count == 1)
        #expect(phone.messages.first?.recipient.e164 == number)
    }

    /// The text message is worded in the request's language, as its answer is, with the
    /// app's catalogs (which `make test` compiles into .build/locale first).
    @Test func theTextMessageIsInTheRequestsLanguage() async throws {
        let catalogs: String = try #require(LocaleDirectory.find(), "no .build/locale: run make locale")
        TextDomain.codegate.bind(to: catalogs)
        let (api, phone) = gateway()
        #expect(await ask(api, language: "en").status == 201)
        #expect(phone.messages.last?.text.hasPrefix("[CodeGate] Code ") == true, "\(phone.messages)")
        #expect(await ask(api, "+447400900124", key: "key-2", language: "zh-TW, en;q=0.5").status == 201)
        #expect(phone.messages.last?.text.hasPrefix("【CodeGate】驗證碼 ") == true, "\(phone.messages)")
        // Around the requests, the process's own words hold.
        #expect(SMSMessage.codeText("123456", validFor: .seconds(300)) == "【CodeGate】验证码 123456，5分钟内有效，请勿泄露。")
    }

    @Test func theSameKeyReplaysWhatIsLeftWithoutASecondSMS() async {
        let (api, phone) = gateway()
        let id = id(of: await ask(api))
        clock.advance(by: .seconds(18))
        let replay = await ask(api)
        #expect(
            replay
                == APIAnswer(
                    status: 200, headers: [("Idempotent-Replayed", "true")], body: receipt(42, 282, id: id)),
            "the same verification id")
        #expect(phone.messages.count == 1)
    }

    @Test func aNewKeyInTheCooldownGets429WithRetryAfter() async {
        let (api, phone) = gateway()
        _ = await ask(api)
        clock.advance(by: .milliseconds(17_500))
        let answer = await ask(api, key: "key-2")
        #expect(
            answer
                == APIAnswer(
                    status: 429, headers: [("Content-Language", "zh-CN"), ("Retry-After", "43")],
                    body: error("cooldown", "验证码已发送，请 43 秒后再试", retryAfter: 43)))
        #expect(phone.messages.count == 1)
        clock.advance(by: .seconds(43))
        #expect(await ask(api, key: "key-3").status == 201)
    }

    @Test func aKeyUsedForAnotherNumberGets422() async {
        let (api, phone) = gateway()
        _ = await ask(api)
        let answer = await ask(api, "+447400900124")
        #expect(answer.status == 422 && answer.body == error("idempotency_mismatch", "此 Idempotency-Key 已用于另一个请求"))
        #expect(phone.messages.count == 1)
    }

    @Test(arguments: [
        // Digits no region assigns, a region not served (the US), a premium-rate line.
        ("+99912345678", 400, "invalid_phone", "该号码尚未分配给任何用户，请检查后重新输入"),
        ("+16502530000", 422, "region_not_served", "暂不支持向该国家或地区的号码发送验证码"),
        ("+449098790879", 422, "not_a_mobile_number", "该号码不是手机号码，无法接收验证码短信"),
    ])
    func aNumberTheGatewayDoesNotTextIsRefusedWithoutAnSMS(phone: String, status: Int, kind: String, message: String)
        async
    {
        let (api, log) = gateway()
        let answer = await ask(api, phone)
        #expect(
            answer
                == APIAnswer(status: status, headers: [("Content-Language", "zh-CN")], body: error(kind, message)))
        #expect(log.messages.isEmpty)
        #expect(await ask(api, "+8613800138000", key: "key-2").status == 201, "the key was not spent on it")
    }

    @Test func aRefusedRequestIsNotRemembered() async {
        let (api, _) = gateway()
        _ = await ask(api, key: "first")
        #expect(await ask(api, key: "second").status == 429)
        clock.advance(by: .seconds(60))
        #expect(await ask(api, key: "second").status == 201, "the key's earlier refusal is decided afresh")
    }

    @Test func verifyAnswersEachResult() async throws {
        let (api, phone) = gateway()
        #expect(await check(api, "123456") == APIAnswer(status: 200, headers: [], body: result("no_code")))
        let id = id(of: await ask(api))
        let code = try #require(phone.lastCode)
        let wrong = code == "000000" ? "111111" : "000000"
        #expect(await check(api, wrong, id: id).body == result("wrong_code", attemptsLeft: 4))
        #expect(await check(api, code, id: id).body == result("verified"))
        #expect(await check(api, code, id: id).body == result("no_code"))
    }

    /// Whoever was not answered the request — knowing the number, even the code — gets the
    /// answer a number without a code gets, and spends none of the code's attempts.
    @Test func aCheckUnderAnotherIdIsNoCodeAndCountsNothing() async throws {
        let (api, phone) = gateway()
        let id = id(of: await ask(api))
        let code = try #require(phone.lastCode)
        let wrong = code == "000000" ? "111111" : "000000"
        let noCode = APIAnswer(status: 200, headers: [], body: result("no_code"))
        for _ in 0..<10 {
            #expect(await check(api, wrong) == noCode)
        }
        #expect(await check(api, code) == noCode, "even the right code")
        #expect(await check(api, code, phone: "+447400900124") == noCode, "as for a number never asked for")
        #expect(await check(api, wrong, id: id).body == result("wrong_code", attemptsLeft: 4), "none was counted")
        #expect(await check(api, code, id: id).body == result("verified"))
    }

    /// A client from before the id is refused, naming the member; an id no server gives out too.
    @Test func aCheckWithoutAnIdIsRefused() async throws {
        let (api, phone) = gateway()
        _ = await ask(api)
        let code = try #require(phone.lastCode)
        let old = await api.answer(
            APIRequest(path: "/v1/codes/verify", body: body(#"{"phone": "\#(number)", "code": "\#(code)"}"#)))
        #expect(
            old
                == APIAnswer(
                    status: 400, headers: [("Content-Language", "zh-CN")],
                    body: error("invalid_request", "请求缺少字符串字段 verification_id")))
        for bad in [#"7"#, #""short""#, #""\#(String(repeating: "a", count: 129))""#, #""0000000000000000000000/""#] {
            let text = #"{"phone": "\#(number)", "code": "\#(code)", "verification_id": \#(bad)}"#
            let answer = await api.answer(APIRequest(path: "/v1/codes/verify", body: body(text)))
            #expect(answer.status == 400 && answer.body != result("verified"), "\(bad)")
        }
    }

    @Test func fiveWrongGuessesLockTheCode() async throws {
        let (api, phone) = gateway()
        let id = id(of: await ask(api))
        let code = try #require(phone.lastCode)
        let wrong = code == "000000" ? "111111" : "000000"
        for left in (1...4).reversed() {
            #expect(await check(api, wrong, id: id).body == result("wrong_code", attemptsLeft: left))
        }
        #expect(await check(api, wrong, id: id).body == result("locked"))
        #expect(await check(api, code, id: id).body == result("locked"))
        #expect(await check(api, code).body == result("no_code"), "locked, but not to whoever lacks the id")
    }

    @Test func aCodePastItsLifetimeHasExpired() async throws {
        let (api, phone) = gateway()
        let id = id(of: await ask(api))
        let code = try #require(phone.lastCode)
        clock.advance(by: .seconds(300))
        #expect(await check(api, code, id: id).body == result("expired"))
        #expect(await check(api, code).body == result("no_code"), "expired, but not to whoever lacks the id")
    }

    @Test func badRequestsAreRefusedWithTheirKind() async {
        let (api, phone) = gateway()
        let cases: [(APIRequest, Int, String)] = [
            (APIRequest(path: "/v1/codes", idempotencyKey: "k", body: body("{\"phone\": ")), 400, "invalid_request"),
            (APIRequest(path: "/v1/codes", idempotencyKey: "k", body: body("{\"phone\": 1}")), 400, "invalid_request"),
            (APIRequest(path: "/v1/codes", body: body("{\"phone\": \"\(number)\"}")), 400, "invalid_request"),
            (
                APIRequest(path: "/v1/codes", idempotencyKey: "bad key", body: body("{\"phone\": \"\(number)\"}")), 400,
                "invalid_request"
            ),
            (
                APIRequest(path: "/v1/codes", idempotencyKey: "k", body: body("{\"phone\": \"13800138000\"}")), 400,
                "invalid_phone"
            ),
            (
                APIRequest(path: "/v1/codes", idempotencyKey: "k", body: body("{\"phone\": \"+8623800138000\"}")), 400,
                "invalid_phone"
            ),
            (
                APIRequest(path: "/v1/codes/verify", body: body("{\"phone\": \"\(number)\", \"code\": \"12a456\"}")),
                400, "invalid_request"
            ),
            (
                APIRequest(path: "/v1/codes/verify", body: body("{\"phone\": \"\(number)\", \"code\": \"123\"}")), 400,
                "invalid_request"
            ),
            (APIRequest(path: "/v1/codes/verify", body: body("{\"phone\": \"\(number)\"}")), 400, "invalid_request"),
            (
                APIRequest(path: "/v1/codes", contentType: "text/plain", idempotencyKey: "k", body: body("{}")), 415,
                "unsupported_media_type"
            ),
            (
                APIRequest(path: "/v1/codes", contentType: nil, idempotencyKey: "k", body: body("{}")), 415,
                "unsupported_media_type"
            ),
            (
                APIRequest(
                    path: "/v1/codes", contentType: "application/json; charset=latin1", idempotencyKey: "k",
                    body: body("{}")), 415, "unsupported_media_type"
            ),
            (
                APIRequest(path: "/v1/codes", idempotencyKey: "k", body: Array(repeating: 0x20, count: 4097)), 413,
                "payload_too_large"
            ),
            (APIRequest(path: "/v1/code"), 404, "not_found"),
            (APIRequest(path: "/v1/codes/"), 404, "not_found"),
            (APIRequest(method: "GET", path: "/v1/codes"), 405, "method_not_allowed"),
        ]
        for (request, status, kind) in cases {
            let answer = await api.answer(request)
            guard case .object(let members) = answer.body, case .object(let error)? = members.first?.1,
                  case .string(let message)? = error.first(where: { $0.0 == "message" })?.1
            else {
                Issue.record("\(request.path) \(request.body.count): no error body in \(answer.body)")
                continue
            }
            #expect(
                answer.status == status && error.first?.1 == .string(kind),
                "\(String(decoding: request.body, as: UTF8.self))")
            #expect(!message.isEmpty)
            #expect(answer.header("Content-Language") == "zh-CN")
        }
        #expect(await api.answer(APIRequest(method: "PUT", path: "/v1/codes/verify")).header("Allow") == "POST")
        #expect(phone.messages.isEmpty)
    }

    @Test func keysFollowTheProtocol() {
        for key in ["a", "7c1f3a9e-52b4_4d0a", String(repeating: "k", count: 64)] {
            #expect(GatewayAPI.isValidKey(key), "\(key)")
        }
        for key in ["", String(repeating: "k", count: 65), "a b", "a/b", "ключ", "a\n"] {
            #expect(!GatewayAPI.isValidKey(key), "\(key.debugDescription)")
        }
    }

    @Test func theSpacesAndCharsetOfAJSONContentTypeAreAllowed() {
        for type in [
            "application/json", "Application/JSON", "application/json; charset=utf-8",
            "application/json;charset=\"UTF-8\"",
        ] {
            #expect(GatewayAPI.isJSON(type), "\(type)")
        }
        for type in [
            "application/jsonx", "text/json", "application/json; charset=utf-16", "application/json; boundary=x", "",
        ] {
            #expect(!GatewayAPI.isJSON(type), "\(type)")
        }
    }

    @Test func bodiesThatCannotBeReadAreRefusedFromTheirHeaders() {
        #expect(GatewayAPI.refusal(contentLength: nil, chunked: true) == .lengthRequired)
        #expect(GatewayAPI.refusal(contentLength: 4097, chunked: false) == .payloadTooLarge)
        #expect(GatewayAPI.refusal(contentLength: 4096, chunked: false) == nil)
        #expect(GatewayAPI.refusal(contentLength: nil, chunked: false) == nil)
    }

    /// Two a minute: both at once, then one every 30 s.
    @Test func theRateLimitAnswers429RateLimited() async {
        let (api, _) = gateway(rateLimit: 2)
        #expect(await check(api, "123456").status == 200)
        clock.advance(by: .seconds(20))
        #expect(await check(api, "123456").status == 200)
        let answer = await check(api, "123456")
        #expect(answer.status == 429 && answer.header("Retry-After") == "10")
        #expect(answer.body == error("rate_limited", "请求过于频繁，请 10 秒后再试", retryAfter: 10))
        clock.advance(by: .seconds(10))
        #expect(await check(api, "123456").status == 200, "the allowance came back")
        #expect(await check(api, "123456").header("Retry-After") == "30")
        #expect(
            await api.answer(APIRequest(path: "/v1/codes/verify", body: [], client: "10.0.0.2")).status == 400,
            "another client has an allowance of its own")
    }

    @Test func aStateThatCannotBeKeptFailsClosedWith503() async {
        let broken = GatewayStore(
            folder: .failure(StateFileError(path: "/nowhere", reason: .folderNotPrivate("test"), isFolder: true)),
            report: { _ in })
        let (api, phone) = gateway(store: broken)
        let answer = await ask(api)
        #expect(answer.status == 503 && answer.body == error("state_unavailable", StateProblem.folder.message))
        #expect(await check(api, "123456").status == 503)
        #expect(phone.messages.isEmpty)
    }

    @Test func aFullOrRecoveringStoreAnswers503WithRetryAfter() {
        for (problem, kind) in [
            (StateProblem.crowded(secondsLeft: 42), "store_full"), (.recovering(secondsLeft: 42), "state_recovering"),
        ] {
            let answer = Refusal.stateUnavailable(problem).answer(in: .preferred(by: nil))
            #expect(answer.status == 503 && answer.header("Retry-After") == "42")
            #expect(answer.body == error(kind, problem.message, retryAfter: 42))
        }
    }
}
