import CodeGateBase
import CodeGateGateway
import CodeGateProtocol
import Glibc

/// `GatewayAPI` over HTTP: libsoup's `SoupServer` on the GLib main loop, with `GET /healthz`
/// and `GET /metrics` beside the API.
///
/// Headers are checked before the body is taken (an early handler): a chunked body, a
/// `Content-Length` over the limit, or a repeated header the protocol reads is refused at once,
/// without reading a byte of the body, and the connection closed. Each other request is answered
/// as the API answers it, paused until then (`answering`). One line per request served goes to
/// `log` — method, path, status, milliseconds; never a body, so never a code — and refusals of
/// one kind are said once a window, then counted (`RefusalLog`).
@MainActor
public final class GatewayServer {
    /// How long a connection may sit with no byte moving before the server closes it.
    public static let idleTimeout: Duration = .seconds(10)
    /// How long a request may take from its first byte to its answer, however slowly it
    /// trickles in: a client cannot hold a connection by sending a byte every few seconds.
    public static let requestTimeout: Duration = .seconds(20)

    /// The most connections open at once: up to 1,024, and 32 descriptors short of the
    /// process's limit (the store, standard streams, the listener and GLib's own need some),
    /// so a flood of clients can never leave the gateway without a descriptor. A connection
    /// beyond it is closed as soon as it is accepted.
    static var maxConnections: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: min(1024, max(1, Int64(clamping: limit.rlim_cur) - 32)))
    }

    /// The most connections one client holds at once: a sixteenth of `maxConnections` (64
    /// of 1,024), so that it takes sixteen clients to fill them, and at least 8 (a browser
    /// opens 6) where descriptors are few. The trusted proxy's are not counted: they carry
    /// every client's requests.
    static var connectionsPerClient: Int { min(maxConnections, max(8, maxConnections / 16)) }

    private let api: GatewayAPI
    private let trustedProxy: String?
    /// The request log.
    private let log: RefusalLog
    private let metrics = GatewayMetrics()
    private var draining = false
    /// libsoup's server, made at the first `listen`; its handlers hold this one weakly.
    private lazy var server = SoupServerHandle(
        idleSeconds: UInt32(Self.idleTimeout.components.seconds),
        requestSeconds: UInt32(Self.requestTimeout.components.seconds),
        maxConnections: Self.maxConnections, perClient: Self.connectionsPerClient,
        owner: { [weak self] in self?.connectionOwner($0) },
        early: { [weak self] in self?.checkHeaders($0) },
        handler: { [weak self] in self?.handle($0) },
        own: { [weak self] in self?.fillOwnAnswer($0) })

    /// A server for `api`; nothing listens until `listen`. Requests from `trustedProxy` are
    /// counted against the client its `X-Forwarded-For` names. Its request log goes to `log`,
    /// the windows of its refusals kept on `timers`.
    public init(
        api: GatewayAPI, trustedProxy: String? = nil, timers: any TimerPort,
        log: @escaping @MainActor (String) -> Void
    ) {
        self.api = api
        self.trustedProxy = trustedProxy
        self.log = RefusalLog(timers: timers, write: log)
        outcomeWatch = api.outcomes.observe { [metrics] in metrics.record($0) }
    }

    private var outcomeWatch: Observation?

    /// Starts listening on `address`:`port` (0: any free port); returns the base URL,
    /// `http://ADDRESS:PORT/`, or the system's reason for refusing.
    public func listen(address: String = "127.0.0.1", port: UInt16) -> Result<String, GatewayServerError> {
        let host = address.contains(":") ? "[\(address)]" : address
        return server.listen(address: address, port: port).map { "http://\(host):\($0)/" }
    }

    /// Also takes the trusted proxy's connections on `descriptor`, a listening Unix socket the
    /// service manager handed over: their `X-Forwarded-For` names the client. Nil, or why not.
    public func listenForProxy(descriptor: Int32) -> GatewayServerError? {
        server.listen(onUnixSocket: descriptor)
    }

    /// Counts a delivered text message for `/metrics`.
    public func codeSent() {
        metrics.codeSent()
    }

    /// Counts what the outbox's courier did, for `/metrics`.
    package func record(_ event: CourierEvent) {
        metrics.record(event)
    }

    /// Counts a prefix of numbers the guard suspended or throttled, for `/metrics`.
    public func record(_ suspension: PrefixSuspension) {
        metrics.record(suspension)
    }

    /// The messages in the outbox now, for `/metrics`; nil when there is no outbox.
    package var outboxPending: (@MainActor () async -> Int?)?

    /// Stops accepting connections, answers every request already begun (with
    /// `Connection: close`), closes the idle connections, says the refusals counted and not yet
    /// said, then calls `done`.
    public func drain(then done: @escaping @MainActor () -> Void) {
        draining = true
        server.stopListening()
        server.drain { [log] in
            log.flush()
            done()
        }
    }

    /// Refuses, from its headers, a request whose body must not be read: chunked (no length),
    /// longer than the API reads, or framed by repeated headers. The answer is written at once
    /// and the connection shut both ways, so not a byte of the body is read: libsoup then finds
    /// the connection closed and drops it.
    private func checkHeaders(_ message: ServerMessage) {
        let refusal: Refusal
        if let name = ["Content-Length", "Content-Type", ProtocolHeader.idempotencyKey].first(where: message.isRepeated)
        {
            refusal = .repeatedHeader(name)
        } else if let tooLarge = GatewayAPI.refusal(contentLength: message.contentLength, chunked: message.isChunked) {
            refusal = tooLarge
        } else {
            return
        }
        let started = ContinuousClock.now
        var answer = refusal.answer(in: .preferred(by: message.header(ProtocolHeader.acceptLanguage)))
        answer.headers += [("Cache-Control", "no-store"), ("Connection", "close")]
        message.answerAndClose(status: answer.status, headers: answer.headers, body: answer.body.encoded)
        logged(message, answer.status, started: started, kind: answer.errorKind)
    }

    private func handle(_ message: ServerMessage) {
        let started = ContinuousClock.now
        switch (message.method, message.path) {
        // HEAD as GET (libsoup sends the headers only), for probes that ask with HEAD.
        case ("GET", ProtocolPath.metrics), ("HEAD", ProtocolPath.metrics):
            answering(message) {
                let pending = await self.outboxPending?()
                self.respond(
                    message, status: 200, headers: [],
                    body: Array(self.metrics.text(connections: self.server.connectionCount, pending: pending).utf8),
                    type: "text/plain; version=0.0.4; charset=utf-8", started: started)
            }
            return
        case ("GET", ProtocolPath.health), ("HEAD", ProtocolPath.health):
            answering(message) {
                let answer = await self.api.healthAnswer()
                self.respond(
                    message, status: answer.status, headers: answer.headers, body: answer.body.encoded,
                    started: started)
            }
            return
        case (_, ProtocolPath.metrics), (_, ProtocolPath.health):
            let answer = Refusal.readOnlyPath.answer(in: .preferred(by: message.header(ProtocolHeader.acceptLanguage)))
            respond(
                message, status: answer.status, headers: answer.headers, body: answer.body.encoded, started: started)
            return
        default: break
        }
        let request = APIRequest(
            method: message.method, path: message.path, contentType: message.header("Content-Type"),
            idempotencyKey: message.header(ProtocolHeader.idempotencyKey),
            acceptLanguage: message.header(ProtocolHeader.acceptLanguage),
            body: message.body(limit: GatewayAPI.maxBodyBytes), client: client(of: message))
        answering(message) {
            let answer = await self.api.answer(request)
            // What an operator needs to tell requests apart, and never a code or an id.
            let detail = [answer.errorKind, answer.subject.map { "number " + $0 }, "client " + request.client]
            self.respond(
                message, status: answer.status, headers: answer.headers, body: answer.body.encoded, started: started,
                kind: answer.errorKind, detail: detail.compactMap { $0 }.joined(separator: " "))
        }
    }

    /// Runs `answer`, which responds to `message`, in a main-actor task that starts at the next
    /// drain of the main queue: the message is paused until then, and the loop serves others
    /// meanwhile, also while the answer waits — for a database on its thread, a lock another
    /// process holds.
    ///
    /// Not `Task.immediate`, though it would answer in the handler: under load, a turn of the
    /// loop reads every connection that is ready, and the drain then makes their answers one
    /// after the other. Measured with the bench's load (4 keep-alive connections, SQLite on
    /// tmpfs), that takes about 220 µs of CPU a request against 275 µs answered one by one in
    /// each handler, and on disk keeps keep-alive at 0.63-0.77 of the store's rate against
    /// 0.51-0.56; one connection alone waits one more turn (p50 308 µs against 294 µs).
    ///
    /// The task has no executor preference: with one, the runtime takes every hop to the main
    /// actor for a switch of executor, each `await` of a main-actor function another two drains
    /// (`MainQueueTaskExecutor`). Its waits resume on the main thread all the same
    /// (`withMainQueueContinuation`).
    private func answering(_ message: ServerMessage, _ answer: @escaping @MainActor () async -> Void) {
        // The task cannot start before this handler returns to the loop: pausing first is safe.
        message.retain()
        message.pause()
        Task {
            await answer()
            message.unpause()
            message.release()
        }
    }

    /// The protocol's error body for an answer libsoup makes itself (`SoupServerHandle`): 404
    /// `not_found` for a path no handler takes, 400 `invalid_request` for the rest, which it
    /// could not read. Its status stays libsoup's.
    private func fillOwnAnswer(_ message: ServerMessage) {
        // Every request starts with this one (status 0, no header read yet): made once.
        guard message.status != 0 else { return fill(message, with: unreadable) }
        let refusal: Refusal = message.status == 404 ? .notFound : .malformedRequest
        fill(message, with: refusal.answer(in: .preferred(by: message.header(ProtocolHeader.acceptLanguage))))
    }

    private lazy var unreadable = Refusal.malformedRequest.answer(in: .preferred(by: nil))

    private func fill(_ message: ServerMessage, with answer: APIAnswer) {
        message.fill(
            headers: answer.headers + [("Cache-Control", "no-store")], body: answer.body.encoded,
            type: "application/json; charset=utf-8")
    }

    /// The client a request counts against: the address the trusted proxy appended last to
    /// `X-Forwarded-For` (the ones before it are the client's to invent), or the local user who
    /// owns a loopback client's socket, or else its address — an IPv6 one by its /64
    /// (`IPAddress.clientName`). The trusted proxy is the one on the Unix socket the service
    /// manager handed over, which only those its file's permissions let in can reach, or one on
    /// another host (`--trusted-proxy`). A forwarded entry that is no client address counts as
    /// the proxy.
    private func client(of message: ServerMessage) -> String {
        let peer = IPAddress(message.client)
        let remoteProxy = trustedProxy.flatMap(IPAddress.init)
        let fromProxy = message.isOnUnixSocket || (remoteProxy != nil && peer == remoteProxy)
        if fromProxy, let forwarded = message.headerList(ProtocolHeader.forwardedFor),
           let last = forwarded.split(separator: ",").last.map({ String($0.filter { $0 != " " && $0 != "\t" }) }),
           let name = IPAddress(last)?.clientName {
            return name
        }
        if message.isOnUnixSocket { return "proxy" }
        return localUser(of: message) ?? peer?.clientName ?? message.client
    }

    /// Whom a new connection counts against for its share of the slots: the local user behind
    /// a loopback one, else its address (an IPv6 one by its /64); nobody for the trusted proxy.
    private func connectionOwner(_ message: ServerMessage) -> String? {
        if message.isOnUnixSocket { return nil }
        let peer = IPAddress(message.client)
        if let trustedProxy, let peer, peer == IPAddress(trustedProxy) { return nil }
        return localUser(of: message) ?? peer?.clientName ?? message.client
    }

    /// On loopback every local user has the same address, so one user's requests would spend
    /// another's allowance: a loopback client counts as the uid that owns its socket, whatever
    /// loopback address it comes from. The kernel lists that socket while it is open; when it
    /// is not found (the client closed it before the lookup, or the kernel does not answer), the
    /// request counts against the address as before.
    private func localUser(of message: ServerMessage) -> String? {
        guard let client = message.clientEndpoint, client.isLoopback, let server = message.serverEndpoint,
              let uid = message.clientOwner({ SocketOwner.uid(client: client, server: server) })
        else { return nil }
        return "local uid \(uid)"
    }

    private func respond(
        _ message: ServerMessage, status: Int, headers: [(String, String)], body: [UInt8],
        type: String = "application/json; charset=utf-8", started: ContinuousClock.Instant, kind: String? = nil,
        detail: String = ""
    ) {
        let closing: [(String, String)] = draining ? [("Connection", "close")] : []
        message.respond(
            status: status, headers: headers + [("Cache-Control", "no-store")] + closing, body: body, type: type)
        logged(message, status, started: started, kind: kind, detail: detail)
    }

    /// One line on stderr: method, path, status, `detail` (the refusal's kind, the masked
    /// number, the client), time; a refusal's line once a window for its method, path, status
    /// and error `kind` (`RefusalLog`).
    private func logged(
        _ message: ServerMessage, _ status: Int, started: ContinuousClock.Instant, kind: String? = nil,
        detail: String = ""
    ) {
        let elapsed = started.duration(to: .now)
        metrics.record(route: GatewayMetrics.route(of: message.path), status: status, took: elapsed)
        let tenths = (elapsed.wholeNanoseconds + 50_000) / 100_000
        // The path as sent may hold anything: escaped and cut short, it stays one line.
        let path = String(message.path.prefix(200)).terminalEscaped
        let words = detail.isEmpty ? "" : String(detail.prefix(200)).terminalEscaped + " "
        let request = "\(message.method.prefix(16).terminalEscaped) \(path) \(status)"
        let refusal = kind.map { request + " " + String($0.prefix(64)).terminalEscaped } ?? request
        log.log("\(request) \(words)\(tenths / 10).\(tenths % 10) ms", status: status, kind: refusal)
    }
}
