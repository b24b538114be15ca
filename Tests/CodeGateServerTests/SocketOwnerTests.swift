@testable import CodeGateServer
import Glibc
import Testing

/// `SocketOwner` against real loopback connections of this process: the kernel names this
/// process's user as the owner of the client's end, and nobody once that end is gone.
@Suite struct SocketOwnerTests {
    /// A connected pair on `address`: the listener, the client's socket and the accepted one,
    /// with the client's and the server's ends.
    struct Connection {
        let listener: Int32, client: Int32, accepted: Int32
        let clientEnd: SocketEndpoint, serverEnd: SocketEndpoint

        func close() { for fd in [client, accepted, listener] { _ = Glibc.close(fd) } }
    }

    static func connect(ipv6: Bool) throws -> Connection {
        let family = ipv6 ? AF_INET6 : AF_INET
        let listener = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        var storage = sockaddr_storage()
        var length = socklen_t(0)
        withUnsafeMutableBytes(of: &storage) { raw in
            if ipv6 {
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_addr = in6addr_loopback
                length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            } else {
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
                length = socklen_t(MemoryLayout<sockaddr_in>.size)
            }
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        let server = try #require(endpoint(of: listener, peer: false))
        let client = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        var named = sockaddr_storage()
        var namedLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &named) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &namedLength) }
        }
        let connected = withUnsafePointer(to: &named) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, namedLength) }
        }
        try #require(connected == 0)
        let accepted = accept(listener, nil, nil)
        try #require(accepted >= 0)
        return Connection(
            listener: listener, client: client, accepted: accepted,
            clientEnd: try #require(endpoint(of: client, peer: false)), serverEnd: server)
    }

    /// The address and port of `fd`'s own end (or its peer's).
    static func endpoint(of fd: Int32, peer: Bool) -> SocketEndpoint? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)
            }
        }
        guard named == 0 else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { raw -> SocketEndpoint? in
            if family == AF_INET6 {
                let address = raw.load(as: sockaddr_in6.self)
                return SocketEndpoint(
                    address: withUnsafeBytes(of: address.sin6_addr) { Array($0) },
                    port: UInt16(bigEndian: address.sin6_port))
            }
            let address = raw.load(as: sockaddr_in.self)
            return SocketEndpoint(
                address: withUnsafeBytes(of: address.sin_addr) { Array($0) }, port: UInt16(bigEndian: address.sin_port))
        }
    }

    @Test(arguments: [false, true]) func theClientsEndIsOwnedByThisUser(ipv6: Bool) throws {
        let connection = try Self.connect(ipv6: ipv6)
        defer { connection.close() }
        #expect(SocketOwner.uid(client: connection.clientEnd, server: connection.serverEnd) == getuid())
    }

    @Test func anEndNoSocketHasIsOwnedByNobody() throws {
        let connection = try Self.connect(ipv6: false)
        defer { connection.close() }
        let stranger = SocketEndpoint(address: [127, 0, 0, 1], port: connection.clientEnd.port &+ 1)!
        #expect(SocketOwner.uid(client: stranger, server: connection.serverEnd) == nil)
    }

    @Test func aClosedClientInTimeWaitIsOwnedByNobody() throws {
        let connection = try Self.connect(ipv6: false)
        // The client closes first, so its end waits out TIME_WAIT once the server closes too;
        // the kernel then says root, which must not be taken for the client's user.
        _ = close(connection.client)
        _ = close(connection.accepted)
        _ = close(connection.listener)
        var owner: UInt32? = getuid()
        for _ in 0..<1000 where owner != nil {
            owner = SocketOwner.uid(client: connection.clientEnd, server: connection.serverEnd)
            if owner != nil { sched_yield() }
        }
        #expect(owner == nil)
    }
}
