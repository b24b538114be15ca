import CodeGateBase
@testable import CodeGateServer
import CodeGateCore
import CodeGateGateway
import CodeGateProtocol
import CodeGateService
import CodeGateTestSupport
import Testing

/// The provider's options, the bytes it receives and their signature, and a budget's refusal.
@MainActor
@Suite struct DeliveryTests {
    @Test func readsTheProviderAndBudgetOptions() throws {
        let webhook = try GatewayOptions.parse([
            "--sms-webhook", "https://sms.example.com/hook", "--sms-webhook-key-file=/etc/k", "--budgets", "/etc/b",
        ])
        #expect(webhook.smsWebhook == "https://sms.example.com/hook" && webhook.smsWebhookKeyFile == "/etc/k")
        #expect(webhook.budgetsFile == "/etc/b" && webhook.smsCommand == nil)
        let command = try GatewayOptions.parse(["--sms-command", #"/usr/bin/send "two words" 'it''s' a\ b"#])
        #expect(command.smsCommand == ["/usr/bin/send", "two words", "its", "a b"])
        // A message's text never reaches a shell: `$(…)` is a word like any other.
        #expect(try GatewayOptions.parse(["--sms-command", "echo $(id)"]).smsCommand == ["echo", "$(id)"])
    }

    @Test func refusesProvidersThatWouldLeakOrCannotWork() {
        let refused: [([String], GatewayOptionError)] = [
            (
                ["--sms-webhook", "http://sms.example.com/", "--sms-webhook-key-file", "/k"],
                .badWebhook(
                    "--sms-webhook", "http://sms.example.com/",
                    reason: ServiceURLError.cleartext("sms.example.com").description)
            ),
            (["--sms-webhook", "https://sms.example.com/"], .webhookKey("--sms-webhook")),
            (["--sms-webhook-key-file", "/k"], .webhookKey("--sms-webhook")),
            (["--alert-webhook", "https://pager.example.com/"], .webhookKey("--alert-webhook")),
            (
                ["--alert-webhook", "http://pager.example.com/", "--alert-webhook-key-file", "/k"],
                .badWebhook(
                    "--alert-webhook", "http://pager.example.com/",
                    reason: ServiceURLError.cleartext("pager.example.com").description)
            ),
            (
                ["--sms-webhook-key-file", "k", "--sms-webhook", "https://a/"],
                .relativePath("--sms-webhook-key-file", "k")
            ),
            (["--budgets", "budgets"], .relativePath("--budgets", "budgets")),
            (["--sms-command", "'open"], .badCommand("'open")),
            (["--sms-command", " "], .badCommand(" ")),
            (["--sms-command", "x", "--sms-webhook", "https://a/", "--sms-webhook-key-file", "/k"], .twoProviders),
        ]
        for (arguments, error) in refused {
            #expect(throws: error) { try GatewayOptions.parse(arguments) }
        }
    }

    @Test func theBodyIsSignedWithItsTimestampAsDocumented() throws {
        let message = OutboxMessage(
            id: "0123456789abcdef0123456789abcdef", recipient: try #require(PhoneNumber(e164: "+8613800138000")),
            text: "code 123456", created: .seconds(1_764_662_400) + .milliseconds(900), attempts: 0,
            validFor: .seconds(60))
        let body = ProviderMessage.body(of: message)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"id": "0123456789abcdef0123456789abcdef", "to": "+8613800138000", "text": "code 123456", "created": 1764662400}"#
        )
        // Python: hmac.new(key, b"1764662405." + body, hashlib.sha256).hexdigest()
        #expect(
            ProviderMessage.signature(
                of: body, timestamp: 1_764_662_405, key: Array("0123456789abcdef-shared-webhook-key".utf8))
                == "sha256=f1caccc02e9868e36624713f867b5be044eb6d3f9a7f2302b1034051bd6a7a0a")
    }

    @Test func aSpentBudgetIsA429OfItsOwnKindWithRetryAfter() async throws {
        let clock = ManualTimerPort()
        let service = LocalCodeService(
            timers: clock, random: SeededRandom(seed: 1), budgets: try BudgetPlan.parse("global hour 1\n"))
        let api = GatewayAPI(service: service, rateLimit: 0, regions: ["CN", "GB"])
        var refused: [BudgetRefusal] = []
        let watch = api.outcomes.observe {
            if case .overBudget(let refusal) = $0 { refused.append(refusal) }
        }
        func ask(_ phone: String, _ key: String) async -> APIAnswer {
            await api.answer(
                APIRequest(
                    path: "/v1/codes", idempotencyKey: key,
                    body: Array(#"{"phone": "\#(phone)"}"#.utf8)))
        }
        #expect(await ask("+447400900123", "a").status == 201)
        let answer = await ask("+447400900124", "b")
        #expect(answer.status == 429)
        let wait = try #require(answer.headers.first { $0.0 == "Retry-After" }.flatMap { Int($0.1) })
        #expect((1...3600).contains(wait))
        guard case .object(let members) = answer.body, case .object(let error)? = members.first?.1 else {
            Issue.record("no error body")
            return
        }
        #expect(error.first { $0.0 == "kind" }?.1 == .string("global_budget_exhausted"))
        #expect(error.first { $0.0 == "retry_after_seconds" }?.1 == .integer(wait))
        #expect(refused.map(\.prefix) == ["+44"])
        withExtendedLifetime(watch) {}
    }
}
