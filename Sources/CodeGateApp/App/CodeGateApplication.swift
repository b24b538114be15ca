import CodeGateBase
import CodeGateGLib
import CodeGateGtk
import CodeGateFlow
import CodeGateGateway
import CodeGateHTTP
import CAdw
import CGtk
import CodeGateCore
import Glibc

/// The application (an AdwApplication, so the window follows the desktop's dark and
/// high-contrast preference) and the app's one assembly point: it parses the command line,
/// then builds the timers, the embedded gateway, the flow, the saved cooldown, the desktop
/// notifier and the window that shows them.
///
/// One instance per session: a second launch shows the first one's window and exits 0.
@MainActor
public final class CodeGateApplication {
    /// The application id, also the name of the desktop file and icon.
    public static let id = "io.github.codegate.CodeGate"

    private let application: UnsafeMutablePointer<GtkApplication>
    private var options = LaunchOptions()
    private var window: CodeGateWindow?

    /// Creates the application; nothing is shown until `run`.
    public init() {
        CairoRendering.choose()
        // Before GtkApplication's start-up, which adds the bundle's icons to the icon theme.
        ResourceBundle.app.register()
        // The default flags make the app unique on the session bus: a second launch activates
        // this instance over D-Bus instead of opening a second window.
        application = adw_application_new(Self.id, G_APPLICATION_DEFAULT_FLAGS)!.cast()
        ApplicationActions.install(on: application)
        Signal.connect(application, "activate") { [weak self] in self?.activate() }
    }

    /// Parses the `count` command-line `arguments` (the program name first, in the locale's
    /// charset, as the process got them), then runs the main loop until the window is closed;
    /// returns the exit status. A bad command line ends at once with one line on
    /// stderr and status 2. When CodeGate already runs in the session, its window is shown
    /// instead and this returns 0; options given to such a second launch are ignored, with one
    /// line on stderr saying so, because the running flow cannot change its rules midway.
    public func run(count: Int32, arguments: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        // GLib's messages, the charset of the terminal and the app's own language follow the
        // user's locale; the language is bound before parsing, which prints translated help.
        // The toolkit's language follows the window's, the command line's the user's.
        setlocale(LC_ALL, "")
        TextDomain.codegate.bind(to: LocaleDirectory.find())
        let toolkit = ToolkitLanguage.match()
        let start = toolkit.onCommandLine { prepare(count: count, arguments) }
        switch start {
        case .exit(let status):
            return status
        case .run(let applicationArguments):
            var cArguments = applicationArguments.map { strdup($0) }
            defer { for argument in cArguments { free(argument) } }
            return g_application_run(application.cast(), Int32(cArguments.count), &cArguments)
        }
    }

    /// What `run` does after the command line: end with a status, or run the application with
    /// the arguments GApplication takes.
    private enum Start {
        case exit(Int32)
        case run([String])
    }

