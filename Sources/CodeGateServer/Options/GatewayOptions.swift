import CodeGateBase
import CodeGateGateway
import CodeGateService

/// What `codegate-gateway` was started with: the options `GatewayOption` lists, parsed by GLib
/// as every GNOME tool's are (`--name value` or `--name=value`, `--help`, `-h`), each value
/// checked as it is read.
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
    /// The bound on each challenge's search (`--challenge-work`).
    public var challengeWork = ChallengeGate.defaultWork
    /// Whether a request for a code must solve a challenge: all but `--no-challenge`.
    public var requiresChallenge = true
    /// The state folder; nil for the app's own (`$XDG_STATE_HOME/codegate`).
    public var stateFolder: String?
    /// `--database`: the URL of the shared database the state is kept in, instead of SQLite in
    /// the state folder; its scheme names one of the executable's backends (`DatabaseRegistry`).
    public var databaseURL: String?
    /// `--database-file`: the file that holds that URL, so no password shows in a process list.
    public var databaseFile: String?
    /// `--sms-webhook`: the provider's URL, `https://` or loopback `http://`.
    public var smsWebhook: String?
    /// `--sms-webhook-key-file`: the file holding the webhook's signing key.
    public var smsWebhookKeyFile: String?
    /// `--alert-webhook`: where each suspension or throttle of the guard is posted (`AlertWebhook`).
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

    /// What `--help` prints, in the user's language: GLib's own help, from the same table the
    /// arguments are parsed by, naming the URL schemes of the shared databases in `databases`.
    package static func usage(databases: DatabaseRegistry) -> String { GatewayCommandLine.help(databases: databases) }

    /// Parses the arguments after the program name, or says why they are refused; a database
    /// URL must name one of the backends in `databases`. An option given twice takes its last
    /// value.
    package static func parse(_ arguments: [String], databases: DatabaseRegistry) throws(GatewayOptionError)
        -> GatewayOptions
    {
        let options = try GatewayCommandLine.parse(arguments, databases: databases)
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

    /// `url` with any user info (a password, say) cut to "…", for an error line that may end
    /// up in a log.
    package static func withoutUserInfo(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return url }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authority = rest[..<(rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else { return url }
        return url[..<rest.startIndex] + "…" + rest[at...]
    }

    /// Whether `address` is one of the loopback's: 127.0.0.0/8 or ::1.
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1"
    }

    /// Whether `text` is an IPv4 address in dotted quads, or an IPv6 address's characters.
    static func isAddress(_ text: String) -> Bool {
        IPAddress(text) != nil
    }

    /// The challenges a request for a code must solve; nil when none is asked for.
    public var challenges: ChallengeGate? {
        requiresChallenge ? ChallengeGate(work: challengeWork) : nil
    }

    /// Takes `option` with its `value` (nil for one that takes none), as the parser reads it;
    /// a database URL must name one of the backends in `databases`.
    mutating func set(_ option: GatewayOption, to value: String?, databases: DatabaseRegistry)
        throws(GatewayOptionError)
    {
        let name = option.flag
        guard (value == nil) == (option.valueName == nil) else { throw .flagWithValue(name, value ?? "") }
        let value = value ?? ""
        switch option {
        case .help: wantsHelp = true
        case .allowRemote: allowsRemote = true
        case .noChallenge: requiresChallenge = false
        case .challengeWork: challengeWork = try Self.number(value, name, unit: "hashes", in: ChallengeGate.workRange)
        case .port: port = UInt16(try Self.number(value, name, unit: "a port", in: 0...65_535))
        case .duration: policy.cooldown = try Self.rule(.cooldown, value)
        case .codeLifetime: policy.codeLifetime = try Self.rule(.codeLifetime, value)
        case .rateLimit: rateLimit = try Self.number(value, name, unit: "requests a minute", in: 0...100_000)
        case .stateFolder:
            guard value.hasPrefix("/") else { throw .relativeStateFolder(value) }
            stateFolder = value
        case .keyFile:
            guard value.hasPrefix("/") else { throw .relativeKeyFile(value) }
            keyFile = value
        case .database:
            guard databases.knows(value) else { throw .badDatabaseURL(name, schemes: databases.schemes) }
            databaseURL = value
        case .databaseFile:
            guard value.hasPrefix("/") else { throw .relativeDatabaseFile(value) }
            databaseFile = value
        case .listen:
            guard let (host, number) = Self.endpoint(value) else { throw .badEndpoint(value) }
            address = host
            port = number
        case .smsWebhook: smsWebhook = try Self.webhook(name, value)
        case .smsWebhookKeyFile: smsWebhookKeyFile = try Self.absolute(name, value)
        case .alertWebhook: alertWebhook = try Self.webhook(name, value)
        case .alertWebhookKeyFile: alertWebhookKeyFile = try Self.absolute(name, value)
        case .smsCommand:
            guard let words = CommandProvider.words(of: value), !words.isEmpty else { throw .badCommand(value) }
            smsCommand = words
        case .budgets: budgetsFile = try Self.absolute(name, value)
        case .trustedProxy:
            guard Self.isAddress(value) else { throw .badAddress(value) }
            // Every local process connects from the loopback: trusting its address would let
            // any of them name a client. A proxy on this machine uses the handed-over socket.
            guard IPAddress(value)?.isLoopback != true else { throw .loopbackProxy(value) }
            trustedProxy = value
        case .regions:
            switch NumberScreen.regions(in: value) {
            case .success(let listed): regions = listed
            case .failure(let error): throw .badRegion(error.name)
            }
        }
    }

    private static func absolute(_ name: String, _ path: String) throws(GatewayOptionError) -> String {
        guard path.hasPrefix("/") else { throw .relativePath(name, path) }
        return path
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
