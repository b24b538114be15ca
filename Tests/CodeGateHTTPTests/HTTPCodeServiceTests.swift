import CodeGateBase
import CSoup
@testable import CodeGateHTTP
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateService
import CodeGateCore
import GtkTestSupport
import XCTest

/// The HTTP service against a loopback SoupServer in this process — a well-behaved one, and a
/// hostile one: each case ends in the flow's expected answer or error within the timeout, with
/// the body read bounded. The main loop is pumped as the app's runs it.
final class HTTPCodeServiceTests: XCTestCase {
    typealias H = ServiceHarness

    func testRequestAndVerifyOverOneConnection() {
        H.withServer { server, service in
            var verdicts = [#"{"result": "wrong_code", "attempts_left": 4}"#, #"{"result": "verified"}"#]
            server.reply = { request in
                request.path == "/v1/codes"
                    ? .answer(status: 201, body: H.receipt) : .answer(status: 200, body: verdicts.removeFirst())
            }
            XCTAssertEqual(H.request(service), .success(H.sent))
            XCTAssertEqual(H.verify(service, "000000"), .success(.wrongCode(attemptsLeft: 4)))
            XCTAssertEqual(H.verify(service), .success(.verified))
            XCTAssertEqual(server.requests.map(\.path), ["/v1/codes", "/v1/codes/verify", "/v1/codes/verify"])
            let first = server.requests[0]
            XCTAssertEqual(
                first.body,
                #"{"phone": "+8613800138000", "challenge": ""# + TestServer.challenge + #"", "solution": 7}"#)
            XCTAssertTrue(GtkDriver.pump { server.challengeRequests.count == 2 })
            XCTAssertEqual(
                server.challengeRequests.map(\.body), ["{}", "{}"],
                "one challenge for the request, and the next one readied during its cooldown")
            XCTAssertEqual(
                server.requests[2].body,
                #"{"phone": "+8613800138000", "code": "123456", "verification_id": ""# + H.verificationID + #""}"#)
            XCTAssertEqual(first.headers["user-agent"], "CodeGate/0.1")
            XCTAssertEqual(first.headers["accept-language"], "en")
            XCTAssertEqual(first.headers["content-type"], "application/json; charset=utf-8")
            let key = first.headers["idempotency-key"] ?? ""
            XCTAssertEqual(key.count, 32)
            XCTAssertTrue(
                key.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
            XCTAssertNil(server.requests[1].headers["idempotency-key"], "checking a code sends no SMS: no key")
            // The next challenge is fetched while the checks go: two requests at once at most.
            XCTAssertTrue(
                (1...2).contains(server.connections), "keep-alive: \(server.connections) for all five requests")
        }
    }

    func testAReplayedAnswerCountsOnlyWithItsHeader() {
        H.withServer { server, service in
            server.reply = { _ in .answer(status: 200, body: H.receipt) }
            XCTAssertEqual(H.request(service), .failure(.badAnswer))
            server.reply = { _ in .answer(status: 200, body: H.receipt, headers: [("Idempotent-Replayed", "true")]) }
            XCTAssertEqual(H.request(service), .success(H.sent))
        }
    }

    func testGarbageAndMalformedBodiesAreBadAnswers() {
        H.withServer { server, service in
            for body in [
                "{not json", "", "[]", #"{"cooldown_seconds": "60", "expires_in_seconds": 300}"#,
                #"{"cooldown_seconds": 60}"#, #"{"cooldown_seconds": 0, "expires_in_seconds": 300}"#,
                #"{"cooldown_seconds": 60.5, "expires_in_seconds": 300}"#,
                #"{"cooldown_seconds": 60, "cooldown_seconds": 1, "expires_in_seconds": 300}"#,
                #"{"cooldown_seconds": 60, "expires_in_seconds": 300}"#,
                #"{"cooldown_seconds": 60, "expires_in_seconds": 300, "verification_id": 7}"#,
                #"{"cooldown_seconds": 60, "expires_in_seconds": 300, "verification_id": "short"}"#,
                #"{"cooldown_seconds": 60, "expires_in_seconds": 300, "verification_id": "3f2a9c0d4e5b6a7f8091a2b3c4d5e6f/"}"#,
                String(repeating: "[", count: 60_000),
            ] {
                server.reply = { _ in .answer(status: 201, body: body) }
                XCTAssertEqual(H.request(service), .failure(.badAnswer), body.prefix(80) + "")
            }
            for body in [
                #"{"result": "maybe"}"#, #"{"result": "wrong_code", "attempts_left": 0}"#, #"{"result": "wrong_code"}"#,
            ] {
                server.reply = { _ in .answer(status: 200, body: body) }
                XCTAssertEqual(H.verify(service), .failure(.badAnswer), body)
            }
        }
    }

    func testWrongContentTypeIsABadAnswer() {
        H.withServer { server, service in
            for type in ["text/html", "application/json; charset=iso-8859-1", nil] {
                server.reply = { _ in .answer(status: 201, contentType: type, body: H.receipt) }
                XCTAssertEqual(H.request(service), .failure(.badAnswer), type ?? "no type")
            }
            for type in ["Application/JSON;charset=UTF-8", "application/json ;\tcharset=utf-8 ", "application/json"] {
                server.reply = { _ in .answer(status: 201, contentType: type, body: H.receipt) }
                XCTAssertEqual(
                    H.request(service), .success(H.sent), type)
            }
        }
    }

    func testAHugeDeclaredBodyIsRefusedUnread() {
        H.withServer { server, service in
            let head = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n"
            server.reply = { _ in .raw(.stream(head: head, chunk: 65_536, total: 104_857_600)) }
            XCTAssertEqual(H.request(service), .failure(.badAnswer))
        }
    }

    func testAnEndlessBodyIsReadOnlyToTheLimit() {
        H.withServer { server, service in
            let head = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            server.reply = { _ in .raw(.stream(head: head, chunk: 65_536, total: 104_857_600)) }
            XCTAssertEqual(H.request(service), .failure(.badAnswer))
            GtkDriver.pump(for: .milliseconds(200))
            let connection = server.raw[0]
            XCTAssertTrue(connection.clientLeft, "the client hung up")
            XCTAssertLessThan(
                connection.written, 16 * 1_048_576, "of 100 MB, only what the socket buffers held was sent")
        }
    }

    func testABodyOfOneByteASecondEndsAtTheTimeout() {
        H.withServer { server, service in
            let head = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"
            server.reply = { _ in .raw(.trickle(head: head, milliseconds: 1000)) }
            XCTAssertEqual(H.request(service), .failure(.timeout))
        }
    }

    func testAResetMidBodyIsANetworkFailure() {
        H.withServer { server, service in
            let head =
                "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 60\r\n\r\n{\"cooldown_seconds\": "
            server.reply = { _ in .raw(.reset(head: head)) }
            XCTAssertEqual(H.request(service), .failure(.network))
        }
    }

    func testRedirectsAreNotFollowed() {
        H.withServer { server, service in
            server.reply = { _ in
                .answer(status: 302, contentType: nil, body: "", headers: [("Location", server.url + "v1/codes")])
            }
            XCTAssertEqual(H.request(service), .failure(.badAnswer))
            XCTAssertEqual(server.requests.count, 1, "a 302 loop ends at the first 302")
        }
    }

    func testServerErrors() {
        H.withServer { server, service in
            server.reply = { _ in .answer(status: 500, contentType: "text/html", body: "<h1>oops</h1>") }
            XCTAssertEqual(H.request(service), .failure(.serverError))
            server.reply = { _ in
                .answer(status: 503, body: #"{"error": {"kind": "state_unavailable", "message": "down"}}"#)
            }
            XCTAssertEqual(H.verify(service), .failure(.serverError))
            server.reply = { _ in .answer(status: 418, body: #"{"error": {"kind": "teapot", "message": "no"}}"#) }
            XCTAssertEqual(H.request(service), .failure(.badAnswer))
        }
    }

    func testTooManyRequests() {
        H.withServer { server, service in
            func error(_ kind: String, _ seconds: Int? = nil) -> String {
                #"{"error": {"kind": "\#(kind)", "message": "wait""#
                    + (seconds.map { #", "retry_after_seconds": \#($0)"# } ?? "") + "}}"
            }
            server.reply = { _ in .answer(status: 429, body: error("cooldown", 42), headers: [("Retry-After", "42")]) }
            XCTAssertEqual(H.request(service), .failure(.cooldown(secondsLeft: 42)))
            server.reply = { _ in .answer(status: 429, body: error("cooldown", 17)) }
            XCTAssertEqual(
                H.request(service), .failure(.cooldown(secondsLeft: 17)), "without Retry-After, the body's seconds")
            server.reply = { _ in .answer(status: 429, body: error("cooldown")) }
            XCTAssertEqual(H.request(service), .failure(.badAnswer), "a cooldown must say how long")
            server.reply = { _ in
                .answer(status: 429, body: error("rate_limited", 86_400), headers: [("Retry-After", "7")])
            }
            XCTAssertEqual(H.request(service), .failure(.badAnswer), "a header and a body that disagree")
            server.reply = { _ in .answer(status: 429, body: error("cooldown", 42), headers: [("Retry-After", "41")]) }
            XCTAssertEqual(H.verify(service), .failure(.badAnswer), "by a second too")
            server.reply = { _ in
                .answer(status: 429, body: error("rate_limited", 30), headers: [("Retry-After", "30")])
            }
            XCTAssertEqual(H.request(service), .failure(.rateLimited(retryAfter: 30)))
            XCTAssertEqual(CodeServiceError.rateLimited(retryAfter: 30).message, "请求过于频繁，请 30 秒后重新滑动验证")
            XCTAssertEqual(CodeServiceError.rateLimited(retryAfter: 600).message, "请求过于频繁，请 10 分钟后重新滑动验证")
            server.reply = { _ in
                .answer(
                    status: 429, body: error("rate_limited"),
                    headers: [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")])
            }
            XCTAssertEqual(H.verify(service), .failure(.rateLimited(retryAfter: nil)))
            XCTAssertEqual(CodeServiceError.rateLimited(retryAfter: nil).message, "请求过于频繁，请稍后重新滑动验证")
            // A spent budget against SMS pumping is, to the person at the window, too many requests.
            let kinds = [
                "country_budget_exhausted", "global_budget_exhausted", "client_budget_exhausted", "prefix_suspended",
                "prefix_throttled",
            ]
            for kind in kinds {
                server.reply = { _ in .answer(status: 429, body: error(kind, 1680), headers: [("Retry-After", "1680")])
                }
                XCTAssertEqual(H.request(service), .failure(.rateLimited(retryAfter: 1680)), kind)
            }
            // A number the server does not text is the person's to change, not a broken server.
            let refusals: [(UInt32, String)] = [
                (400, "invalid_phone"), (422, "region_not_served"), (422, "not_a_mobile_number"),
            ]
            for (status, kind) in refusals {
                server.reply = { _ in .answer(status: status, body: error(kind)) }
                XCTAssertEqual(H.request(service), .failure(.numberNotServed), kind)
            }
            XCTAssertEqual(
                CodeServiceError.numberNotServed.message, "无法向该号码发送验证码，请换一个手机号码后重新滑动验证")
        }
    }

    func testAChallengeIsReadiedBeforeTheRequest() {
        H.withServer { server, service in
            server.reply = { _ in .answer(status: 201, body: H.receipt) }
            service.prepareRequest()
            service.prepareRequest()
            XCTAssertTrue(GtkDriver.pump { server.challengeRequests.count == 1 })
            XCTAssertEqual(H.request(service), .success(H.sent))
            XCTAssertTrue(server.requests[0].body.contains(#""solution": 7"#))
            XCTAssertTrue(
                GtkDriver.pump { server.challengeRequests.count == 2 }, "the readied one used, the next one asked for")
        }
    }

    /// A challenge the server refuses for a reason a fresh one cures — it expired on the way —
    /// is replaced, and the request sent again under the same key, once: a second refusal is
    /// the flow's to show.
    func testARefusedChallengeIsReplacedOnce() {
        H.withServer { server, service in
            var refusals = ["challenge_expired"]
            server.reply = { _ in
                guard !refusals.isEmpty else { return .answer(status: 201, body: H.receipt) }
                return .answer(status: 403, body: H.error(refusals.removeFirst()))
            }
            XCTAssertEqual(H.request(service), .success(H.sent))
            let keys = server.requests.map { $0.headers["idempotency-key"] ?? "" }
            XCTAssertEqual(keys.count, 2)
            XCTAssertEqual(keys[0], keys[1], "the same request: the same key")
            refusals = ["challenge_replayed", "challenge_replayed"]
            XCTAssertEqual(H.request(service), .failure(.challengeRefused(.replayed)))
            XCTAssertEqual(server.requests.count, 4)
            server.reply = { _ in .answer(status: 400, body: H.error("challenge_required")) }
            XCTAssertEqual(H.request(service), .failure(.challengeRefused(.required)))
            XCTAssertEqual(server.requests.count, 5, "no fresh challenge cures a server that saw none")
        }
    }

    /// A server from before challenges (or one that asks for none) answers 404: requests go
    /// without one.
    func testAServerWithoutChallengesGetsNone() {
        H.withServer { server, service in
            server.challenge = { _ in .answer(status: 404, body: H.error("not_found")) }
            server.reply = { _ in .answer(status: 201, body: H.receipt) }
            XCTAssertEqual(H.request(service), .success(H.sent))
            XCTAssertEqual(server.requests[0].body, #"{"phone": "+8613800138000"}"#)
            XCTAssertEqual(H.request(service), .success(H.sent))
            XCTAssertEqual(server.challengeRequests.count, 1, "its word holds for a while")
        }
    }

    func testABadChallengeAnswerEndsTheRequest() {
        H.withServer { server, service in
            server.reply = { _ in .answer(status: 201, body: H.receipt) }
            for body in [
                #"{"challenge": "1.SHA-256", "expires_in_seconds": 300}"#, #"{"challenge": 1}"#,
                #"{"challenge": ""# + TestServer.challenge + #""}"#, "<html>",
            ] {
                server.challenge = { _ in .answer(status: 201, body: body) }
                XCTAssertEqual(H.request(service), .failure(.badAnswer), body)
            }
            XCTAssertTrue(server.requests.isEmpty, "no request without its challenge")
        }
    }

    func testARetryAfterATimeoutReusesTheKey() {
        H.withServer { server, service in
            server.reply = { _ in .raw(.hold(head: "")) }
            XCTAssertEqual(H.request(service), .failure(.timeout))
            server.reply = { _ in .answer(status: 201, body: H.receipt) }
            XCTAssertEqual(H.request(service), .success(H.sent))
            XCTAssertEqual(H.request(service), .success(H.sent))
            let keys = server.requests.map { $0.headers["idempotency-key"] ?? "" }
            XCTAssertEqual(keys[0], keys[1], "the answer never came: the same key, so no second SMS")
            XCTAssertNotEqual(keys[1], keys[2], "answered: the next request is a new one")
        }
    }

    func testAnotherNumberAfterATimeoutGetsItsOwnKey() {
        H.withServer { server, service in
            server.reply = { _ in .raw(.reset(head: "")) }
            XCTAssertEqual(H.request(service), .failure(.network))
            server.reply = { _ in .answer(status: 201, body: H.receipt) }
            _ = H.request(service, PhoneNumber(e164: "+8613900139000")!)
            let keys = server.requests.map { $0.headers["idempotency-key"] ?? "" }
            XCTAssertNotEqual(keys[0], keys[1])
        }
    }

    func testClosingTheServiceEndsItsCalls() {
        H.withServer { server, service in
            server.reply = { _ in .raw(.hold(head: "")) }
            let box = OutcomeBox<CodeReceipt>()
            box.start { () async throws(CodeServiceError) in try await service.requestCode(for: H.number) }
            XCTAssertTrue(GtkDriver.pump { server.requests.count == 1 })
            service.close()
            XCTAssertTrue(
                GtkDriver.pump(timeout: .milliseconds(500)) { box.result != nil }, "ends at once, not at the timeout")
            XCTAssertEqual(box.result, .failure(.timeout))
        }
    }

    func testACancelledTaskEndsItsCall() {
        H.withServer { server, service in
            server.reply = { _ in .raw(.hold(head: "")) }
            let box = OutcomeBox<CodeReceipt>()
            let task = box.start { () async throws(CodeServiceError) in try await service.requestCode(for: H.number) }
            XCTAssertTrue(GtkDriver.pump { server.requests.count == 1 })
            task.cancel()
            XCTAssertTrue(GtkDriver.pump(timeout: .milliseconds(500)) { box.result != nil })
        }
    }

    /// TLS goes through GIO: a certificate no one vouches for ends the call before a byte of
    /// the request is sent.
    func testAnUntrustedCertificateIsANetworkFailure() {
        MainActor.assumeIsolated {
            MainQueueSource.install()
            let server = TestServer(tls: true)
            defer { server.stop() }
            server.reply = { _ in .answer(status: 201, body: H.receipt) }
            var reasons: [String] = []
            let service = HTTPCodeService(
                url: try! ServiceURL(parsing: server.url), timers: GLibTimerPort(), timeout: .seconds(1)
            ) { reasons.append($0) }
            XCTAssertEqual(H.request(service), .failure(.network))
            XCTAssertTrue(server.requests.isEmpty)
            XCTAssertEqual(reasons.count, 1, "\(reasons)")
        }
    }

    func testNoServerIsANetworkFailure() {
        MainActor.assumeIsolated {
            MainQueueSource.install()
            let server = TestServer()
            let url = server.url
            server.stop()
            let service = HTTPCodeService(
                url: try! ServiceURL(parsing: url), timers: GLibTimerPort(), timeout: .seconds(1))
            XCTAssertEqual(H.request(service), .failure(.network))
        }
    }
}

