import CodeGateBase

/// An argument `codegate-gateway` refused; `description` is the line printed on stderr
/// (escaped there as a whole, since it may quote what was typed).
public enum GatewayOptionError: Error, Equatable, CustomStringConvertible {
    /// GLib's own refusal of the command line, in its words: an unknown option, a missing
    /// value, a value given to an option that takes none.
    case commandLine(String)
    case unexpected(String)
    /// An option that takes no value, given one (`--allow-remote=no`).
    case flagWithValue(String, String)
    case outOfRange(String, unit: String, range: ClosedRange<Int>, text: String)
    case relativeStateFolder(String)
    case relativeKeyFile(String)
    case badEndpoint(String)
    case badAddress(String)
    /// `--trusted-proxy` on a loopback address, which every local process shares.
    case loopbackProxy(String)
    case remoteAddress(String)
    case twoDatabases
    /// A database URL from the option or the source named whose scheme is none of `schemes`,
    /// those of the backends the executable registered.
    case badDatabaseURL(String, schemes: [String])
    case relativeDatabaseFile(String)
    /// The database URL's file or variable could not be read: its path and why.
    case unreadableDatabaseFile(String, String)
    /// A webhook option's name, its URL (without any password) and why it is refused.
    case badWebhook(String, String, reason: String)
    case badCommand(String)
    case relativePath(String, String)
    case twoProviders
    /// A webhook option without its key file, or the key file without it.
    case webhookKey(String)
    case badRegion(String)

    public var description: String {
        switch self {
        case .commandLine(let message): message
        case .flagWithValue(let name, let value): "\(name) takes no value, not \"\(value)\""
        case .unexpected(let argument):
            "unexpected argument \"\(argument)\"; codegate-gateway takes only options, which --help lists"
        case .outOfRange(let name, let unit, let range, let text):
            "\(name) must be a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), not \"\(text)\""
        case .relativeStateFolder(let path): "--state-dir must be an absolute path, not \"\(path)\""
        case .relativeKeyFile(let path): "--key-file must be an absolute path, not \"\(path)\""
        case .badEndpoint(let text):
            "--listen must be ADDR:PORT with an IP address, e.g. 127.0.0.1:8080 or [::1]:8080, not \"\(text)\""
        case .badRegion(let name):
            "--regions takes ISO 3166-1 region codes separated by commas (CN,HK,GB), and \"\(String(name.prefix(40)).terminalEscaped)\" is none"
        case .badAddress(let text): "--trusted-proxy must be an IP address, not \"\(text)\""
        case .loopbackProxy(let text):
            "--trusted-proxy \(text) would trust every local process: a proxy on this machine connects "
                + "through a Unix socket the service manager hands over (codegate-gateway.socket, docs/deployment.md)"
        case .twoDatabases: "--database and --database-file name the same thing: give one"
        // The URL itself is never repeated: it may hold a password.
        case .badDatabaseURL(let source, let schemes) where schemes.isEmpty:
            "\(source) names a shared database, and this codegate-gateway links none: leave it out for SQLite"
        case .badDatabaseURL(let source, let schemes):
            "\(source) must be a database URL whose scheme is one of \(schemes.joined(separator: ", ")) "
                + "(not shown here: it may hold a password)"
        case .relativeDatabaseFile(let path): "--database-file must be an absolute path, not \"\(path)\""
        case .unreadableDatabaseFile(let path, let reason): "cannot read the database URL from \(path): \(reason)"
        case .remoteAddress(let address):
            "--listen \(address) is not a loopback address: add --allow-remote, "
                + "with TLS in front (codes must not travel in clear text)"
        case .badWebhook(let name, let text, let reason): "\(name) \"\(text)\": \(reason)"
        case .badCommand(let text):
            "--sms-command must be a command with its arguments, quoted as in a shell, not \"\(text)\""
        case .relativePath(let name, let path): "\(name) must be an absolute path, not \"\(path)\""
        case .twoProviders: "--sms-webhook and --sms-command cannot both be given: messages go to one provider"
        case .webhookKey(let name): "\(name) and \(name)-key-file go together: the webhook's requests are signed"
        }
    }
}
