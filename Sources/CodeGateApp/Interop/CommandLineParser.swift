import CodeGateBase
import CodeGateGLib
import CodeGateGtk
import CodeGateFlow
import CGtk
import CodeGateCore

/// Parses the command line with GLib's option parser, built from `LaunchOption.allCases`: the
/// same entries print `--help` and parse, and each value goes through Core's validators as it
/// is read. GLib answers `--help` itself (and exits 0).
@MainActor
enum CommandLineParser {
    /// What a valid command line asks for: the options, and the arguments left for
    /// GApplication (the program name, and `--gapplication-service` when D-Bus starts the app).
    struct Parsed {
        var options: LaunchOptions
        /// Whether any option was given, even one set to its default.
        var optionsGiven: Bool
        /// Whether `--version` asked for the version alone.
        var showVersion: Bool
        var applicationArguments: [String]
    }

    private final class Collector {
        var options = LaunchOptions()
        var optionsGiven = false
    }

    private static let serviceFlag = "gapplication-service"
    private static let versionFlag = "version"

    /// Parses the `count` arguments of `arguments` (the program name first), as the process
    /// got them: bytes in the locale's charset. The failure is the one line to print.
    static func parse(count: Int32, _ arguments: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result<
        Parsed, CommandLineError
    > {
        let collector = Collector()
        let context = g_option_context_new(nil)
        defer { g_option_context_free(context) }
        let isService = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
        isService.initialize(to: 0)
        defer { isService.deallocate() }
        let showVersion = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
        showVersion.initialize(to: 0)
        defer { showVersion.deallocate() }
        var strings: [UnsafeMutablePointer<CChar>?] = []
        defer { for string in strings { free(string) } }
        func keep(_ text: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>? {
            let copy = strdup(text)
            strings.append(copy)
            return copy
        }
        let store: GOptionArgFunc = { name, value, data, failure in
            guard let name, let value, let collector = ClosureBox<Collector>.unbox(data) else { return 0 }
            return MainActor.assumeIsolated {
                let optionName = String(String(cString: name).drop { $0 == "-" })
                guard let option = LaunchOption(rawValue: optionName) else { return 0 }
                do {
                    guard let text = LocaleText.decode(value) else {
                        throw LaunchOptionError.notInCharset(
                            option: "--" + option.name, charset: LocaleText.charsetName)
                    }
                    try collector.value.options.set(option, to: text)
                    collector.value.optionsGiven = true
                    return 1
                } catch {
                    g_set_error_literal(
                        failure, g_option_error_quark(), Int32(G_OPTION_ERROR_BAD_VALUE.rawValue), "\(error)")
                    return 0
                }
            }
        }
        // G_OPTION_FLAG_FILENAME hands the values over as they are, in the locale's charset,
        // for `LocaleText` to decode: GLib's own conversion would refuse a UTF-8 value under the
        // C locale, whose charset is ASCII.
        var entries = LaunchOption.allCases.map { option in
            GOptionEntry(
                long_name: keep(option.name), short_name: 0, flags: gint(G_OPTION_FLAG_FILENAME.rawValue),
                arg: G_OPTION_ARG_CALLBACK,
                arg_data: unsafeBitCast(store, to: gpointer.self),
                description: keep(option.help), arg_description: keep(option.valueName))
        }
        entries.append(
            GOptionEntry(
                long_name: keep(versionFlag), short_name: 0, flags: 0, arg: G_OPTION_ARG_NONE,
                arg_data: UnsafeMutableRawPointer(showVersion),
                description: keep(localized("Print the version and exit")), arg_description: nil))
        // GApplication's own flag, passed on: D-Bus activation starts the app with it.
        entries.append(
            GOptionEntry(
                long_name: keep(serviceFlag), short_name: 0, flags: gint(G_OPTION_FLAG_HIDDEN.rawValue),
                arg: G_OPTION_ARG_NONE, arg_data: UnsafeMutableRawPointer(isService),
                description: nil, arg_description: nil))
        entries.append(GOptionEntry())
        let group = g_option_group_new("codegate", "", "", ClosureBox.retain(collector), releaseClosureBox)
        g_option_group_add_entries(group, entries)
        g_option_context_set_main_group(context, group)

        var argv = (0..<Int(count)).map { arguments[$0].flatMap { keep($0) } } + [nil]
        var argc = count
        var error: UnsafeMutablePointer<GError>?
        let parsed = argv.withUnsafeMutableBufferPointer { buffer in
            var base = buffer.baseAddress
            return g_option_context_parse(context, &argc, &base, &error)
        }
        if parsed == 0 {
            defer { g_clear_error(&error) }
            return .failure(
                CommandLineError(message: error.map { String(cString: $0.pointee.message) } ?? "invalid command line"))
        }
        // GLib leaves in a "--" that ends the options when what follows it looks like an option
        // ("codegate -- --duration"): the stray argument to name is the one after it.
        var left = argv.prefix(Int(argc)).dropFirst().compactMap { $0 }
        if let first = left.first, strcmp(first, "--") == 0 {
            left.removeFirst()
        }
        if let stray = left.first {
            let text = LocaleText.decode(stray) ?? String(cString: stray)
            return .failure(CommandLineError(message: "\(LaunchOptionError.unexpectedArgument(text))"))
        }
        let program = count > 0 ? arguments[0].map { String(cString: $0) } : nil
        let rest = [program ?? "codegate"] + (isService.pointee != 0 ? ["--" + serviceFlag] : [])
        return .success(
            Parsed(
                options: collector.options, optionsGiven: collector.optionsGiven,
                showVersion: showVersion.pointee != 0, applicationArguments: rest))
    }
}

/// A command line that was refused: `message` is the line to print.
struct CommandLineError: Error {
    let message: String
}
