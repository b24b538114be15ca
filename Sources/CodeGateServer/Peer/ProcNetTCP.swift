/// The lines of Linux's `/proc/net/tcp` and `/proc/net/tcp6`, read for the user who owns a
/// socket.
///
/// Each line after the header is `sl local_address rem_address st tx:rx tr:when retrnsmt uid
/// timeout inode …`. An address is hex of 32-bit words as the kernel holds them in memory,
/// printed as host-order integers (`%08X`): one word for IPv4, four for IPv6, so on a
/// little-endian machine 127.0.0.1 reads `0100007F` and `::1` reads
/// `00000000000000000000000001000000`. The port after the colon is plain hex (`%04X` of the
/// host-order port). The uid is decimal.
enum ProcNetTCP {
    /// Whether this machine stores integers little end first, as the kernel printed them.
    static let hostIsLittleEndian = UInt32(1).littleEndian == 1

    /// The uid of the socket on `line` whose local end is `local` and remote end `remote`; nil
    /// for any other line (the header included) or one that does not parse.
    static func owner(on line: Substring, local: SocketEndpoint, remote: SocketEndpoint,
                      littleEndian: Bool = hostIsLittleEndian) -> UInt32? {
        let fields = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
        guard fields.count > 7, endpoint(fields[1], littleEndian: littleEndian) == local,
              endpoint(fields[2], littleEndian: littleEndian) == remote
        else { return nil }
        return UInt32(fields[7])
    }

    /// The endpoint written as `ADDRESS:PORT` in hex, as the two files write them; nil if it
    /// is not one.
    static func endpoint(_ field: Substring, littleEndian: Bool = hostIsLittleEndian) -> SocketEndpoint? {
        let parts = field.split(separator: ":", omittingEmptySubsequences: false)
        // Digits only: a sign that UInt32(_:radix:) would take is no part of these files.
        guard parts.count == 2, parts[1].count == 4, parts[0].count == 8 || parts[0].count == 32,
              (parts[0] + parts[1]).allSatisfy({ $0.isASCII && $0.isHexDigit }), let port = UInt16(parts[1], radix: 16)
        else { return nil }
        var bytes: [UInt8] = []
        var rest = parts[0]
        while !rest.isEmpty {
            guard let word = UInt32(rest.prefix(8), radix: 16) else { return nil }
            // The word's bytes in the order memory held them, which is the address's network
            // order: a little-endian kernel printed them last byte first.
            let memory = littleEndian ? word.byteSwapped : word
            bytes += [UInt8(memory >> 24), UInt8(memory >> 16 & 0xFF), UInt8(memory >> 8 & 0xFF), UInt8(memory & 0xFF)]
            rest = rest.dropFirst(8)
        }
        return SocketEndpoint(address: bytes, port: port)
    }
}
