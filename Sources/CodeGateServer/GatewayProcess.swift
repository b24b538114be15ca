import CodeGateBase
import CodeGateGLib
import CodeGateGateway
import Glibc

/// `codegate-gateway`: parses its arguments, opens the shared state, serves the embedded
/// gateway (on 127.0.0.1 unless told otherwise) and runs the GLib main loop until SIGTERM or
/// SIGINT, which drain it: no new connection, every request begun answered, then exit 0.
///
/// Standard output is the protocol's: the base URL once the server accepts connections, then
/// one `SMS +E164 text` line per delivered message (the simulated phone), each written at once
/// — or, with `--sms-webhook` or `--sms-command`, each message goes through the store's outbox
/// to that provider instead. Standard error gets the request log and state problems. Neither
/// can block the main loop (`StandardStreams`): lines a reader does not take are held, up to
/// a bound, then dropped and counted.
@MainActor
public enum GatewayProcess {
    /// Runs the gateway, its state on the backend in `databases` whose scheme the database URL
    /// names, if one is given; returns the exit status: 0 after a clean stop, 2 for a bad
    /// argument, 1 when it cannot listen.
    package static func run(_ arguments: [String], databases: DatabaseRegistry) -> Int32 {
        // A reader of standard output that went away must not kill the gateway mid-answer.
        signal(SIGPIPE, SIG_IGN)
        let status = serve(arguments, databases: databases)
        // The last lines (a refusal at start, the final requests) still reach a reader that is
        // a little slow; one that stopped holds the exit a second at most.
        streams.finish(within: 1000)
        return status
    }

    private static let streams = StandardStreams()

