import CodeGateBase
import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct LocalCodeServiceTests {
    let clock = ManualTimerPort()
    let number = PhoneNumber.sample

    private func service(seed: UInt64 = 1) -> LocalCodeService {
        LocalCodeService(timers: clock, random: SeededRandom(seed: seed))
    }

    /// Requests a code and reads it from the delivered message, as the user would, with the
    /// verification id the request was answered with.
    private func deliveredCode(_ service: LocalCodeService, for number: PhoneNumber? = nil) async throws -> (
        code: String, id: String
    ) {
        let log = MessageLog(service.outbox)
        let receipt = try await service.requestCode(for: number ?? self.number)
        return (try #require(log.lastCode), receipt.verificationID)
    }

    @Test func requestDeliversACodeAsAnSMS() async throws {
        let service = service()
        let log = MessageLog(service.outbox)
        let receipt = try await service.requestCode(for: number)
        #expect(receipt.cooldown == .seconds(60) && receipt.validFor == .seconds(300))
        #expect(receipt.verificationID.count == 32 && receipt.verificationID.allSatisfy(\.isHexDigit))
        #expect(log.messages.count == 1)
        let message = try #require(log.messages.first)
        #expect(message.recipient == number)
        let code = String(message.text.split(separator: " ")[1].prefix(6))
        #expect(VerificationCode.isComplete(code))
        #expect(message.text == "【CodeGate】验证码 \(code)，5分钟内有效，请勿泄露。")
    }

    @Test func codesFollowTheInjectedRandomSource() async throws {
        let first = try await deliveredCode(service(seed: 42)).code
        let again = try await deliveredCode(service(seed: 42)).code
        let other = try await deliveredCode(service(seed: 43)).code
        #expect(first == again)
        #expect(first != other)
    }

    @Test func rightCodeVerifiesOnce() async throws {
        let service = service()
        let (code, id) = try await deliveredCode(service)
        #expect(try await service.verify(code, for: number, verificationID: id) == .verified)
        #expect(try await service.verify(code, for: number, verificationID: id) == .noCodeRequested, "single use")
    }

    @Test func codeIsForItsNumberOnly() async throws {
        let service = service()
        let (code, id) = try await deliveredCode(service)
        let other = try #require(PhoneNumber.check("13900139000").number)
        #expect(try await service.verify(code, for: other, verificationID: id) == .noCodeRequested)
    }

    @Test func codeExpiresAfterFiveMinutes() async throws {
        let service = service()
        let (code, id) = try await deliveredCode(service)
        clock.advance(by: .seconds(300) - .milliseconds(1))
        let wrong = "000000" == code ? "111111" : "000000"
        #expect(try await service.verify(wrong, for: number, verificationID: id) == .wrongCode(attemptsLeft: 4))
        clock.advance(by: .milliseconds(1))
        #expect(try await service.verify(code, for: number, verificationID: id) == .expired)
    }

    @Test func fiveWrongGuessesLockTheCode() async throws {
        let service = service()
        let (code, id) = try await deliveredCode(service)
        let wrong = code == "000000" ? "111111" : "000000"
        for left in (1...4).reversed() {
            #expect(try await service.verify(wrong, for: number, verificationID: id) == .wrongCode(attemptsLeft: left))
        }
        #expect(try await service.verify(wrong, for: number, verificationID: id) == .locked)
        #expect(try await service.verify(code, for: number, verificationID: id) == .locked, "even the right code")
        clock.advance(by: .seconds(60))
        let fresh = try await deliveredCode(service)
        #expect(
            try await service.verify(fresh.code, for: number, verificationID: fresh.id) == .verified,
            "a new code unlocks")
    }

    @Test func aCheckWithoutTheRequestsIdNeitherCountsNorTells() async throws {
        let service = service()
        let (code, id) = try await deliveredCode(service)
        let wrong = code == "000000" ? "111111" : "000000"
        let stranger = String(id.reversed())
        for _ in 0..<40 {
            #expect(try await service.verify(wrong, for: number, verificationID: stranger) == .noCodeRequested)
        }
        #expect(
            try await service.verify(code, for: number, verificationID: stranger) == .noCodeRequested,
            "even the right code")
        #expect(try await service.verify(code, for: number, verificationID: "") == .noCodeRequested)
        #expect(
            try await service.verify(wrong, for: number, verificationID: id) == .wrongCode(attemptsLeft: 4),
            "none counted")
        #expect(try await service.verify(code, for: number, verificationID: id) == .verified)
    }

    @Test func aNewRequestsIdReplacesTheOldOne() async throws {
        let service = service()
        let first = try await deliveredCode(service)
        clock.advance(by: .seconds(60))
        let second = try await deliveredCode(service)
        #expect(first.id != second.id)
        #expect(
            try await service.verify(second.code, for: number, verificationID: first.id) == .noCodeRequested, "stale")
        #expect(try await service.verify(second.code, for: number, verificationID: second.id) == .verified)
    }

    @Test func secondRequestInsideTheCooldownIsRefusedWithTheSecondsLeft() async throws {
        let service = service()
        _ = try await service.requestCode(for: number)
        clock.advance(by: .milliseconds(20_500))
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 40)) { try await service.requestCode(for: number) }
        let other = try #require(PhoneNumber.check("+447700900123").number)
        _ = try await service.requestCode(for: other)
        clock.advance(by: .milliseconds(39_500))
        _ = try await service.requestCode(for: number)
    }

    @Test func errorsReadAsSentences() {
        #expect(CodeServiceError.cooldown(secondsLeft: 40).message == "验证码已发送，请 40 秒后再试")
        #expect(CodeServiceError.network.message == "网络连接失败，请检查网络后重新滑动验证")
        #expect(VerificationResult.wrongCode(attemptsLeft: 2).message == "验证码错误，还可尝试 2 次")
    }

    @Test func shortLifetimesAreWordedInSeconds() {
        #expect(SMSMessage.codeText("123456", validFor: .seconds(30)) == "【CodeGate】验证码 123456，30秒内有效，请勿泄露。")
        #expect(SMSMessage.codeText("123456", validFor: .seconds(90)) == "【CodeGate】验证码 123456，90秒内有效，请勿泄露。")
    }
}
