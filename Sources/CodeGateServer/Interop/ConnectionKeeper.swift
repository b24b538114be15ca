import CSoup
import CodeGateGLib
import Glibc

/// Keeps the gateway's connections bounded in number and time, and closes the ones libsoup
/// 3.2 would keep forever.
///
/// libsoup 3.2.3 leaks every keep-alive connection its client closes between requests: once an
/// answer is sent it makes the next message without a completion callback (which it only sets
/// when that message's first byte arrives), so the end of file it then reads finishes that
/// message and nothing disconnects the connection: the socket stays in CLOSE-WAIT, for good,
/// and its idle timeout, which fails the same read, does not help either (fixed upstream in
/// 3.3.0, commit d20c6601 "server: do not leak idle connections closed by the client").
///
/// So between requests this watches each connection's socket itself, at a higher priority
/// than libsoup's own source on it, and with the socket's own timeout off: when the client has
/// gone (end of file, reset) or stayed silent for `idleSeconds`, it takes the connection from
/// libsoup (`soup_server_message_steal_connection`, which drops it from the server) and closes
/// it. Any byte of a next request hands the socket back to libsoup. Within a request the
/// socket's timeout applies, and libsoup closes the connection on its own when it fails.
/// libsoup before 3.4 also keeps a reference to each socket it accepts, for good (its
/// listener never releases what `g_socket_accept` returned: 344 bytes a connection, fixed in
/// 3.4.0 by commit b545d5f0 "soup-listener: Plug a leak"); this releases it when the
/// connection is gone.
///
/// A connection beyond `limit`, or beyond `perClient` of one client (`owner`), is shut down at
/// once, before libsoup reads from it, so it reads an end of file and drops it: one client
/// cannot take every slot and lock the others out. A request must be whole and answered within
/// `requestSeconds` of its first byte, however it trickles in: past that its socket is shut
/// down, libsoup's read or write fails, and it drops the connection.
@MainActor
final class ConnectionKeeper {
    /// One open connection: its first message, kept to take the connection by, and the
    /// sources watching it between requests.
    private final class Connection {
        let message: OpaquePointer
        let socket: UnsafeMutablePointer<GSocket>
        /// Whom it counts against, if anyone.
        var owner: String?
        var inRequest = true
        var watch: guint = 0
        var idle: guint = 0
        var deadline: guint = 0

        init(message: OpaquePointer, socket: UnsafeMutablePointer<GSocket>) {
            self.message = message
            self.socket = socket
        }
    }

    private let limit: Int
    private let perClient: Int
    private let owner: @MainActor (OpaquePointer) -> String?
    private var owned: [String: Int] = [:]
    private let idleSeconds: guint
    private let requestSeconds: guint
    private var connections: [UnsafeMutablePointer<GSocket>: Connection] = [:]
    /// Open connections.
    var count: Int { connections.count }
    /// Set while the server drains: called once no connection is left.
    private var drained: (@MainActor () -> Void)?

    /// Watches the connections of `server`: at most `limit` open, and `perClient` of those
    /// for each client `owner` names from a connection's first message (nil: counted against
    /// nobody), each closed after `idleSeconds` without a byte, or `requestSeconds` into a
    /// request not yet answered.
    init(
        server: UnsafeMutablePointer<SoupServer>, limit: Int, perClient: Int,
        owner: @escaping @MainActor (OpaquePointer) -> String?, idleSeconds: guint, requestSeconds: guint
    ) {
        self.limit = limit
        self.perClient = perClient
        self.owner = owner
        self.idleSeconds = idleSeconds
        self.requestSeconds = requestSeconds
        connect(server, "request-started") { $0.started($1) }
        connect(server, "request-finished") { $0.ended($1) }
        connect(server, "request-aborted") { $0.ended($1) }
    }

    /// Closes each connection between requests now, and each other one once its answer is
    /// out (or libsoup gave up on it); calls `done` when none is left.
    func drain(then done: @escaping @MainActor () -> Void) {
        drained = done
        for connection in Array(connections.values) where !connection.inRequest {
            close(connection)
        }
        finishDraining()
    }

    private func finishDraining() {
        guard connections.isEmpty, let done = drained else { return }
        drained = nil
        done()
    }