    /// Parses the command line and prints what it asks for or what is wrong with it.
    private func prepare(count: Int32, _ arguments: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Start {
        switch CommandLineParser.parse(count: count, arguments) {
        case .failure(let error):
            Self.printError(error.message)
            return .exit(2)
        case .success(let parsed) where parsed.showVersion:
            // The one version of the project (the Makefile and the packages read it there too).
            print("codegate \(AboutWindow.version)")
            return .exit(0)
        case .success(let parsed):
            options = parsed.options
            // The option wins over the key.
            if options.service == nil {
                switch ServiceSetting.read() {
                case .success(let url): options.service = url
                case .failure(let error):
                    Self.printError("the GSettings key \(ServiceSetting.key) of \(ServiceSetting.schemaID): \(error)")
                    return .exit(2)
                }
            }
            // libsoup is loaded only for a server, and a server it cannot reach is a bad setup:
            // said now, before a window shows a flow that could never send.
            if options.service != nil {
                do throws(SoupLoadError) {
                    try HTTPCodeService.loadLibrary()
                } catch {
                    Self.printError(
                        localized("a code server needs libsoup 3, which cannot be loaded: {0}").filling(error.message))
                    return .exit(2)
                }
            }
            if options.service != nil, options.gateway != GatewaySimulation() {
                Self.printError(
                    localized(
                        "--gateway-latency and --gateway-fail act on the embedded gateway only; "
                            + "with a code server they do nothing"
                    ))
            }
            if parsed.optionsGiven && isRunningElsewhere() {
                Self.printError(
                    localized("CodeGate is already running; its window is shown and the options are ignored"))
            }
            // Ended by the session or `kill` as by Ctrl+Q: each window closes, so what it has
            // shown outside itself (the notification carrying a code) is withdrawn.
            UnixSignals.watch([SIGTERM, SIGINT, SIGHUP]) { [application] in
                g_action_group_activate_action(OpaquePointer(application), "quit", nil)
            }
            return .run(parsed.applicationArguments)
        }
    }

    /// Registers on the session bus, which is what makes this the primary instance or a remote
    /// for the one already running; `g_application_run` then activates whichever it is. With no
    /// session bus, GApplication runs as a lone instance.
    private func isRunningElsewhere() -> Bool {
        g_application_register(application.cast(), nil, nil) != 0
            && g_application_get_is_remote(application.cast()) != 0
    }

    private static func printError(_ message: String) {
        // The message may quote what was typed: escaped, a newline or an escape sequence in
        // it cannot forge a second line or reach the terminal. Written in the locale's charset,
        // as GLib writes its own.
        let line = LocaleText.encode("codegate: \(message.terminalEscaped)\n")
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private func activate() {
        MainQueueSource.install()
        if window == nil {
            IconThemePreload.restart()
            let window = Self.openWindow(
                application: application, options: options, timers: GLibTimerPort(),
                state: Self.openStateFolder())
            let notifier = DesktopNotifier(application: application.cast())
            // One notification, the newest message: a new code replaces the one before, and
            // it goes once its code is used, expired or locked, or the app quits.
            let smsNotification = "codegate-sms"
            window.onMessage = { message in
                notifier.send(
                    id: smsNotification, title: localized("短信 · {0}").filling(message.recipient.masked),
                    body: message.text)
            }
            window.flow.codeSpent.observe(until: window.window) { notifier.withdraw(id: smsNotification) }
            Signal.connect(window.window, "destroy") { [weak self] in
                notifier.withdraw(id: smsNotification)
                notifier.stop()
                self?.window = nil
            }
            self.window = window
        }
        gtk_window_present(window?.window.cast())
    }

    /// The state folder (`$XDG_STATE_HOME/codegate`), opened once for the whole run, or why
    /// it cannot be used: then the gateway refuses to send, and says so in the window.
    private static func openStateFolder() -> Result<StateFolder, StateFileError> {
        StateFolder.openDefault()
    }

    /// Builds a window with the rules of `options`, on `timers` (the GLib loop in the app, a
    /// manual clock in tests), over the server `options.service` names or else the embedded
    /// gateway. With a `state` folder, a running cooldown is kept there across restarts, and
    /// the embedded gateway keeps its records there, shared with every other CodeGate on it;
    /// their times are real ones, so `timers` must then read the real clock. Without one, the
    /// gateway's state lives in memory.
    package static func openWindow(
        application: UnsafeMutablePointer<GtkApplication>, options: LaunchOptions, timers: any TimerPort,
        state: Result<StateFolder, StateFileError>? = nil
    ) -> CodeGateWindow {
        let window: CodeGateWindow
        if let url = options.service {
            let service = HTTPCodeService(url: url, timers: timers) {
                cg_log_message("code server \(url): \($0.terminalEscaped)")
            }
            window = CodeGateWindow(
                application: application, flow: CodeFlow(options: options, timers: timers, service: service),
                messages: nil)
            // Its calls end with the window, not when their task lets go of the service.
            Signal.connect(window.window, "destroy") { service.close() }
        } else {
            let store = state.map {
                GatewayStore(folder: $0, legacyPolicy: options.policy, report: { cg_log_message($0) })
            }
            // The budgets `codegate-gateway` applies without a file — each number's own cap, the
            // guard's conversion rule and the global cap — and its challenges hold in the window too;
            // but not the guard's volume: one desktop texts nobody for real, and its person may
            // try one number after another of a household's block.
            var budgets = BudgetPlan.withoutFile
            budgets.pumpingGuard.volume = 0
            let gateway = LocalCodeService(
                timers: timers, policy: options.policy, store: store, budgets: budgets, challenges: ChallengeGate())
            let service = SimulatedCodeService(gateway, simulation: options.gateway, timers: timers)
            window = CodeGateWindow(
                application: application, flow: CodeFlow(options: options, timers: timers, service: service),
                messages: gateway.outbox)
        }
        let flow = window.flow
        if case .success(let folder) = state {
            let keeper = CooldownKeeper(
                countdown: flow.countdown, store: CooldownFile(folder: folder) { cg_log_message($0) })
            Signal.connect(window.window, "destroy") { keeper.stop() }
        }
        return window
    }
}
