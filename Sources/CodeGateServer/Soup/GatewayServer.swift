import CSoup
import CodeGateCore
import CodeGateFlow

/// `GatewayAPI` over HTTP: a libsoup `SoupServer` on 127.0.0.1 only, on the GLib main loop.
///
/// Headers are checked before the body is read (an early handler): a chunked body or a
/// `Content-Length` over the limit is refused without reading a byte of it. Each other request
/// is paused while the API answers on the main actor, then resumed with the answer. One line
/// per request goes to `log` — method, path, status, milliseconds; never a body, so never a code.
@MainActor
public final class GatewayServer {
    private let server: UnsafeMutablePointer<SoupServer>
    private let api: GatewayAPI
    private let log: @MainActor (String) -> Void

    /// A server for `api`; nothing listens until `listen`.
    public init(api: GatewayAPI, log: @escaping @MainActor (String) -> Void) {
        self.api = api
        self.log = log
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!).assumingMemoryBound(to: SoupServer.self)
        let early: SoupServerCallback = { _, message, _, _, data in
            MainActor.assumeIsolated { CallbackBox<Weak>.unbox(data)?.server?.checkHeaders(ServerMessage(pointer: message!)) }
        }
        let handler: SoupServerCallback = { _, message, _, _, data in
            MainActor.assumeIsolated { CallbackBox<Weak>.unbox(data)?.server?.handle(ServerMessage(pointer: message!)) }
        }
        soup_server_add_early_handler(server, nil, early, CallbackBox.retain(Weak(self)), releaseCallbackBox)
        soup_server_add_handler(server, nil, handler, CallbackBox.retain(Weak(self)), releaseCallbackBox)
    }

    isolated deinit {
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// Starts listening on 127.0.0.1:`port` (0: any free port); returns the base URL,
    /// `http://127.0.0.1:PORT/`, or the system's reason for refusing.
    public func listen(port: UInt16) -> Result<String, GatewayServerError> {
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen_local(server, guint(port), SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0 else {
            defer { g_error_free(error) }
            return .failure(GatewayServerError(message: error.map { String(cString: $0.pointee.message) } ?? "cannot listen"))
        }
        let uris = soup_server_get_uris(server)
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        guard let first = uris?.pointee.data else { return .failure(GatewayServerError(message: "listening on no address")) }
        return .success("http://127.0.0.1:\(g_uri_get_port(OpaquePointer(first)))/")
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

    /// The server, held weakly by libsoup's handlers: they may outlive it by a moment.
    private final class Weak {
        weak var server: GatewayServer?
        init(_ server: GatewayServer) { self.server = server }
    }
}

/// Why the server could not listen, in the system's words.
public struct GatewayServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
