/// One end of a TCP connection: an address and a port. An IPv4 address is kept IPv4-mapped
/// (`::ffff:a.b.c.d`), so a client seen through a dual-stack socket and through an IPv4 one
/// compare equal.
struct SocketEndpoint: Equatable, Sendable {
    /// The 16 bytes of the address, in network order.
    let address: [UInt8]
    let port: UInt16

    /// An endpoint from the bytes of an IPv4 (4) or IPv6 (16) address in network order; nil
    /// for any other length.
    init?(address bytes: [UInt8], port: UInt16) {
        switch bytes.count {
        case 4: address = Self.mappedPrefix + bytes
        case 16: address = bytes
        default: return nil
        }
        self.port = port
    }

    /// Whether the address is a loopback one: 127.0.0.0/8 (plain or IPv4-mapped) or `::1`.
    var isLoopback: Bool {
        if let ipv4 { return ipv4[0] == 127 }
        return address == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// The four bytes of an IPv4-mapped address; nil for any other.
    var ipv4: [UInt8]? {
        address.starts(with: Self.mappedPrefix) ? Array(address[12...]) : nil
    }

    private static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
}
