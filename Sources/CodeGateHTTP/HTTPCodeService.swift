import CodeGateBase
import CodeGateProtocol
import CodeGateService

/// A code server reached over HTTP with protocol v1 (`docs/protocol.md`): the real backend,
/// which asks an SMS provider, so the desktop never holds the provider's credentials.
///
/// Everything runs on the GLib main loop: one libsoup session (keep-alive, TLS through GIO's
/// glib-networking, the desktop's proxy through GIO's default resolver), each call bounded by
/// `timeout` on `timers` and by a 64 KiB body, and cancelled when its task is, or when the
/// service is closed or dropped. Every answer is checked; one the protocol does not allow is
/// a `.badAnswer`, with its reason on the log, never a guess.
///
/// A request carries a challenge of the server's, solved ahead (`ChallengeProver`): fetched
/// when the person begins to slide (`prepareRequest`), and again after each request.
/// Each new request gets a fresh `Idempotency-Key`; a request whose answer never came (a
/// timeout, a reset, a server error) keeps its key, and the next request for the same number
/// sends it again, so the server replays its first answer instead of sending a second SMS.
@MainActor
public final class HTTPCodeService: CodeService {
    /// The longest a call may take: less than the flow's own limit, so the service ends the
    /// call itself and knows its answer never came.
    public static let defaultTimeout: Duration = .seconds(9)
    /// What the client calls itself in `User-Agent`.
    public static let userAgent = "CodeGate/0.1"

    /// The server's base URL.
    public let url: ServiceURL
    /// The session, or why libsoup cannot be loaded: then every call fails as the network does.
    private let client: Result<SoupClient, SoupLoadError>
    private let timers: any TimerPort
    private let timeout: Duration
    private let language: String
    private let report: @MainActor (String) -> Void
    private var random: any RandomNumberGenerator
    /// The calls under way, cancelled when the service closes.
    private var calls: [ObjectIdentifier: Cancellation] = [:]
    /// The last request that got no answer the server settled, and its key.
    private var unanswered: (number: PhoneNumber, key: String)?
    /// The server's challenges, solved ahead of the requests that carry them.
    private lazy var prover = ChallengeProver(timers: timers) { [weak self] () async throws(CodeServiceError) in
        guard let self else { throw .network }
        return try await fetchChallenge()
    }

    /// A client of the server at `url`, whose calls time out after `timeout` on `timers`.
    /// `language` goes out as `Accept-Language`, by default the UI's; `report` is told why an
    /// answer was refused (a line for the log, which never holds a code).
    public init(
        url: ServiceURL, timers: any TimerPort, timeout: Duration = defaultTimeout, language: String = uiLanguage,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        report: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.url = url
        self.timers = timers
        self.timeout = timeout
        self.language = language
        self.random = random
        self.report = report
        client = SoupLibrary.functions.map { SoupClient(soup: $0, baseURL: url.description, userAgent: Self.userAgent) }
        if case .failure(let error) = client {
            report(error.message)
        }
    }

    /// Loads libsoup 3, which the client calls (once per process; it is not linked, so an app
    /// that never reaches a server never maps it); the loader's reason, naming the library,
    /// when it cannot be.
    public static func loadLibrary() throws(SoupLoadError) {
        _ = try SoupLibrary.functions.get()
    }

    isolated deinit {
        close()
    }

    /// The language of the UI's messages as an HTTP language tag, for `Accept-Language`.
    public static var uiLanguage: String {
        // TRANSLATORS: the language of this catalog as an HTTP language tag (RFC 5646), which
        // the code server answers in: "en", "zh-TW". Not shown to users.
        localized("zh-CN")
    }

    /// Cancels every call under way and closes the session's connections: the window that
    /// asked is gone. The service stays usable; a later call opens a new connection.
    public func close() {
        for call in calls.values {
            call.cancel()
        }
        calls = [:]
        prover.close()
        try? client.get().abort()
    }

