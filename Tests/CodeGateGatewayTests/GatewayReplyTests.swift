@testable import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

/// Idempotency keys in the shared state: a key answered by one gateway is replayed by any
/// other on the same state, before or after a restart, and never sends a second SMS.
extension GatewayStoreTests {
    private var other: PhoneNumber { PhoneNumber(e164: "+447700900123")! }

    @Test func aKeyIsReplayedByAnotherGatewayAndAfterARestart() async throws {
        let first = service()
        let second = service(seed: 2)
        let phone = MessageLog(first.outbox)
        let otherPhone = MessageLog(second.outbox)
        let sent = try await first.requestCode(for: number, idempotencyKey: "slide-1")
        #expect(sent.timesOnly == .sent(.times(60, 300)))
        let id = try #require(sent.receipt?.verificationID)
        clock.advance(by: .milliseconds(20_500))
        let left = KeyedReceipt.replayed(
            CodeReceipt(cooldown: .seconds(40), validFor: .seconds(280), verificationID: id))
        #expect(try await second.requestCode(for: number, idempotencyKey: "slide-1") == left, "with the same id")
        #expect(try await service(seed: 3).requestCode(for: number, idempotencyKey: "slide-1") == left)
        #expect(phone.messages.count == 1 && otherPhone.messages.isEmpty)
        #expect(try rows("SELECT key, number FROM replies") == [[.text("slide-1"), .text(number.e164)]])
    }

    @Test func aKeyForAnotherNumberIsRefusedAndSendsNothing() async throws {
        let gateway = service()
        let phone = MessageLog(gateway.outbox)
        _ = try await gateway.requestCode(for: number, idempotencyKey: "slide-1")
        #expect(try await service(seed: 2).requestCode(for: other, idempotencyKey: "slide-1") == .keyMismatch)
        #expect(phone.messages.count == 1)
    }

    @Test func aRefusedRequestLeavesNoKey() async throws {
        let gateway = service()
        _ = try await gateway.requestCode(for: number, idempotencyKey: "slide-1")
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 60)) {
            try await gateway.requestCode(for: number, idempotencyKey: "slide-2")
        }
        clock.advance(by: .seconds(60))
        #expect(
            try await gateway.requestCode(for: number, idempotencyKey: "slide-2").timesOnly == .sent(.times(60, 300)))
    }

    @Test func aKeyIsForgottenWithItsCode() async throws {
        let gateway = service()
        _ = try await gateway.requestCode(for: number, idempotencyKey: "slide-1")
        clock.advance(by: .seconds(299))
        #expect(
            try await gateway.requestCode(for: number, idempotencyKey: "slide-1").timesOnly == .replayed(.times(1, 1)))
        clock.advance(by: .seconds(1))
        // Forgotten: the same key is a new request, and the cooldown is long over.
        #expect(
            try await gateway.requestCode(for: number, idempotencyKey: "slide-1").timesOnly == .sent(.times(60, 300)))
    }

    @Test func aDamagedReplyIsDroppedNotTrusted() async throws {
        _ = try await service().requestCode(for: number, idempotencyKey: "slide-1")
        try rows("UPDATE replies SET number = '+86' WHERE key = 'slide-1'")
        clock.advance(by: .seconds(60))
        let gateway = service(seed: 2)
        let phone = MessageLog(gateway.outbox)
        #expect(
            try await gateway.requestCode(for: number, idempotencyKey: "slide-1").timesOnly == .sent(.times(60, 300)))
        #expect(phone.messages.count == 1)
    }

    @Test func aReplayedIdChecksTheCodeItsRequestSent() async throws {
        let gateway = service()
        let phone = MessageLog(gateway.outbox)
        _ = try await gateway.requestCode(for: number, idempotencyKey: "slide-1")
        let code = try #require(phone.lastCode)
        let replayed = try await service(seed: 2).requestCode(for: number, idempotencyKey: "slide-1")
        let id = try #require(replayed.receipt?.verificationID)
        #expect(try await service(seed: 3).verify(code, for: number, verificationID: id) == .verified)
    }

    /// A key kept by a gateway before replies kept their code's salt (schema 2): not replayed
    /// without the id, and its number's cooldown still holds.
    @Test func aReplyFromBeforeTheIdIsNotReplayed() async throws {
        _ = try await service().requestCode(for: number, idempotencyKey: "slide-1")
        try rows("UPDATE replies SET code_salt = NULL")
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 60)) {
            try await self.service(seed: 2).requestCode(for: self.number, idempotencyKey: "slide-1")
        }
    }
}
