import CGtk
import CodeGateCore

/// The GtkApplication: parses the command line, then opens one `CodeGateWindow`.
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
        let app: UnsafeMutablePointer<GApplication> = application.cast()
        // Registered for --help only: `run` parses the values itself, so that every bad
        // command line gets one line of ours and status 2.
        for option in LaunchOptions.catalog {
            g_application_add_main_option(app, option.name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, option.help, option.valueName)
        }
        Signal.connect(application, "activate") { [weak self] in self?.activate() }
    }

    /// Parses `arguments` (the program name first), then runs the main loop until the window
    /// is closed; returns the exit status. A bad command line ends at once with one line on
    /// stderr and status 2.
    public func run(arguments: [String]) -> Int32 {
        let parsed: (options: LaunchOptions, help: [String])
        do {
            parsed = try LaunchOptions.parse(Array(arguments.dropFirst()))
        } catch {
            let line = "codegate: \(error)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return 2
        }
        options = parsed.options
        var cArguments = (arguments.prefix(1) + parsed.help).map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        return g_application_run(application.cast(), Int32(cArguments.count), &cArguments)
    }

    private func activate() {
        MainQueueSource.install()
        if window == nil {
            window = CodeGateWindow(application: application, options: options, cooldownFile: CooldownFile.defaultPath)
        }
        gtk_window_present(window?.window.cast())
    }
}
