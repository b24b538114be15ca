import CodeGateBase
import CodeGateService

/// Every option `codegate-gateway` takes, declared once: GLib's option parser and `--help` are
/// both built from these cases (`GatewayCommandLine`), and `GatewayOptions.set(_:to:)` handles
/// each of them in an exhaustive switch, so a new case cannot be parsed as another.
enum GatewayOption: String, CaseIterable, Sendable {
    case port
    case listen
    case allowRemote = "allow-remote"
    case trustedProxy = "trusted-proxy"
    case duration
    case codeLifetime = "code-ttl"
    case rateLimit = "rate-limit"
    case challengeWork = "challenge-work"
    case noChallenge = "no-challenge"
    case stateFolder = "state-dir"
    case keyFile = "key-file"
    case database
    case databaseFile = "database-file"
    case smsWebhook = "sms-webhook"
    case smsWebhookKeyFile = "sms-webhook-key-file"
    case smsCommand = "sms-command"
    case budgets
    case alertWebhook = "alert-webhook"
    case alertWebhookKeyFile = "alert-webhook-key-file"
    case regions
    case help

    /// The option as typed, with its dashes, as the refusals name it.
    var flag: String { "--" + rawValue }

    /// Its one-letter spelling, if it has one: `-h`, as every GNOME tool's.
    var shortName: Character? { self == .help ? "h" : nil }

    /// The name of its value in `--help`; nil for an option that takes none.
    var valueName: String? {
        switch self {
        case .port: "PORT"
        case .listen: "ADDR:PORT"
        case .trustedProxy: "ADDR"
        case .duration, .codeLifetime: "SECONDS"
        case .rateLimit: "PER_MINUTE"
        case .challengeWork: "N"
        case .stateFolder: "DIR"
        case .keyFile, .databaseFile, .smsWebhookKeyFile, .alertWebhookKeyFile: "PATH"
        case .database, .smsWebhook, .alertWebhook: "URL"
        case .smsCommand: "CMD"
        case .budgets: "FILE"
        case .regions: "LIST"
        case .allowRemote, .noChallenge, .help: nil
        }
    }

    /// What `--help` says of it, in the user's language; `--duration` and `--code-ttl` say
    /// what the app's own options say, `--database` the URL schemes of `databases`.
    func help(databases: DatabaseRegistry) -> String {
        switch self {
        case .port: localized("Port on 127.0.0.1, 0 for any free one (default 0)")
        case .listen: localized("Address and port to listen on, e.g. [::1]:8080 (default 127.0.0.1:0)")
        case .allowRemote: localized("Allow --listen on an address other than the loopback's (put TLS in front)")
        case .trustedProxy:
            localized("Reverse proxy on another host whose X-Forwarded-For names the client (docs/deployment.md)")
        case .duration: PolicyOption.cooldown.help
        case .codeLifetime: PolicyOption.codeLifetime.help
        case .rateLimit: localized("Requests a minute per client, 0 for no limit (default 120)")
        case .challengeWork:
            localized("Bound on each challenge's search, 1000 to 5000000 hashes (default 50000; docs/protocol.md)")
        case .noChallenge: localized("Send codes without a solved challenge, for clients from before challenges")
        case .stateFolder: localized("State folder, an absolute path (default $XDG_STATE_HOME/codegate)")
        case .keyFile: localized("Key for code digests, an absolute path (default gateway.key in the state folder)")
        case .database:
            // TRANSLATORS: {0} lists the URLs' beginnings, e.g. "postgresql://…, postgres://…"; keep it as is.
            localized("Database shared by many gateways, by URL: {0} (default SQLite in the state folder)")
                .filling(databases.schemes.map { $0 + "://…" }.joined(separator: ", "))
        case .databaseFile:
            localized("File holding that URL, so no password shows in a process list (or set CODEGATE_DATABASE_URL)")
        case .smsWebhook:
            localized("Deliver text messages by a signed POST to this https:// (or loopback http://) URL")
        case .smsWebhookKeyFile: localized("The webhook's signing key, an absolute path")
        case .smsCommand:
            localized("Deliver text messages by running this command, the message on its standard input")
        case .budgets: localized("Budgets against SMS pumping, an absolute path (docs/gateway.md)")
        case .alertWebhook:
            localized("Post each prefix of numbers suspended or throttled against SMS pumping to this URL, signed")
        case .alertWebhookKeyFile: localized("The alert webhook's signing key, an absolute path")
        case .regions: localized("Regions whose mobile numbers get codes, e.g. CN,HK,GB (default CN)")
        case .help: localized("Show this help and exit")
        }
    }
}
