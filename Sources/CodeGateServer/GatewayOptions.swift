import CodeGateBase
import CodeGateGateway
import CodeGateService

/// What `codegate-gateway` was started with: `[--port PORT | --listen ADDR:PORT [--allow-remote]]
/// [--duration S] [--code-ttl S] [--rate-limit N] [--trusted-proxy ADDR] [--state-dir DIR]
/// [--key-file PATH] [--database URL | --database-file PATH]
/// [--sms-webhook URL --sms-webhook-key-file PATH | --sms-command CMD] [--budgets FILE]
/// [--regions LIST]`, each as
/// `--name value` or `--name=value`.
public struct GatewayOptions: Equatable, Sendable {
    /// The port; 0 takes any free one.
    public var port: UInt16 = 0
    /// The address listened on: 127.0.0.1 unless `--listen` says otherwise.
    public var address = "127.0.0.1"
    /// `--allow-remote`: an address other than the loopback's may be listened on.
    public var allowsRemote = false
    /// The reverse proxy whose `X-Forwarded-For` names the client, if any.
    public var trustedProxy: String?
    /// The key file for code digests; nil for `gateway.key` in the state folder.
    public var keyFile: String?
    /// The embedded gateway's rules: `--duration` (cooldown) and `--code-ttl`, as the app's.
    public var policy = CodePolicy()
    /// Requests a minute per client; 0 turns the limit off.
    public var rateLimit = 120
    /// The state folder; nil for the app's own (`$XDG_STATE_HOME/codegate`).
    public var stateFolder: String?
    /// `--database`: the PostgreSQL database the state is kept in, instead of SQLite in the
    /// state folder.
    public var databaseURL: String?
    /// `--database-file`: the file that holds that URL, so no password shows in a process list.
    public var databaseFile: String?
    /// `--sms-webhook`: the provider's URL, `https://` or loopback `http://`.
    public var smsWebhook: String?
    /// `--sms-webhook-key-file`: the file holding the webhook's signing key.
    public var smsWebhookKeyFile: String?
    /// `--alert-webhook`: where each suspension of the conversion guard is posted (`AlertWebhook`).
    public var alertWebhook: String?
    /// `--alert-webhook-key-file`: the file holding the alert webhook's signing key.
    public var alertWebhookKeyFile: String?
    /// `--sms-command`: the provider's command, as words (no shell).
    public var smsCommand: [String]?
    /// `--budgets`: the budgets file (`BudgetPlan`).
    public var budgetsFile: String?
    /// `--regions`: the regions whose mobile numbers are texted (`NumberScreen`).
    public var regions = NumberScreen.home
    /// `--help` was asked for.
    public var wantsHelp = false

    /// The defaults: any free port, the app's rules, 120 requests a minute, the app's state.
    public init() {}

