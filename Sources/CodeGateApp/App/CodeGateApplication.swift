import CodeGateGtk
import CodeGateFlow
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
        setlocale(LC_ALL, "")
        TextDomain.bind(to: LocaleDirectory.find())
        switch CommandLineParser.parse(count: count, arguments) {
        case .failure(let error):
            Self.printError(error.message)
            return 2
        case .success(let parsed):
            options = parsed.options
            if parsed.optionsGiven && isRunningElsewhere() {
                Self.printError(localized("CodeGate is already running; its window is shown and the options are ignored"))
            }
            var cArguments = parsed.applicationArguments.map { strdup($0) }
            defer { cArguments.forEach { free($0) } }
            return g_application_run(application.cast(), Int32(cArguments.count), &cArguments)
        }
    }

    /// Registers on the session bus, which is what makes this the primary instance or a remote
    /// for the one already running; `g_application_run` then activates whichever it is. With no
    /// session bus, GApplication runs as a lone instance.
    private func isRunningElsewhere() -> Bool {
        g_application_register(application.cast(), nil, nil) != 0 && g_application_get_is_remote(application.cast()) != 0
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
            let state = String(cString: g_get_user_state_dir()) + "/codegate"
            let window = Self.openWindow(application: application, options: options, timers: GLibTimerPort(),
                                         cooldownPath: state + "/cooldown", gatewayPath: state + "/gateway")
            let notifier = DesktopNotifier(application: application.cast())
            window.onMessage = { message in
                notifier.send(id: "codegate-sms", title: localized("短信 · {0}").filling(message.recipient.masked), body: message.text)
            }
            Signal.connect(window.window, "destroy") { [weak self] in
                notifier.stop()
                self?.window = nil
            }
            self.window = window
        }
        gtk_window_present(window?.window.cast())
    }

    /// Builds a window over the embedded gateway with the rules of `options`, on `timers`
    /// (the GLib loop in the app, a manual clock in tests). With a `cooldownPath`, a running
    /// cooldown is kept there across restarts; its times are real ones, so `timers` must then
    /// read the real clock. With a `gatewayPath`, the embedded gateway keeps its state there.
    public static func openWindow(
        application: UnsafeMutablePointer<GtkApplication>, options: LaunchOptions, timers: any TimerPort,
        cooldownPath: String? = nil, gatewayPath: String? = nil
    ) -> CodeGateWindow {
        let store = gatewayPath.map { GatewayStore(path: $0, report: { cg_log_message($0) }) }
        let service = LocalCodeService(timers: timers, policy: options.policy, simulation: options.gateway, store: store)
        let flow = CodeFlow(options: options, timers: timers, service: service)
        let window = CodeGateWindow(application: application, flow: flow, messages: service.outbox)
        if let cooldownPath {
            let keeper = CooldownKeeper(countdown: flow.countdown, store: CooldownFile(path: cooldownPath) { cg_log_message($0) })
            Signal.connect(window.window, "destroy") { keeper.stop() }
        }
        return window
    }
}