    public func requestCode(for number: PhoneNumber) async throws(CodeServiceError) -> CodeReceipt {
        let key = unanswered.flatMap { $0.number == number ? $0.key : nil } ?? freshKey()
        unanswered = (number, key)
        return try await prover.withProof { proof async throws(CodeServiceError) -> CodeReceipt in
            let body = CodesProtocol.requestBody(for: number, proof: proof)
            let answer = try await exchange(CodesProtocol.requestPath, body, idempotencyKey: key)
            let outcome = CodesProtocol.receipt(from: answer)
            if case .failure(let refusal) = outcome, !refusal.settled {
                report("POST /\(CodesProtocol.requestPath): \(refusal.reason)")
            } else if unanswered?.key == key {
                unanswered = nil
            }
            return try outcome.mapError(\.error).get()
        }
    }

    public func prepareRequest() {
        prover.prepare()
    }

    /// A fresh challenge of the server's; nil when it issues none.
    private func fetchChallenge() async throws(CodeServiceError) -> IssuedChallenge? {
        let answer = try await exchange(CodesProtocol.challengePath, CodesProtocol.challengeBody, idempotencyKey: nil)
        let outcome = CodesProtocol.challenge(from: answer)
        if case .failure(let refusal) = outcome, !refusal.settled {
            report("POST /\(CodesProtocol.challengePath): \(refusal.reason)")
        }
        return try outcome.mapError(\.error).get()
    }

    public func verify(_ code: String, for number: PhoneNumber, verificationID: String) async throws(CodeServiceError)
        -> VerificationResult
    {
        let body = CodesProtocol.verifyBody(code, for: number, verificationID: verificationID)
        let answer = try await exchange(CodesProtocol.verifyPath, body, idempotencyKey: nil)
        let outcome = CodesProtocol.verification(from: answer)
        if case .failure(let refusal) = outcome, !refusal.settled {
            report("POST /\(CodesProtocol.verifyPath): \(refusal.reason)")
        }
        return try outcome.mapError(\.error).get()
    }

    /// POSTs `body` to `path` and reads the answer, within the timeout.
    private func exchange(_ path: String, _ body: [UInt8], idempotencyKey: String?) async throws(CodeServiceError)
        -> HTTPAnswer
    {
        guard case .success(let client) = client else { throw .network }
        var headers = [("Accept", ProtocolHeader.jsonType), (ProtocolHeader.acceptLanguage, language)]
        if let idempotencyKey {
            headers.append((ProtocolHeader.idempotencyKey, idempotencyKey))
        }
        let call = Cancellation()
        calls[ObjectIdentifier(call)] = call
        defer { calls[ObjectIdentifier(call)] = nil }
        let deadline = Alarm(timers: timers)
        deadline.set(at: timers.now + timeout) { call.cancel() }
        defer { deadline.cancel() }
        let sent = await withTaskCancellationHandler {
            await client.post(path, body: body, headers: headers, cancellation: call, limit: CodesProtocol.bodyLimit)
        } onCancel: {
            call.cancel()
        }
        guard let outcome = sent else {
            report("\(url) is no URL libsoup takes")
            throw .network
        }
        switch outcome {
        case .success(let answer):
            return answer
        case .failure(.cancelled):
            throw .timeout
        case .failure(.tooLarge):
            report("POST /\(path): the answer's body is over \(CodesProtocol.bodyLimit) bytes")
            throw .badAnswer
        case .failure(.transport(let reason)):
            report("POST /\(path): \(reason)")
            throw .network
        }
    }

    /// 32 random characters of `[A-Za-z0-9_-]`: 192 bits, no two slides alike. Six bits a
    /// character, eight from each random word, so four reads of the random source make a key.
    private func freshKey() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var key: [UInt8] = []
        for _ in 0..<4 {
            var word = random.next()
            for _ in 0..<8 {
                key.append(alphabet[Int(word & 63)])
                word >>= 6
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
