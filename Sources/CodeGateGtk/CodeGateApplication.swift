import CGtk
import CodeGateCore

/// The GtkApplication: parses the command line, then opens one `CodeGateWindow`.
@MainActor
public final class CodeGateApplication {
    /// The application id, also the name of the desktop file and icon.
    public static let id = "org.codegate.CodeGate"

    /// Name, help text and value name of each command-line option; values are parsed by
    /// `LaunchOptions`, so a bad one gets our message rather than GOption's.
    private static let options = [
        ("duration", "Cooldown after each request, in whole seconds from 1 to 3600 (default 60)", "SECONDS"),
        ("label-format", "Button text while counting; {s} is the seconds left, {ss} the same zero-padded (default \"获取验证码({s})\")", "FORMAT"),
        ("code-ttl", "How long a code stays valid, in whole seconds from 1 to 3600 (default 300)", "SECONDS"),
        ("gateway-latency", "Simulated network delay of the embedded SMS gateway, 0 to 60000 ms (default 0)", "MS"),
        ("gateway-fail", "Make every code request fail: network, rate-limited or timeout", "KIND"),
    ]

    private let application: UnsafeMutablePointer<GtkApplication>
    private var options = LaunchOptions()
    private var window: CodeGateWindow?

    /// Creates the application; nothing is shown until `run`.
    public init() {
        // Non-unique: a second `codegate --duration 5` must use its own options, not hand
        // them to a running instance.
        application = gtk_application_new(Self.id, G_APPLICATION_NON_UNIQUE)
        let app: UnsafeMutablePointer<GApplication> = application.cast()
        for (name, description, argument) in Self.options {
            g_application_add_main_option(app, name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, description, argument)
        }
        Signal.connectHandleLocalOptions(application) { [weak self] options in
            self?.handle(options) ?? 1
        }
        Signal.connect(application, "activate") { [weak self] in self?.activate() }
    }

    /// Runs the main loop until the window is closed; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        return g_application_run(application.cast(), Int32(cArguments.count), &cArguments)
    }

    /// Reads the options; a bad value ends the program with one line on stderr and status 2.
    private func handle(_ dictionary: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        do throws(LaunchOptionError) {
            if let text = string(dictionary, "duration") {
                options.duration = try LaunchOptions.parseDuration(text)
            }
            if let text = string(dictionary, "label-format") {
                options.labelFormat = try LaunchOptions.parseLabelFormat(text)
            }
            if let text = string(dictionary, "code-ttl") {
                options.codeLifetime = try LaunchOptions.parseCodeLifetime(text)
            }
            if let text = string(dictionary, "gateway-latency") {
                options.gateway.latency = try LaunchOptions.parseLatency(text)
            }
            if let text = string(dictionary, "gateway-fail") {
                options.gateway.failure = try LaunchOptions.parseFailure(text)
            }
        } catch {
            let line = "codegate: \(error)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return 2
        }
        return -1
    }

    private func string(_ dictionary: UnsafeMutablePointer<GVariantDict>, _ key: String) -> String? {
        guard let variant = g_variant_dict_lookup_value(dictionary, key, nil) else { return nil }
        defer { g_variant_unref(variant) }
        return String(cString: g_variant_get_string(variant, nil))
    }

    private func activate() {
        MainQueueSource.install()
        if window == nil {
            window = CodeGateWindow(application: application, options: options)
        }
        gtk_window_present(window?.window.cast())
    }
}
