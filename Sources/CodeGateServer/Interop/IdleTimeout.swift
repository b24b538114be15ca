import CSoup

/// A limit on how long a connection may sit without a byte moving either way — a client that
/// opens a connection and sends nothing, stops halfway through its headers, or keeps an idle
/// connection open: GLib's socket timeout, set on each connection as its first request starts.
/// The socket's sources then fire once the time has passed, libsoup's read fails with a time
/// out, and it closes the connection. No timer runs while no connection is open.
enum IdleTimeout {
    /// Sets the limit on every connection `server` accepts from now on.
    static func apply(_ seconds: guint, to server: UnsafeMutablePointer<SoupServer>) {
        let started: @convention(c) (UnsafeMutablePointer<SoupServer>?, OpaquePointer?, gpointer?) -> Void = { _, message, data in
            guard let message, let socket = soup_server_message_get_socket(message) else { return }
            g_socket_set_timeout(socket, guint(UInt(bitPattern: data)))
        }
        g_signal_connect_data(server, "request-started", unsafeBitCast(started, to: GCallback.self),
                              UnsafeMutableRawPointer(bitPattern: UInt(seconds)), nil, GConnectFlags(rawValue: 0))
    }
}
