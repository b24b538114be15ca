import CSoup
import Glibc
import CodeGateGLib

/// A libsoup `SoupServer` as the gateway uses it: Swift closures for its early and normal
/// handlers, its connections bounded in number and idle time (`ConnectionKeeper`), listening on
/// the address it is given. The pointers stay here.
@MainActor
final class SoupServerHandle {
    private let server: UnsafeMutablePointer<SoupServer>
    private let keeper: ConnectionKeeper
    private var listener: UnsafeMutablePointer<GSocket>?
    /// The Unix socket the trusted proxy connects through, if one was handed over.
    private var proxyListener: UnsafeMutablePointer<GSocket>?

    /// A server whose `early` closure sees each request once its headers are read, and whose
    /// `handler` sees it once its body is too, unless `early` answered it; at most
    /// `maxConnections` are open, `perClient` of them for each client `owner` names from a
    /// connection's first message (`ConnectionKeeper`), and one on which nothing moves for `idleSeconds`, or whose
    /// request is not answered `requestSeconds` after its first byte, is closed. `own` gives
    /// the answers libsoup makes itself their body (`fillOwnAnswers`).
    init(
        idleSeconds: guint, requestSeconds: guint, maxConnections: Int, perClient: Int,
        owner: @escaping @MainActor (ServerMessage) -> String?,
        early: @escaping @MainActor (ServerMessage) -> Void,
        handler: @escaping @MainActor (ServerMessage) -> Void,
        own: @escaping @MainActor (ServerMessage) -> Void
    ) {
        // Paths as sent: libsoup would decode "%2F" into a "/" that routes ("/v1/codes%2Fverify").
        var raw = GValue()
        g_value_init(&raw, GType(5 << 2))  // G_TYPE_BOOLEAN, a macro Swift cannot import
        g_value_set_boolean(&raw, 1)
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("raw-paths"))]
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 1, &names, &raw)!)
            .assumingMemoryBound(to: SoupServer.self)
        free(UnsafeMutableRawPointer(mutating: names[0]))
        g_value_unset(&raw)
        let call: SoupServerCallback = { _, message, _, _, data in
            guard let message else { return }
            MainActor.assumeIsolated {
                ClosureBox<@MainActor (ServerMessage) -> Void>.unbox(data)?.value(ServerMessage(pointer: message))
            }
        }
        keeper = ConnectionKeeper(
            server: server, limit: maxConnections, perClient: perClient, owner: { owner(ServerMessage(pointer: $0)) },
            idleSeconds: idleSeconds, requestSeconds: requestSeconds)
        soup_server_add_early_handler(server, nil, call, ClosureBox.retain(early), releaseClosureBox)
        soup_server_add_handler(server, nil, call, ClosureBox.retain(handler), releaseClosureBox)
        Self.fillOwnAnswers(of: server, own)
    }

    /// libsoup answers some requests itself, with an empty body: 400 for one it cannot read (a
    /// malformed request line or header, no `Host`), 404 for `*`, which no handler's path takes.
    /// A request that fails to parse reaches no signal before its answer is written, so each
    /// request starts with the body `own` makes for it then (a 400's, in the default language);
    /// once the body is read — after libsoup's own handler, connected first, has routed it — a
    /// status libsoup set without a handler answering gets the body `own` makes for that status,
    /// in the request's language.
    private static func fillOwnAnswers(
        of server: UnsafeMutablePointer<SoupServer>, _ own: @escaping @MainActor (ServerMessage) -> Void
    ) {
        typealias Read = @convention(c) (OpaquePointer?, gpointer?) -> Void
        let read: Read = { message, data in
            guard let message else { return }
            MainActor.assumeIsolated { ClosureBox<@MainActor (OpaquePointer) -> Void>.unbox(data)?.value(message) }
        }
        let routed: @MainActor (OpaquePointer) -> Void = { pointer in
            let message = ServerMessage(pointer: pointer)
            if message.status >= 400, !message.isAnswered { own(message) }
        }
        typealias Started = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void
        let started: Started = { _, message, data in
            guard let message else { return }
            MainActor.assumeIsolated { ClosureBox<@MainActor (OpaquePointer) -> Void>.unbox(data)?.value(message) }
        }
        let start: @MainActor (OpaquePointer) -> Void = { pointer in
            own(ServerMessage(pointer: pointer))
            _ = Signal.connect(
                UnsafeMutableRawPointer(pointer), "got-body", routed, thunk: unsafeBitCast(read, to: GCallback.self))
        }
        _ = Signal.connect(
            UnsafeMutableRawPointer(server), "request-started", start, thunk: unsafeBitCast(started, to: GCallback.self))
    }

    isolated deinit {
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
        if let listener { g_object_unref(UnsafeMutableRawPointer(listener)) }
        if let proxyListener { g_object_unref(UnsafeMutableRawPointer(proxyListener)) }
    }

    /// Listens on `address`:`port` (0: any free port) with a socket of its own, whose backlog
    /// holds a burst of connections, and which `stopListening` closes while the connections
    /// already accepted go on; the port it got, or the system's reason.
    func listen(address: String, port: UInt16) -> Result<Int32, GatewayServerError> {
        var error: UnsafeMutablePointer<GError>?
        func failure(_ fallback: String) -> Result<Int32, GatewayServerError> {
            defer { if error != nil { g_error_free(error) } }
            return .failure(GatewayServerError(message: error.map { String(cString: $0.pointee.message) } ?? fallback))
        }
        guard let inet = g_inet_address_new_from_string(address) else {
            return failure("not an IP address: \(address)")
        }
        defer { g_object_unref(inet) }
        let endpoint = g_inet_socket_address_new(inet, guint16(port))
        defer { g_object_unref(endpoint) }
        guard
            let socket = g_socket_new(
                g_inet_address_get_family(inet), G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error)
        else {
            return failure("cannot make a socket")
        }
        listener = socket
        g_socket_set_listen_backlog(socket, 512)
        guard g_socket_bind(socket, endpoint, 1, &error) != 0, g_socket_listen(socket, &error) != 0,
              soup_server_listen_socket(server, socket, SoupServerListenOptions(rawValue: 0), &error) != 0
        else { return failure("cannot listen") }
        guard let local = g_socket_get_local_address(socket, &error) else { return failure("listening on no address") }
        defer { g_object_unref(local) }
        return .success(
            Int32(
                g_inet_socket_address_get_port(
                    UnsafeMutableRawPointer(local).assumingMemoryBound(to: GInetSocketAddress.self))))
    }

    /// Also accepts connections on `descriptor`, a listening Unix stream socket the service
    /// manager made and handed over (`SocketActivation`); nil when it did, else why not.
    func listen(onUnixSocket descriptor: Int32) -> GatewayServerError? {
        var error: UnsafeMutablePointer<GError>?
        defer { if error != nil { g_error_free(error) } }
        guard let socket = g_socket_new_from_fd(descriptor, &error) else {
            return GatewayServerError(message: error.map { String(cString: $0.pointee.message) } ?? "not a socket")
        }
        proxyListener = socket
        guard g_socket_get_family(socket) == G_SOCKET_FAMILY_UNIX,
            g_socket_get_socket_type(socket) == G_SOCKET_TYPE_STREAM
        else { return GatewayServerError(message: "the socket handed over is not a Unix stream socket") }
        guard soup_server_listen_socket(server, socket, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            return GatewayServerError(message: error.map { String(cString: $0.pointee.message) } ?? "cannot listen")
        }
        return nil
    }

    /// Connections open now.
    var connectionCount: Int { keeper.count }

    /// Accepts no more connections; those accepted go on.
    func stopListening() {
        for socket in [listener, proxyListener].compactMap({ $0 }) {
            // libsoup's accept then fails and its source on the socket goes.
            g_socket_shutdown(socket, 1, 0, nil)
            g_socket_close(socket, nil)
        }
    }

    /// Answers the connections in a request, closes the others, and calls `done` once none is
    /// left (`ConnectionKeeper.drain`).
    func drain(then done: @escaping @MainActor () -> Void) {
        keeper.drain(then: done)
    }
}

/// Why the server could not listen, in the system's words.
public struct GatewayServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
