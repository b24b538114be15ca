import CodeGateCore
import CodeGateFlow
import Glibc

/// `GatewayAPI` over HTTP: libsoup's `SoupServer` on 127.0.0.1 only, on the GLib main loop.
///
/// Headers are checked before the body is taken (an early handler): a chunked body or a
/// `Content-Length` over the limit is refused, and dropped as libsoup reads it off the
/// connection rather than kept. Each other request is paused while the API answers on the main
/// actor, then resumed with the answer. One line per request goes to `log` — method, path,
/// status, milliseconds; never a body, so never a code.
@MainActor
public final class GatewayServer {
    /// How long a connection may sit with no byte moving before the server closes it.
    public static let idleTimeout: Duration = .seconds(10)

    /// The most connections open at once: up to 1,024, and 32 descriptors short of the
    /// process's limit (the store, standard streams, the listener and GLib's own need some),
    /// so a flood of clients can never leave the gateway without a descriptor. A connection
    /// beyond it is closed as soon as it is accepted.
    static var maxConnections: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: min(1024, max(1, Int64(clamping: limit.rlim_cur) - 32)))
    }

    private let api: GatewayAPI
    private let log: @MainActor (String) -> Void
    /// libsoup's server, made at the first `listen`; its handlers hold this one weakly.
    private lazy var server = SoupServerHandle(idleSeconds: UInt32(Self.idleTimeout.components.seconds),
                                               maxConnections: Self.maxConnections,
                                               early: { [weak self] in self?.checkHeaders($0) },
                                               handler: { [weak self] in self?.handle($0) })

    /// A server for `api`; nothing listens until `listen`.
    public init(api: GatewayAPI, log: @escaping @MainActor (String) -> Void) {
        self.api = api
        self.log = log
    }

    /// Starts listening on 127.0.0.1:`port` (0: any free port); returns the base URL,
    /// `http://127.0.0.1:PORT/`, or the system's reason for refusing.
    public func listen(port: UInt16) -> Result<String, GatewayServerError> {
        server.listenOnLoopback(port: port).map { "http://127.0.0.1:\($0)/" }
    }

    /// Refuses, from its headers, a request whose body must not be read into memory: the
    /// handler is then never called. libsoup still reads the body off the connection before it
    /// answers (at once when the client asked `Expect: 100-continue`), so the body is dropped
    /// as it comes instead of kept, and the connection closed after the answer.
    private func checkHeaders(_ message: ServerMessage) {
        guard let refusal = GatewayAPI.refusal(contentLength: message.contentLength, chunked: message.isChunked) else { return }
        let started = ContinuousClock.now
        message.discardBody()
        var answer = refusal.answer(in: .preferred(by: message.header("Accept-Language")))
        answer.headers.append(("Connection", "close"))
        respond(message, with: answer, started: started)
    }

    private func handle(_ message: ServerMessage) {
        let started = ContinuousClock.now
        let request = APIRequest(method: message.method, path: message.path, contentType: message.header("Content-Type"),
                                 idempotencyKey: message.header("Idempotency-Key"), acceptLanguage: message.header("Accept-Language"),
                                 body: message.body(limit: GatewayAPI.maxBodyBytes), client: message.client)
        message.retain()
        message.pause()
        Task(executorPreference: MainQueueTaskExecutor.shared) {
            await self.answer(message, request, started: started)
        }
    }

    /// Answers a paused `message` once the API has, and lets libsoup send it.
    private func answer(_ message: ServerMessage, _ request: APIRequest, started: ContinuousClock.Instant) async {
        let answer = await api.answer(request)
        respond(message, with: answer, started: started)
        message.unpause()
        message.release()
    }

    private func respond(_ message: ServerMessage, with answer: APIAnswer, started: ContinuousClock.Instant) {
        message.respond(status: answer.status, headers: answer.headers + [("Cache-Control", "no-store")], body: answer.body.encoded)
        let elapsed = started.duration(to: .now)
        let tenths = (elapsed.wholeNanoseconds + 50_000) / 100_000
        // The path as sent may hold anything: escaped and cut short, it stays one line.
        let path = String(message.path.prefix(200)).terminalEscaped
        log("\(message.method.prefix(16).terminalEscaped) \(path) \(answer.status) \(tenths / 10).\(tenths % 10) ms")
    }
}