    private static func serve(_ arguments: [String], databases: DatabaseRegistry) -> Int32 {
        setlocale(LC_ALL, "")
        TextDomain.codegate.bind(to: LocaleDirectory.find())
        let options: GatewayOptions
        do {
            options = try GatewayOptions.parse(Array(arguments.dropFirst()), databases: databases)
        } catch {
            say("codegate-gateway: \(error.description.terminalEscaped)", to: .error)
            return 2
        }
        if options.wantsHelp {
            say(GatewayOptions.usage(databases: databases), to: .output, newline: false)
            return 0
        }
        // Taken before anything else can start a child that would inherit them.
        let handed = SocketActivation.descriptors()
        // From here each answer's language comes from its request (AnswerLanguage); LANGUAGE
        // would override that choice in gettext, whatever the request asked.
        unsetenv("LANGUAGE")
        let timers = GLibTimerPort()
        let report: @MainActor (String) -> Void = { say("codegate-gateway: \($0.terminalEscaped)", to: .error) }
        let budgets: BudgetPlan
        let provider: (any SMSProvider)?
        let alerts: AlertWebhook?
        do throws(StartError) {
            // Without a file, each number's own cap still holds: no victim is texted at every
            // cooldown's end all day.
            budgets = try options.budgetsFile.map(readBudgets) ?? .withoutFile
            provider = try makeProvider(options, timers: timers, report: report)
            alerts = try makeAlerts(options, timers: timers, report: report)
        } catch {
            report(error.line)
            return 2
        }
        let store: any CodeStore
        var shared: SharedState?
        switch DatabaseURLSource.resolve(options, databases: databases) {
        case .failure(let error):
            report(error.description)
            return 2
        case .success(let url?):
            // The URL was checked against the registry, so a backend is there to make.
            guard let database = databases.database(for: url),
                let state = openDatabase(database, at: url, options: options, report: report)
            else { return 2 }
            shared = state
            store = state.store
        case .success(nil):
            let keyFile = options.keyFile ?? credentialKeyFile()
            let local = GatewayStore(
                folder: openStateFolder(options.stateFolder), legacyPolicy: options.policy, report: report,
                keyFile: keyFile)
            // A key file the operator named is read now, as on a database: a wrong path or mode
            // stops the start with its line rather than answering every request 503.
            if keyFile != nil {
                do { _ = try local.codeKey() } catch { return 2 }
            }
            store = local
        }
        let service = LocalCodeService(
            policy: options.policy, codeStore: store, budgets: budgets, usesOutbox: provider != nil,
            challenges: options.challenges)
        let server = GatewayServer(
            api: GatewayAPI(service: service, rateLimit: options.rateLimit, regions: options.regions),
            trustedProxy: options.trustedProxy, timers: timers, log: report)
        let phone = service.outbox.observe { message in
            say("SMS \(message.recipient.e164) \(message.text.terminalEscaped)", to: .output)
            server.codeSent()
        }
        // Said once, by the gateway whose code started it: where an attack is, and until when.
        let guarded = service.suspensions.observe { suspension in
            let minutes = (suspension.secondsLeft + 59) / 60
            report(
                suspension.kind == .throttled
                    ? "throttled new numbers' codes to the \(suspension.level) \(suspension.prefix) for about \(minutes) "
                        + "min: far more requests than its history makes usual (SMS pumping?)"
                    : "suspended new numbers' codes to the \(suspension.level) \(suspension.prefix) for about "
                        + "\(minutes) min: its codes go unverified (SMS pumping?)")
            server.record(suspension)
            alerts?.tell(suspension)
        }
        // With a provider, messages go through the store's outbox: delivered after their
        // transaction committed, and those left by a gateway that stopped are taken up now.
        let courier = provider.map { OutboxCourier(store: store, provider: $0, timers: timers, report: report) }
        // On a database, the other gateways' messages are heard of as they are queued, so that
        // one a gateway that died leaves is not left waiting for a request here.
        let listener = courier.flatMap { courier in
            shared.map { $0.outboxListener(timers, SocketWatch.add) { courier.kick() } }
        }
        let watches = courier.map { courier in
            server.outboxPending = { try? await store.pendingMessages() }
            return [service.enqueued.observe { courier.kick() }, courier.events.observe { server.record($0) }]
        }
        MainQueueSource.install()
        switch server.listen(address: options.address, port: options.port) {
        case .failure(let error):
            report("cannot listen on \(options.address):\(options.port): \(error)")
            return 1
        case .success(let url):
            for descriptor in handed {
                if let error = server.listenForProxy(descriptor: descriptor) {
                    report("cannot take the trusted proxy's socket (descriptor \(descriptor)): \(error)")
                    return 1
                }
            }
            say(url, to: .output)
        }
        if !handed.isEmpty {
            report("taking the trusted proxy's requests, X-Forwarded-For and all, on the socket handed over")
        }
        // Deny by default, and say so: an operator whose users are elsewhere learns it here,
        // not from their refusals.
        let regions = options.regions.sorted().joined(separator: ", ")
        report("texting codes to mobile numbers of \(regions) only (--regions)")
        listener?.listen()
        courier?.kick()
        SignalLoop.run(until: [SIGTERM, SIGINT], deadline: GatewayServer.idleTimeout) { stopped in
            // An attempt under way keeps its lease: whoever starts next delivers the message.
            listener?.stop()
            courier?.stop()
            server.drain(then: stopped)
        }
        withExtendedLifetime((server, phone, guarded, watches, listener)) {}
        return 0
    }

    /// The state on `database` at `url`; nil (after one line on stderr) when it cannot be used
    /// at start: a service manager restarts the gateway (`Restart=on-failure`) until it can.
    private static func openDatabase(
        _ database: any SharedDatabase, at url: String, options: GatewayOptions,
        report: @escaping @MainActor (String) -> Void
    ) -> SharedState? {
        // A key made in this host's state folder would tie the database to one gateway: the
        // next one, with a key of its own, could not check its codes.
        guard let keyFile = options.keyFile ?? credentialKeyFile() else {
            report(
                "--database needs --key-file PATH (or the systemd credential gateway-key): "
                    + "every gateway on one database digests codes under the same key")
            return nil
        }
        return StartWait.value { await database.open(url: url, keyFile: keyFile, report: report) }
    }