    /// What `--help` prints, in the user's language; `--duration` and `--code-ttl` say what
    /// the app's own options say.
    public static var usage: String {
        let options: [(String, String)] = [
            ("--port PORT", localized("Port on 127.0.0.1, 0 for any free one (default 0)")),
            ("--listen ADDR:PORT", localized("Address and port to listen on, e.g. [::1]:8080 (default 127.0.0.1:0)")),
            ("--allow-remote", localized("Allow --listen on an address other than the loopback's (put TLS in front)")),
            (
                "--trusted-proxy ADDR",
                localized("Reverse proxy on another host whose X-Forwarded-For names the client (docs/deployment.md)")
            ),
            ("--duration SECONDS", PolicyOption.cooldown.help),
            ("--code-ttl SECONDS", PolicyOption.codeLifetime.help),
            ("--rate-limit PER_MINUTE", localized("Requests a minute per client, 0 for no limit (default 120)")),
            ("--state-dir DIR", localized("State folder, an absolute path (default $XDG_STATE_HOME/codegate)")),
            (
                "--key-file PATH",
                localized("Key for code digests, an absolute path (default gateway.key in the state folder)")
            ),
            (
                "--database URL",
                localized(
                    "PostgreSQL database shared by many gateways, postgresql://... (default SQLite in the state folder)")
            ),
            (
                "--database-file PATH",
                localized(
                    "File holding that URL, so no password shows in a process list (or set CODEGATE_DATABASE_URL)")
            ),
            (
                "--sms-webhook URL",
                localized("Deliver text messages by a signed POST to this https:// (or loopback http://) URL")
            ),
            ("--sms-webhook-key-file PATH", localized("The webhook's signing key, an absolute path")),
            (
                "--sms-command CMD",
                localized("Deliver text messages by running this command, the message on its standard input")
            ),
            ("--budgets FILE", localized("Budgets against SMS pumping, an absolute path (docs/gateway.md)")),
            (
                "--alert-webhook URL",
                localized("Post each block of numbers suspended against SMS pumping to this URL, signed")
            ),
            ("--alert-webhook-key-file PATH", localized("The alert webhook's signing key, an absolute path")),
            (
                "--regions LIST",
                localized("Regions whose mobile numbers get codes, e.g. CN,HK,GB (default CN)")
            ),
        ]
        return
            "usage: codegate-gateway [--port PORT | --listen ADDR:PORT [--allow-remote]] "
                + "[--duration SECONDS] [--code-ttl SECONDS]"
            + " [--rate-limit PER_MINUTE] [--trusted-proxy ADDR] [--state-dir DIR] [--key-file PATH]"
            + " [--database URL | --database-file PATH]"
            + " [--sms-webhook URL --sms-webhook-key-file PATH | --sms-command CMD] [--budgets FILE]"
            + " [--alert-webhook URL --alert-webhook-key-file PATH] [--regions LIST]\n"
            + localized(
                // TRANSLATORS: the first lines of codegate-gateway --help.
                "Serves CodeGate's embedded SMS gateway over HTTP on 127.0.0.1 (docs/protocol.md); "
                    + "prints its base URL, then each text message it delivers, on standard output."
            )
            + "\n\n" + options.map { "  \($0.0.padding(28))\($0.1)\n" }.joined()
    }

