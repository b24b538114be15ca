import CSockDiag
import Glibc

/// The local user who owns the client's end of a TCP connection on this machine, asked of the
/// kernel by the connection's two ends (sock_diag): one lookup in its hash tables, however many
/// sockets the machine holds. Reading `/proc/net/tcp` instead cost a pass over every socket —
/// tens of thousands in `TIME_WAIT` after a burst of short connections — on the main loop, for
/// each new connection, and stalled every client's answer for seconds.
enum SocketOwner {
    /// The uid of the socket whose local end is `client` and whose remote end is `server`: the
    /// client's own socket, not the one the server accepted. Nil when the kernel has no such
    /// socket (the client closed it already) or does not answer.
    static func uid(client: SocketEndpoint, server: SocketEndpoint) -> UInt32? {
        // An IPv4 client holds an IPv4 socket, or an IPv6 one speaking to an IPv4-mapped address.
        if let local = client.ipv4, let remote = server.ipv4,
           let uid = owner(family: AF_INET, local: local, client.port, remote: remote, server.port) {
            return uid
        }
        return owner(family: AF_INET6, local: client.address, client.port, remote: server.address, server.port)
    }

    private static func owner(family: Int32, local: [UInt8], _ localPort: UInt16, remote: [UInt8], _ remotePort: UInt16)
        -> UInt32?
    {
        var uid: UInt32 = 0
        let found = codegate_tcp_socket_owner(family, local, localPort, remote, remotePort, &uid)
        return found == 0 ? uid : nil
    }
}