    /// A file an option named that cannot be used: its line for stderr.
    private struct StartError: Error {
        let line: String
    }

    /// The budgets `path` sets.
    private static func readBudgets(_ path: String) throws(StartError) -> BudgetPlan {
        do {
            let bytes = try OptionFile.contents(of: path, maxBytes: 65_536, secret: false).get()
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw StartError(line: "--budgets \(path): not UTF-8 text")
            }
            return try BudgetPlan.parse(text)
        } catch let error as StartError {
            throw error
        } catch {
            throw StartError(line: "--budgets \(path): \(error)")
        }
    }

    /// The provider the options name, if any: the webhook with its key, or the command.
    private static func makeProvider(
        _ options: GatewayOptions, timers: GLibTimerPort, report: @escaping @MainActor (String) -> Void
    ) throws(StartError) -> (any SMSProvider)? {
        if let words = options.smsCommand {
            return CommandProvider(argv: words, timers: timers, report: report)
        }
        guard let url = options.smsWebhook, let keyFile = options.smsWebhookKeyFile else { return nil }
        let key = try webhookKey(keyFile, option: "--sms-webhook-key-file")
        return WebhookProvider(url: url, key: key, timers: timers) { SystemMoment.now().wall }
    }

    /// The alert webhook `--alert-webhook` names, if any.
    private static func makeAlerts(
        _ options: GatewayOptions, timers: GLibTimerPort, report: @escaping @MainActor (String) -> Void
    ) throws(StartError) -> AlertWebhook? {
        guard let url = options.alertWebhook, let keyFile = options.alertWebhookKeyFile else { return nil }
        let key = try webhookKey(keyFile, option: "--alert-webhook-key-file")
        return AlertWebhook(url: url, key: key, timers: timers, wallClock: { SystemMoment.now().wall }, report: report)
    }

    /// A webhook's signing key from `path`, which `option` named: the file's bytes without its
    /// final line end, which editors add; at least 16 bytes, readable by nobody else.
    private static func webhookKey(_ path: String, option: String) throws(StartError) -> [UInt8] {
        var key: [UInt8]
        switch OptionFile.contents(of: path, maxBytes: 1024, secret: true) {
        case .success(let bytes): key = bytes
        case .failure(let error): throw StartError(line: "\(option) \(error)")
        }
        while key.last == UInt8(ascii: "\n") || key.last == UInt8(ascii: "\r") { key.removeLast() }
        guard key.count >= 16 else { throw StartError(line: "\(option) \(path): the key must be at least 16 bytes") }
        return key
    }

    /// The state folder `path` names, or the app's own: the same `gateway.db` as every
    /// CodeGate's embedded gateway by default, so all of them share their rules.
    private static func openStateFolder(_ path: String?) -> Result<StateFolder, StateFileError> {
        path.map(StateFolder.open) ?? StateFolder.openDefault()
    }

    /// The key systemd hands the service as the credential `gateway-key` (`LoadCredential=`),
    /// if it does.
    private static func credentialKeyFile() -> String? {
        guard let folder = getenv("CREDENTIALS_DIRECTORY").map({ String(cString: $0) }), folder.hasPrefix("/") else {
            return nil
        }
        let path = folder + "/gateway-key"
        return access(path, F_OK) == 0 ? path : nil
    }

    /// Writes `text` (and a newline) to `stream`, at once if its reader keeps up: a line a test
    /// reads is there as soon as the event it reports happened.
    private static func say(_ text: String, to stream: StandardStreams.Stream, newline: Bool = true) {
        var bytes = Array(text.utf8)
        if newline { bytes.append(UInt8(ascii: "\n")) }
        streams.write(bytes, to: stream)
    }
}
