import Glibc

/// An IP address read strictly, as the kernel reads one (`inet_pton`): four dotted decimals, or
/// an IPv6 address in any of its spellings. Anything else — a host name, `a:b`, a port — is
/// none, so a forwarded header cannot invent a client out of words.
struct IPAddress: Equatable, Sendable {
    /// 4 bytes for IPv4 (an IPv4-mapped IPv6 address included), else 16; network order.
    let bytes: [UInt8]

    /// The address `text` spells; nil when it spells none.
    init?(_ text: some StringProtocol) {
        guard text.utf8.count <= 45, !text.contains("%") else { return nil }
        let text = String(text)
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let all = withUnsafeBytes(of: v6) { Array($0) }
        bytes = all.starts(with: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) ? Array(all[12...]) : all
    }

    /// 127.0.0.0/8 or ::1, however spelled: an address every local process shares.
    var isLoopback: Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// `0.0.0.0` or `::`: an address no client sends from.
    var isUnspecified: Bool { bytes.allSatisfy { $0 == 0 } }

    /// What a client at this address counts as: an IPv4 address on its own; an IPv6 one by its
    /// /64, the block one subscriber is given (a host picks any of its 2^64 addresses at will,
    /// so one a request would be a fresh client per request). Nil for the unspecified address.
    var clientName: String? {
        guard !isUnspecified else { return nil }
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