    private func connect(
        _ server: UnsafeMutablePointer<SoupServer>, _ name: String,
        _ action: @escaping @MainActor (ConnectionKeeper, OpaquePointer) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void
        let thunk: Thunk = { _, message, data in
            guard let message else { return }
            MainActor.assumeIsolated { ClosureBox<@MainActor (OpaquePointer) -> Void>.unbox(data)?.value(message) }
        }
        let handler: @MainActor (OpaquePointer) -> Void = { [weak self] message in
            if let self { action(self, message) }
        }
        _ = Signal.connect(
            UnsafeMutableRawPointer(server), name, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A request's first byte arrived, or a new connection's first message was made.
    private func started(_ message: OpaquePointer) {
        guard let socket = soup_server_message_get_socket(message) else { return }
        if let connection = connections[socket] {
            connection.inRequest = true
            disarm(connection)
        } else {
            releaseOnDisconnect(message, socket)
            guard connections.count < limit else {
                // Both ways: libsoup reads an end of file and drops it; the client sees it closed.
                g_socket_shutdown(socket, 1, 1, nil)
                return
            }
            // Asked while the peer is there: libsoup asks when the connection is taken, and
            // warns when the peer has gone by then.
            _ = soup_server_message_get_remote_address(message)
            _ = soup_server_message_get_local_address(message)
            let client = owner(message)
            if let client {
                guard owned[client, default: 0] < perClient else {
                    g_socket_shutdown(socket, 1, 1, nil)
                    return
                }
                owned[client, default: 0] += 1
            }
            let connection = Connection(message: message, socket: socket)
            connection.owner = client
            g_object_ref(UnsafeMutableRawPointer(message))
            connections[socket] = connection
            typealias Thunk = @convention(c) (OpaquePointer?, gpointer?) -> Void
            let thunk: Thunk = { _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
            }
            let forget: @MainActor () -> Void = { [weak self] in self?.forget(socket) }
            _ = Signal.connect(
                UnsafeMutableRawPointer(message), "disconnected", forget,
                thunk: unsafeBitCast(thunk, to: GCallback.self))
        }
        g_socket_set_timeout(socket, idleSeconds)
        guard let connection = connections[socket], connection.deadline == 0 else { return }
        connection.deadline = g_timeout_add_full(G_PRIORITY_DEFAULT, requestSeconds * 1000, { data in
            MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
            return 0
        }, ClosureBox.retain({ [weak connection] in
            guard let connection else { return }
            connection.deadline = 0
            g_socket_shutdown(connection.socket, 1, 1, nil)
        } as @MainActor () -> Void), releaseClosureBox)
    }

    /// Whether libsoup's listener keeps a reference to each socket it accepts (before 3.4).
    private static let listenerKeepsSockets = soup_get_major_version() == 3 && soup_get_minor_version() < 4

    /// Drops, once `message`'s connection is gone, the reference to `socket` libsoup's listener
    /// forgot; a new connection's first message lives until then.
    private func releaseOnDisconnect(_ message: OpaquePointer, _ socket: UnsafeMutablePointer<GSocket>) {
        guard Self.listenerKeepsSockets else { return }
        typealias Thunk = @convention(c) (OpaquePointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in
            MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
        }
        var released = false
        let release: @MainActor () -> Void = {
            guard !released else { return }
            released = true
            g_object_unref(UnsafeMutableRawPointer(socket))
        }
        _ = Signal.connect(
            UnsafeMutableRawPointer(message), "disconnected", release, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// An answer went out (or the request failed). If libsoup keeps the connection, the source
    /// it makes right after this for the next request must have no timeout of its own: its
    /// time-out would leak the connection as an end of file does. The watch starts now, before
    /// libsoup's next source can run.
    private func ended(_ message: OpaquePointer) {
        guard let socket = soup_server_message_get_socket(message), let connection = connections[socket] else { return }
        connection.inRequest = false
        endDeadline(connection)
        g_socket_set_timeout(socket, 0)
        // Draining, the connection goes as soon as libsoup has made its next message, which
        // it does right after this; so at once, not after the idle time.
        arm(connection, closingAfter: drained == nil ? idleSeconds * 1000 : 0)
    }

    private func arm(_ connection: Connection, closingAfter milliseconds: guint) {
        guard !connection.inRequest, connections[connection.socket] === connection, connection.watch == 0 else {
            return
        }
        // Higher than libsoup's own source on this socket, so this sees an end of file first.
        connection.watch = g_unix_fd_add_full(
            G_PRIORITY_HIGH, g_socket_get_fd(connection.socket),
            GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
            { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> gboolean>.unbox(data)?.value() ?? 0 }
            },
            ClosureBox.retain(
                { [weak self, weak connection] in
                    guard let self, let connection else { return 0 }
                    return self.readable(connection)
                } as @MainActor () -> gboolean), releaseClosureBox)
        connection.idle = g_timeout_add_full(
            G_PRIORITY_HIGH, milliseconds,
            { data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
                return 0
            },
            ClosureBox.retain(
                { [weak self, weak connection] in
                    guard let self, let connection else { return }
                    connection.idle = 0
                    self.close(connection)
                } as @MainActor () -> Void), releaseClosureBox)
    }

    /// The socket between requests is readable: a next request, which libsoup takes from
    /// here, or the client has gone. Returns whether to keep watching. The idle time still runs
    /// until libsoup has read a whole first line (`started`): it holds a partial one silently.
    private func readable(_ connection: Connection) -> gboolean {
        var byte: UInt8 = 0
        let count = recv(g_socket_get_fd(connection.socket), &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return 1 }
        connection.watch = 0
        if count <= 0 { close(connection) }
        return 0
    }

    private func endDeadline(_ connection: Connection) {
        if connection.deadline != 0 { g_source_remove(connection.deadline) }
        connection.deadline = 0
    }

    private func disarm(_ connection: Connection) {
        for id in [connection.watch, connection.idle] where id != 0 {
            g_source_remove(id)
        }
        connection.watch = 0
        connection.idle = 0
    }

    /// Takes the connection from libsoup, which then forgets it (`forget` runs on its
    /// `disconnected`), and closes its socket.
    private func close(_ connection: Connection) {
        let message = connection.message
        g_object_ref(UnsafeMutableRawPointer(message))
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        disarm(connection)
        guard let stream = soup_server_message_steal_connection(message) else { return }
        g_io_stream_close(stream, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(stream))
    }

    private func forget(_ socket: UnsafeMutablePointer<GSocket>) {
        guard let connection = connections.removeValue(forKey: socket) else { return }
        if let client = connection.owner {
            owned[client] = owned[client, default: 1] > 1 ? owned[client, default: 1] - 1 : nil
        }
        disarm(connection)
        endDeadline(connection)
        g_object_unref(UnsafeMutableRawPointer(connection.message))
        finishDraining()
    }
}
