import CGtk
import CodeGateCore
import Glibc

/// The GtkApplication and the app's one assembly point: it parses the command line, then
/// builds the timers, the embedded gateway, the flow, the saved cooldown, the desktop notifier
/// and the window that shows them.
@MainActor
public final class CodeGateApplication {
    /// The application id, also the name of the desktop file and icon.
    public static let id = "io.github.codegate.CodeGate"

    private let application: UnsafeMutablePointer<GtkApplication>
    private var options = LaunchOptions()
    private var window: CodeGateWindow?

    /// Creates the application; nothing is shown until `run`.
    public init() {
        // Non-unique: a second `codegate --duration 5` must use its own options, not hand
        // them to a running instance.
        application = gtk_application_new(Self.id, G_APPLICATION_NON_UNIQUE)
        Signal.connect(application, "activate") { [weak self] in self?.activate() }
    }

    /// Parses `arguments` (the program name first), then runs the main loop until the window
    /// is closed; returns the exit status. A bad command line ends at once with one line on
    /// stderr and status 2.
    public func run(arguments: [String]) -> Int32 {
        // GLib's messages and the charset of the terminal follow the user's locale.
        setlocale(LC_ALL, "")
        switch CommandLineParser.parse(arguments) {
        case .failure(let error):
            // The message quotes what was typed: escaped, a newline or an escape sequence in it
            // cannot forge a second line or reach the terminal.
            let line = "codegate: \(error.message.terminalEscaped)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return 2
        case .success(let parsed):
            options = parsed.options
            var cArguments = parsed.applicationArguments.map { strdup($0) }
            defer { cArguments.forEach { free($0) } }
            return g_application_run(application.cast(), Int32(cArguments.count), &cArguments)
        }
    }

    private func activate() {
        MainQueueSource.install()
        if window == nil {
            let window = Self.openWindow(application: application, options: options, timers: GLibTimerPort(),
                                         cooldownPath: CooldownFile.defaultPath,
                                         gatewayPath: String(cString: g_get_user_state_dir()) + "/codegate/gateway")
            let notifier = DesktopNotifier(application: application.cast())
            window.onMessage = { message in
                notifier.send(id: "codegate-sms", title: "短信 · \(message.recipient.masked)", body: message.text)
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
            let cooldownFile = CooldownFile(path: cooldownPath, countdown: flow.countdown)
            Signal.connect(window.window, "destroy") { cooldownFile.stop() }
        }
        return window
    }
}