    /// `url` with any user info (a password, say) cut to "…", for an error line that may end
    /// up in a log.
    package static func withoutUserInfo(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return url }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authority = rest[..<(rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else { return url }
        return url[..<rest.startIndex] + "…" + rest[at...]
    }

    /// Parses the arguments after the program name, or says why they are refused.
    public static func parse(_ arguments: [String]) throws(GatewayOptionError) -> GatewayOptions {
        var options = GatewayOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" {
                options.wantsHelp = true
                continue
            }
            if argument == "--allow-remote" {
                options.allowsRemote = true
                continue
            }
            guard argument.hasPrefix("--") else { throw .unexpected(argument) }
            let name: String
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
                guard let next = rest.popFirst() else { throw .missingValue(name) }
                value = next
            }
            try options.set(name, to: value)
        }
        if !options.allowsRemote && !Self.isLoopback(options.address) { throw .remoteAddress(options.address) }
        if options.databaseURL != nil && options.databaseFile != nil { throw .twoDatabases }
        if options.smsWebhook != nil && options.smsCommand != nil { throw .twoProviders }
        for (name, url, key) in [
            ("--sms-webhook", options.smsWebhook, options.smsWebhookKeyFile),
            ("--alert-webhook", options.alertWebhook, options.alertWebhookKeyFile),
        ] where (url == nil) != (key == nil) {
            throw .webhookKey(name)
        }
        return options
    }

    /// A webhook's URL, held to the rules of the app's --service: https://, or http:// to this
    /// machine only, with no user info, query or fragment; it is posted to as given.
    private static func webhook(_ name: String, _ value: String) throws(GatewayOptionError) -> String {
        do {
            _ = try ServiceURL(parsing: value)
        } catch {
            throw .badWebhook(name, Self.withoutUserInfo(value), reason: error.description)
        }
        return value
    }

    /// Whether `address` is one of the loopback's: 127.0.0.0/8 or ::1.
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1"
    }

    private mutating func set(_ name: String, to value: String) throws(GatewayOptionError) {
        switch name {
        case "--port": port = UInt16(try Self.number(value, name, unit: "a port", in: 0...65_535))
        case "--duration": policy.cooldown = try Self.rule(.cooldown, value)
        case "--code-ttl": policy.codeLifetime = try Self.rule(.codeLifetime, value)
        case "--rate-limit": rateLimit = try Self.number(value, name, unit: "requests a minute", in: 0...100_000)
        case "--state-dir":
            guard value.hasPrefix("/") else { throw .relativeStateFolder(value) }
            stateFolder = value
        case "--key-file":
            guard value.hasPrefix("/") else { throw .relativeKeyFile(value) }
            keyFile = value
        case "--database":
            guard Self.isDatabaseURL(value) else { throw .badDatabaseURL("--database") }
            databaseURL = value
        case "--database-file":
            guard value.hasPrefix("/") else { throw .relativeDatabaseFile(value) }
            databaseFile = value
        case "--listen":
            guard let (host, number) = Self.endpoint(value) else { throw .badEndpoint(value) }
            address = host
            port = number
        case "--sms-webhook": smsWebhook = try Self.webhook(name, value)
        case "--sms-webhook-key-file":
            guard value.hasPrefix("/") else { throw .relativePath(name, value) }
            smsWebhookKeyFile = value
        case "--alert-webhook": alertWebhook = try Self.webhook(name, value)
        case "--alert-webhook-key-file":
            guard value.hasPrefix("/") else { throw .relativePath(name, value) }
            alertWebhookKeyFile = value
        case "--sms-command":
            guard let words = CommandProvider.words(of: value), !words.isEmpty else { throw .badCommand(value) }
            smsCommand = words
        case "--budgets":
            guard value.hasPrefix("/") else { throw .relativePath(name, value) }
            budgetsFile = value
        case "--trusted-proxy":
            guard Self.isAddress(value) else { throw .badAddress(value) }
            // Every local process connects from the loopback: trusting its address would let
            // any of them name a client. A proxy on this machine uses the handed-over socket.
            guard IPAddress(value)?.isLoopback != true else { throw .loopbackProxy(value) }
            trustedProxy = value
        case "--regions":
            switch NumberScreen.regions(in: value) {
            case .success(let listed): regions = listed
            case .failure(let error): throw .badRegion(error.name)
            }
        default: throw .unknown(name)
        }
    }

    /// Whether `text` is a PostgreSQL connection URI, the only kind of database URL taken.
    public static func isDatabaseURL(_ text: String) -> Bool {
        (text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")) && !text.contains(where: \.isNewline)
    }

    /// `ADDR:PORT` or `[ADDR]:PORT`: the address (an IPv4 dotted quad or an IPv6 address) and
    /// the port; nil when it is neither.
    private static func endpoint(_ text: String) -> (String, UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":") else { return nil }
        } else if host.contains(":") {
            return nil
        }
        return isAddress(host) ? (host, port) : nil
    }

    /// Whether `text` is an IPv4 address in dotted quads, or an IPv6 address's characters.
    static func isAddress(_ text: String) -> Bool {
        IPAddress(text) != nil
    }

    /// An option the app has too, parsed as the app parses it.
    private static func rule(_ option: PolicyOption, _ text: String) throws(GatewayOptionError) -> Duration {
        guard let duration = option.parse(text) else {
            throw .outOfRange(option.name, unit: "seconds", range: PolicyOption.seconds, text: text)
        }
        return duration
    }

    private static func number(_ text: String, _ name: String, unit: String, in range: ClosedRange<Int>)
        throws(GatewayOptionError) -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw .outOfRange(name, unit: unit, range: range, text: text)
        }
        return value
    }
}

/// An argument `codegate-gateway` refused; `description` is the line printed on stderr
/// (escaped there as a whole, since it may quote what was typed).
public enum GatewayOptionError: Error, Equatable, CustomStringConvertible {
    case unknown(String)
    case unexpected(String)
    case missingValue(String)
    case outOfRange(String, unit: String, range: ClosedRange<Int>, text: String)
    case relativeStateFolder(String)
    case relativeKeyFile(String)
    case badEndpoint(String)
    case badAddress(String)
    /// `--trusted-proxy` on a loopback address, which every local process shares.
    case loopbackProxy(String)
    case remoteAddress(String)
    case twoDatabases
    /// A database URL that is not `postgresql://…`, from the option or the source named.
    case badDatabaseURL(String)
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
        case .unknown(let name): "unknown option \(name); --help lists them"
        case .unexpected(let argument):
            "unexpected argument \"\(argument)\"; codegate-gateway takes only options, which --help lists"
        case .missingValue(let name): "\(name) needs a value"
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
        case .badDatabaseURL(let source):
            "\(source) must be a PostgreSQL URL, postgresql://[user@]host[:port]/database[?…] (not shown here: it may hold a password)"
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

extension String {
    /// The text followed by spaces up to `width` characters, at least one.
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
