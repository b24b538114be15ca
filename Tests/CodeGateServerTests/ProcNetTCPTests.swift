@testable import CodeGateServer
import Testing

/// `/proc/net/tcp` and `/proc/net/tcp6` as a little-endian Linux writes them: a listener, the
/// server's accepted socket and the client's own socket of one connection each.
@Suite struct ProcNetTCPTests {
    static let tcp = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:2120 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1062 1 000000000c66b7c1 100 0 0 10 0
           1: 0100007F:2120 0100007F:A2F4 01 00000000:00000000 00:00000000 00000000     0        0 2001 1 0000000000000000 20 4 30 10 -1
           2: 0100007F:A2F4 0100007F:2120 01 00000000:00000000 00:00000000 00000000 65534        0 2002 1 0000000000000000 20 4 30 10 -1
        """
    static let tcp6 = """
          sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 00000000000000000000000001000000:2120 00000000000000000000000001000000:C001 01 00000000:00000000 00:00000000 00000000     0        0 3001 1
           1: 00000000000000000000000001000000:C001 00000000000000000000000001000000:2120 01 00000000:00000000 00:00000000 00000000  1000        0 3002 1
           2: 0000000000000000FFFF00000100007F:D00D 0000000000000000FFFF00000100007F:2120 01 00000000:00000000 00:00000000 00000000  1001        0 3003 1
        """
    static let loopback4: [UInt8] = [127, 0, 0, 1]
    static let loopback6: [UInt8] = Array(repeating: 0, count: 15) + [1]

    static func owners(in table: String, local: SocketEndpoint, remote: SocketEndpoint, littleEndian: Bool = true)
        -> [UInt32]
    {
        table.split(separator: "\n").compactMap {
            ProcNetTCP.owner(on: $0, local: local, remote: remote, littleEndian: littleEndian)
        }
    }

    @Test func readsAddressesInTheKernelsByteOrder() throws {
        #expect(
            ProcNetTCP.endpoint("0100007F:A2F4", littleEndian: true)
                == SocketEndpoint(address: Self.loopback4, port: 41716))
        #expect(
            ProcNetTCP.endpoint("7F000001:A2F4", littleEndian: false)
                == SocketEndpoint(address: Self.loopback4, port: 41716))
        #expect(
            ProcNetTCP.endpoint("0200A8C0:0050", littleEndian: true)
                == SocketEndpoint(address: [192, 168, 0, 2], port: 80))
        #expect(
            ProcNetTCP.endpoint("00000000000000000000000001000000:2120", littleEndian: true)
                == SocketEndpoint(address: Self.loopback6, port: 8480))
        #expect(
            ProcNetTCP.endpoint("00000000000000000000000000000001:2120", littleEndian: false)
                == SocketEndpoint(address: Self.loopback6, port: 8480))
        // 2001:db8::2, whose words a little-endian kernel prints each reversed.
        let documentation: [UInt8] = [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 11) + [2]
        #expect(ProcNetTCP.endpoint("B80D0120000000000000000002000000:0001", littleEndian: true)
            == SocketEndpoint(address: documentation, port: 1))
        // An IPv4-mapped address in tcp6 is the same endpoint as the IPv4 one in tcp.
        #expect(ProcNetTCP.endpoint("0000000000000000FFFF00000100007F:D00D", littleEndian: true)
            == SocketEndpoint(address: Self.loopback4, port: 0xD00D))
    }

    @Test func refusesWhatIsNoEndpoint() {
        for field in [
            "local_address", "0100007F", "0100007F:2120:0", "0100007F:212", "0100007F:21200", "0100007:2120",
            "-100007F:2120", "0100007G:2120", "０100007F:2120", "0000000000000000000000000100000:2120", "0100007F:+120",
            "",
        ] {
            #expect(ProcNetTCP.endpoint(Substring(field)) == nil, "\(field)")
        }
    }

    @Test func findsTheClientsOwnSocketNotTheServers() throws {
        let client = try #require(SocketEndpoint(address: Self.loopback4, port: 41716))
        let server = try #require(SocketEndpoint(address: Self.loopback4, port: 8480))
        #expect(Self.owners(in: Self.tcp, local: client, remote: server) == [65534])
        #expect(Self.owners(in: Self.tcp, local: server, remote: client) == [0])
        let elsewhere = try #require(SocketEndpoint(address: Self.loopback4, port: 8481))
        #expect(Self.owners(in: Self.tcp, local: client, remote: elsewhere) == [])
        // Read as a big-endian kernel's file, these addresses are 1.0.0.127: no match.
        #expect(Self.owners(in: Self.tcp, local: client, remote: server, littleEndian: false) == [])
    }

    @Test func findsIPv6AndIPv4MappedSockets() throws {
        let server = try #require(SocketEndpoint(address: Self.loopback6, port: 8480))
        let client = try #require(SocketEndpoint(address: Self.loopback6, port: 0xC001))
        #expect(Self.owners(in: Self.tcp6, local: client, remote: server) == [1000])
        let mappedClient = try #require(SocketEndpoint(address: Self.loopback4, port: 0xD00D))
        let mappedServer = try #require(SocketEndpoint(address: Self.loopback4, port: 8480))
        #expect(Self.owners(in: Self.tcp6, local: mappedClient, remote: mappedServer) == [1001])
    }

    @Test func knowsLoopbackAddresses() throws {
        #expect(try #require(SocketEndpoint(address: Self.loopback4, port: 1)).isLoopback)
        #expect(try #require(SocketEndpoint(address: [127, 9, 8, 7], port: 1)).isLoopback)
        #expect(try #require(SocketEndpoint(address: Self.loopback6, port: 1)).isLoopback)
        #expect(
            try #require(SocketEndpoint(address: Array(repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 2], port: 1))
                .isLoopback)
        #expect(try !#require(SocketEndpoint(address: [10, 0, 0, 1], port: 1)).isLoopback)
        #expect(try !#require(SocketEndpoint(address: Array(repeating: 0, count: 16), port: 1)).isLoopback)
        #expect(
            try !#require(SocketEndpoint(address: [127, 0, 0, 1] + Array(repeating: 0, count: 12), port: 1)).isLoopback)
        #expect(SocketEndpoint(address: [127, 0, 0], port: 1) == nil)
    }
}
