import CodeGateBase
@testable import CodeGateHTTP
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateService
import CodeGateCore
import GtkTestSupport

/// A test server and a service on it, and calls to the service run to their end by pumping
/// the GLib main loop, as the app's runs them.
@MainActor
enum ServiceHarness {
    static let number = PhoneNumber(e164: "+8613800138000")!
    static let verificationID = "3f2a9c0d4e5b6a7f8091a2b3c4d5e6f7"
    static let receipt = #"{"cooldown_seconds": 60, "expires_in_seconds": 300, "verification_id": ""#
        + verificationID + #""}"#
    /// The protocol's error body of `kind`.
    static func error(_ kind: String) -> String {
        #"{"error": {"kind": "\#(kind)", "message": "no"}}"#
    }

    /// What the service makes of `receipt`.
    static let sent = CodeReceipt(cooldown: .seconds(60), validFor: .seconds(300), verificationID: verificationID)

    /// Runs `body` with a fresh server and a service on it (1 s timeout, English answers).
    /// XCTest calls its tests on the main thread, outside any actor.
    nonisolated static func withServer(_ body: @MainActor (TestServer, HTTPCodeService) -> Void) {
        MainActor.assumeIsolated {
            MainQueueSource.install()
            let server = TestServer()
            defer { server.stop() }
            let service = HTTPCodeService(
                url: try! ServiceURL(parsing: server.url), timers: GLibTimerPort(), timeout: .seconds(1), language: "en"
            )
            defer { service.close() }
            body(server, service)
        }
    }

    /// Runs `call` in a main-actor task and pumps the loop until it ends (at most 5 s).
    static func outcome<Value>(_ call: @escaping @MainActor () async throws(CodeServiceError) -> Value) -> Result<
        Value, CodeServiceError
    >? {
        let box = OutcomeBox<Value>()
        box.start(call)
        GtkDriver.pump(timeout: .seconds(5)) { box.result != nil }
        return box.result
    }

    static func request(_ service: HTTPCodeService, _ number: PhoneNumber = number) -> Result<
        CodeReceipt, CodeServiceError
    >? {
        outcome { () async throws(CodeServiceError) in try await service.requestCode(for: number) }
    }

    static func verify(_ service: HTTPCodeService, _ code: String = "123456") -> Result<
        VerificationResult, CodeServiceError
    >? {
        outcome { () async throws(CodeServiceError) in
            try await service.verify(code, for: number, verificationID: verificationID)
        }
    }
}

/// Where a task leaves its outcome for the pumping test to read.
@MainActor
final class OutcomeBox<Value> {
    private(set) var result: Result<Value, CodeServiceError>?

    /// Runs `call` in a task on the main queue's executor (no libdispatch worker).
    @discardableResult
    func start(_ call: @escaping @MainActor () async throws(CodeServiceError) -> Value) -> Task<Void, Never> {
        Task(executorPreference: MainQueueTaskExecutor.shared) { [self] in
            await run(call)
        }
    }

    private func run(_ call: @MainActor () async throws(CodeServiceError) -> Value) async {
        do throws(CodeServiceError) {
            result = .success(try await call())
        } catch {
            result = .failure(error)
        }
    }
}
