import CodeGateProtocol
import Testing

/// The bodies as docs/protocol.md spells them, byte for byte: the vocabulary is written once in
/// CodeGateProtocol, so these literals are the independent check of it.
@Suite struct MessageTests {
    private func text(_ value: JSONValue) -> String {
        String(decoding: value.encoded, as: UTF8.self)
    }

    @Test func requestsNameThePhoneAndTheCode() {
        #expect(text(CodeRequest(phone: "+8613800138000").json) == #"{"phone": "+8613800138000"}"#)
        #expect(
            text(CodeRequest(phone: "+8613800138000", challenge: "1.x", solution: 7).json)
                == #"{"phone": "+8613800138000", "challenge": "1.x", "solution": 7}"#)
        #expect(
            text(CodeRequest(phone: "+8613800138000", code: "123456", verificationID: "9c1e").json)
                == #"{"phone": "+8613800138000", "code": "123456", "verification_id": "9c1e"}"#)
    }

    @Test func answersCarryTheirMembersInOrder() {
        #expect(
            text(ReceiptAnswer(cooldownSeconds: 60, expiresInSeconds: 300, verificationID: "9c1e").json)
                == #"{"cooldown_seconds": 60, "expires_in_seconds": 300, "verification_id": "9c1e"}"#)
        #expect(text(VerdictAnswer(.noCode).json) == #"{"result": "no_code"}"#)
        #expect(
            text(VerdictAnswer(.wrongCode, attemptsLeft: 4).json) == #"{"result": "wrong_code", "attempts_left": 4}"#)
        #expect(
            text(ErrorAnswer(kind: .storeFull, message: "满", retryAfterSeconds: 42).json)
                == #"{"error": {"kind": "store_full", "message": "满", "retry_after_seconds": 42}}"#)
        #expect(
            text(ErrorAnswer(kind: .notFound, message: "no").json)
                == #"{"error": {"kind": "not_found", "message": "no"}}"#)
    }

    @Test func theVocabularyIsTheDocumentedOne() {
        #expect(ProtocolPath.all == ["/v1/challenges", "/v1/codes", "/v1/codes/verify", "/healthz", "/metrics"])
        #expect(ProtocolPath.relative(ProtocolPath.verify) == "v1/codes/verify")
        #expect(
            ProtocolErrorKind.allCases.map(\.rawValue) == [
                "invalid_request", "invalid_phone", "not_found", "method_not_allowed", "length_required",
                "payload_too_large",
                "unsupported_media_type", "idempotency_mismatch", "region_not_served", "not_a_mobile_number",
                "challenge_required", "challenge_invalid", "challenge_expired", "challenge_unsolved",
                "challenge_replayed", "cooldown", "rate_limited", "number_budget_exhausted", "country_budget_exhausted",
                "global_budget_exhausted", "client_budget_exhausted", "prefix_suspended", "prefix_throttled", "internal",
                "store_full",
                "state_recovering", "state_unavailable",
            ])
        #expect(ProtocolResult.allCases.map(\.rawValue) == ["verified", "wrong_code", "expired", "locked", "no_code"])
        #expect((ProtocolLimit.requestBytes, ProtocolLimit.answerBytes) == (4096, 65_536))
    }
}
