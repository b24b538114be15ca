import CSoup
import CodeGateGLib

/// A libsoup `SoupServer` as the gateway uses it: Swift closures for its early and normal
/// handlers, its connections bounded in number and idle time (`ConnectionKeeper`), listening on
/// 127.0.0.1 only. The pointers stay here.
@MainActor
final class SoupServerHandle {
    private let server: UnsafeMutablePointer<SoupServer>
    private let keeper: ConnectionKeeper

    /// A server whose `early` closure sees each request once its headers are read, and whose
    /// `handler` sees it once its body is too, unless `early` answered it; at most
    /// `maxConnections` are open, and one on which nothing moves for `idleSeconds` is closed.
    init(idleSeconds: guint, maxConnections: Int, early: @escaping @MainActor (ServerMessage) -> Void,
         handler: @escaping @MainActor (ServerMessage) -> Void) {
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!).assumingMemoryBound(to: SoupServer.self)
        let call: SoupServerCallback = { _, message, _, _, data in
            guard let message else { return }
            MainActor.assumeIsolated { ClosureBox<@MainActor (ServerMessage) -> Void>.unbox(data)?.value(ServerMessage(pointer: message)) }
        }
        keeper = ConnectionKeeper(server: server, limit: maxConnections, idleSeconds: idleSeconds)
        soup_server_add_early_handler(server, nil, call, ClosureBox.retain(early), releaseClosureBox)
        soup_server_add_handler(server, nil, call, ClosureBox.retain(handler), releaseClosureBox)
    }

    isolated deinit {
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// Listens on 127.0.0.1:`port` (0: any free one); the port it got, or the system's reason.
    func listenOnLoopback(port: UInt16) -> Result<Int32, GatewayServerError> {
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen_local(server, guint(port), SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0 else {
            defer { g_error_free(error) }
            return .failure(GatewayServerError(message: error.map { String(cString: $0.pointee.message) } ?? "cannot listen"))
        }
        let uris = soup_server_get_uris(server)
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        guard let first = uris?.pointee.data else { return .failure(GatewayServerError(message: "listening on no address")) }
        return .success(g_uri_get_port(OpaquePointer(first)))
    }
}

/// Why the server could not listen, in the system's words.
public struct GatewayServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
