import Glibc

/// The local user who owns the client's end of a TCP connection on this machine, from the
/// kernel's tables of TCP sockets (`/proc/net/tcp`, `/proc/net/tcp6`), read through
/// `/proc/self/net`: `/proc/net` is only a link to it, and one that the systemd unit's
/// `ProcSubset=pid` hides.
enum SocketOwner {
    /// The uid of the socket whose local end is `client` and whose remote end is `server`: the
    /// client's own socket, not the one the server accepted. Nil when no table lists it (the
    /// client closed it already), or when this process cannot read them.
    static func uid(client: SocketEndpoint, server: SocketEndpoint) -> UInt32? {
        // An IPv4 client holds an IPv4 socket, or an IPv6 one speaking to an IPv4-mapped address.
        let tables = client.ipv4 == nil ? ["/proc/self/net/tcp6"] : ["/proc/self/net/tcp", "/proc/self/net/tcp6"]
        for table in tables {
            if let uid = firstOwner(in: table, client: client, server: server) { return uid }
        }
        return nil
    }

    /// Reads `table` a line at a time up to the first that matches: the tables list every
    /// socket of the machine and can be long.
    private static func firstOwner(in table: String, client: SocketEndpoint, server: SocketEndpoint) -> UInt32? {
        guard let file = fopen(table, "re") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) >= 0, let line {
            if let uid = ProcNetTCP.owner(on: Substring(String(cString: line)), local: client, remote: server) {
                return uid
            }
        }
        return nil
    }
}
