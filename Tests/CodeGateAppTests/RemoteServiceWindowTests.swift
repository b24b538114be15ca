import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateService
import CodeGateCore
import Foundation
import Glibc
import XCTest

/// The real window against the real `codegate-gateway` on loopback, over HTTP, driven by real
/// input: the code arrives on the gateway's simulated phone (its stdout), not in the window,
/// and the cooldown is the server's, so a new window — a restarted app — still meets it.
final class RemoteServiceWindowTests: XCTestCase {
    typealias H = GtkHarness

    /// Runs `body` with a fresh gateway and the options that point the app at it.
    private static func withGateway(_ body: @MainActor (Gateway, LaunchOptions) throws -> Void) throws {
        try MainActor.assumeIsolated {
            let gateway = try Gateway()
            defer { gateway.stop() }
            var options = LaunchOptions()
            options.service = try ServiceURL(parsing: gateway.url)
            try body(gateway, options)
        }
    }

    func testTheWholeFlowAgainstTheGateway() throws {
        try Self.withGateway { gateway, options in
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            XCTAssertEqual(H.text(window.inbox.placeholder), "验证码将以短信发送到你的手机，请在手机上查看")
            H.prepareRequest(in: window)
            H.click(window.button.widget)
            XCTAssertTrue(
                H.pump(timeout: .seconds(5)) { H.text(window.button.caption) == "获取验证码(60)" },
                H.text(window.requestStatus))
            XCTAssertEqual(H.text(window.requestStatus), "验证码已发送至 138****8000")
            let sms = try XCTUnwrap(gateway.nextLine(), "the gateway's phone got no SMS")
            XCTAssertTrue(sms.hasPrefix("SMS +8613800138000 "), sms)
            XCTAssertTrue(window.inbox.texts.isEmpty, "a real server's code goes to the phone, not to the window")
            let code = String(
                try XCTUnwrap(sms.split(separator: " ").dropFirst(2).joined(separator: " ").firstMatch(of: /[0-9]{6}/))
                    .output)

            H.type(String(code.reversed()) == code ? "000000" : String(code.reversed()), into: window.codeEntry)
            H.click(window.verifyButton)
            XCTAssertTrue(
                H.pump(timeout: .seconds(5)) { H.text(window.verifyStatus).hasPrefix("验证码错误，还可尝试") },
                H.text(window.verifyStatus))
            gtk_editable_set_text(window.codeEntry.opaque, "")
            H.type(code, into: window.codeEntry)
            H.click(window.verifyButton)
            XCTAssertTrue(
                H.pump(timeout: .seconds(5)) { H.text(window.verifyStatus) == "验证成功" }, H.text(window.verifyStatus))
            H.close(window)

            // A new window knows nothing of the first one's cooldown; the server does.
            let again = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(again) }
            H.prepareRequest(in: again)
            H.click(again.button.widget)
            XCTAssertTrue(H.pump(timeout: .seconds(5)) { again.flow.countdown.isCounting })
            let status = H.text(again.requestStatus)
            XCTAssertTrue(status.hasPrefix("验证码已发送，请 ") && status.hasSuffix(" 秒后再试"), status)
            XCTAssertTrue(H.text(again.button.caption).hasPrefix("获取验证码(5"), "the server's seconds, counted down")
            XCTAssertNil(gateway.nextLine(timeout: .milliseconds(300)), "no second SMS")
        }
    }

    /// The gateway stopped (SIGSTOP) while the request is under way: the client times out, the
    /// gateway goes on and sends the SMS of the request it then reads, and the retry, after a
    /// new slide, carries the same Idempotency-Key: the gateway replays its answer, so the
    /// phone gets one SMS and the window says the code was sent.
    func testARequestRetriedAfterATimeoutSendsOneSMS() throws {
        try Self.withGateway { gateway, options in
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(window) }
            H.prepareRequest(in: window)
            gateway.signal(SIGSTOP)
            H.click(window.button.widget)
            XCTAssertTrue(
                H.pump(timeout: .seconds(15)) { H.text(window.requestStatus) == "请求超时，请重新滑动验证后重试" },
                H.text(window.requestStatus))
            gateway.signal(SIGCONT)
            // The stopped request is read once the gateway goes on: it sends the SMS, and its
            // answer finds the client gone.
            XCTAssertNotNil(gateway.nextLine(), "the first request's SMS")
            H.pump(for: .seconds(1)) // the slider glides back
            H.drag(window.slider, to: 1.1)
            XCTAssertTrue(H.pump { window.flow.canRequest })
            H.click(window.button.widget)
            XCTAssertTrue(
                H.pump(timeout: .seconds(5)) { window.flow.countdown.isCounting }, H.text(window.requestStatus))
            // The replayed answer, not a refusal for the cooldown the first one started.
            XCTAssertEqual(H.text(window.requestStatus), "验证码已发送至 138****8000")
            XCTAssertNil(gateway.nextLine(timeout: .milliseconds(500)), "and no second")
        }
    }

    /// Closing the window ends its call at once: the server is not waited for.
    func testClosingTheWindowCancelsItsRequest() throws {
        try Self.withGateway { gateway, options in
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            let flow = window.flow
            H.prepareRequest(in: window)
            gateway.signal(SIGSTOP)
            H.click(window.button.widget)
            XCTAssertTrue(flow.isSending)
            H.close(window)
            XCTAssertTrue(H.pump(timeout: .seconds(1)) { !flow.isSending }, "the request still waits for the server")
        }
    }
}

/// `codegate-gateway` on a free port with a scratch state folder; its stdout read line by line
/// while the test pumps the main loop.
@MainActor
private final class Gateway {
    private(set) var url = ""
    private let process = Process()
    private let output: Int32
    private let state: URL
    private var buffer: [UInt8] = []

    init() throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("codegate-remote-\(getpid())")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("codegate-gateway")
        process.arguments = ["--port", "0", "--state-dir", state.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)

        guard let first = nextLine(timeout: .seconds(10)) else { throw CocoaError(.fileReadUnknown) }
        url = first
    }

    /// The next line the gateway writes, waiting for it at most `timeout` while the loop runs.
    func nextLine(timeout: Duration = .seconds(3)) -> String? {
        var line: String?
        GtkHarness.pump(timeout: timeout) {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &chunk, chunk.count)
            if count > 0 { buffer += chunk.prefix(count) }
            guard let end = buffer.firstIndex(of: 0x0A) else { return false }
            line = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeSubrange(...end)
            return true
        }
        return line
    }

    /// Sends `signal` to the gateway's process.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    func stop() {
        signal(SIGCONT)
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: state)
    }
}
