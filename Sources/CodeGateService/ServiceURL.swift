import CodeGateBase
/// The base URL of a code server (`--service`, the `service-url` key), checked before any
/// request goes out: `https://` anywhere, `http://` only to this machine — codes must not
/// travel in clear text.
///
/// The parser is strict on purpose and accepts less than RFC 3986 allows: no user info (an
/// `@` would make `http://127.0.0.1@example.com/` look local), no query or fragment, hosts of
/// letters, digits, dots and hyphens or a bracketed IPv6 literal, and an IPv4 host only in
/// dotted-quad form, so "loopback" cannot be spelled in a way another resolver reads
/// differently (`127.1`, `0x7f.0.0.1`).
public struct ServiceURL: Equatable, Sendable, CustomStringConvertible {
    /// The longest URL taken.
    public static let maximumLength = 2048

    /// `http` or `https`.
    public let scheme: String
    /// The host as written, lower case; an IPv6 literal without its brackets.
    public let host: String
    /// The port, if one is given.
    public let port: Int?
    /// The path, always ending with `/`, so the protocol's paths resolve under it.
    public let path: String

    /// The normalized URL: lower-case scheme and host, a path that ends with `/`.
    public var description: String {
        let authority = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(authority)\(port.map { ":\($0)" } ?? "")\(path)"
    }

    /// Whether the host is this machine: `localhost`, 127.0.0.0/8 or `::1`.
    public var isLoopback: Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { Self.isOctet($0) }
    }

    /// Parses `text`, or says why it is refused.
    public init(parsing text: String) throws(ServiceURLError) {
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else { throw .badCharacter }
        // Not `firstRange(of:)`: that one call links _StringProcessing and the regex parser into
        // every binary, 0.9 MB of the app.
        guard let separator = text.indices.first(where: { text[$0...].hasPrefix("://") }) else { throw .notAURL }
        let scheme = text[..<separator].lowercased()
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        let rest = text[text.index(separator, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" }
        let path = String(rest[authority.endIndex...])
        guard !authority.contains("@") else { throw .userInfo }
        guard !path.contains("?"), !path.contains("#"), !authority.contains("?"), !authority.contains("#") else {
            throw .queryOrFragment
        }
        let (host, port) = try Self.split(authority)
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path.hasSuffix("/") ? path : path + "/"
        if scheme == "http", !isLoopback { throw .cleartext(host) }
    }

    private static func split(_ authority: Substring) throws(ServiceURLError) -> (host: String, port: Int?) {
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .badHost }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badHost }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw .badHost }
        } else {
            let pieces = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = pieces[0]
            portText = pieces.count > 1 ? pieces[1] : nil
            guard !host.isEmpty,
                host.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
                !host.hasPrefix("."), !host.hasPrefix("-")
            else { throw .badHost }
            // All digits and dots: an IPv4 address, which must be a dotted quad.
            if host.allSatisfy({ $0.isASCIIDigit || $0 == "." }) {
                let parts = host.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 4, parts.allSatisfy({ isOctet($0) }) else { throw .badHost }
            }
        }
        guard let portText else { return (host.lowercased(), nil) }
        guard portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let port = Int(portText),
            (1...65535).contains(port)
        else { throw .badPort(String(portText)) }
        return (host.lowercased(), port)
    }

    private static func isOctet(_ text: Substring) -> Bool {
        guard (1...3).contains(text.count), text.allSatisfy(\.isASCIIDigit), let value = Int(text) else { return false }
        return value <= 255 && (text.count == 1 || text.first != "0")
    }
}

/// Why a service URL is refused; `description` is the sentence after the option's name.
public enum ServiceURLError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong
    case badCharacter
    case notAURL
    case unsupportedScheme(String)
    case userInfo
    case queryOrFragment
    case badHost
    case badPort(String)
    /// `http://` to another machine.
    case cleartext(String)

    public var description: String {
        switch self {
        case .tooLong: "the URL is longer than \(ServiceURL.maximumLength) characters"
        case .badCharacter: "the URL may hold only printable ASCII characters, no spaces or backslashes"
        case .notAURL: "not a URL; give the server's base URL, such as https://codes.example.com/"
        case .unsupportedScheme(let scheme):
            "the URL must start with https:// (or http:// to this machine), not \"\(scheme)://\""
        case .userInfo: "the URL must not hold a user name or password (\"@\")"
        case .queryOrFragment: "the URL must not hold a query (\"?\") or a fragment (\"#\")"
        case .badHost: "the URL's host is not a host name or IP address"
        case .badPort(let text): "the URL's port must be a number from 1 to 65535, not \"\(text)\""
        case .cleartext(let host):
            "http:// is only allowed to this machine (localhost, 127.0.0.0/8, ::1), not \(host): "
                + "codes must not travel in clear text; use https://"
        }
    }
}
