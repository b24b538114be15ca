import CGLib
import CodeGateBase
import CodeGateGLib
import Glibc

/// `codegate-gateway`'s command line read by GLib's option parser, built from
/// `GatewayOption.allCases`: the same entries parse and print `--help`, and each value goes
/// through `GatewayOptions.set(_:to:)` as it is read, so a bad one stops the parse with its
/// own line. GLib's built-in `--help` is off: it would print and exit from inside the parse,
/// past the gateway's output queue and out of a test; `--help` and `-h` are entries instead.
enum GatewayCommandLine {
    /// The name in the usage line and in GLib's own messages.
    private static let program = "codegate-gateway"

    /// What the entries' callback fills in: the group's user data, owned by GLib and released
    /// with the context.
    private final class Reading {
        var options = GatewayOptions()
        var refusal: GatewayOptionError?
        /// The backends a database URL may name, which `--help` names too.
        let databases: DatabaseRegistry

        init(databases: DatabaseRegistry) {
            self.databases = databases
        }
    }

    /// The options `arguments` (those after the program name) give, or why they are refused;
    /// a database URL must name one of the backends in `databases`.
    static func parse(_ arguments: [String], databases: DatabaseRegistry) throws(GatewayOptionError)
        -> GatewayOptions
    {
        let reading = Reading(databases: databases)
        // parse_strv frees the arguments it removes with g_free: the vector is GLib's own.
        var words = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for word in words { free(word) } }
        var vector = words.withUnsafeMutableBufferPointer { g_strdupv($0.baseAddress) }
        defer { g_strfreev(vector) }
        try withContext(reading) { context throws(GatewayOptionError) in
            var error: UnsafeMutablePointer<GError>?
            guard g_option_context_parse_strv(context, &vector, &error) != 0 else {
                defer { g_clear_error(&error) }
                throw reading.refusal
                    ?? .commandLine(error.map { String(cString: $0.pointee.message) } ?? "invalid command line")
            }
        }
        // What GLib leaves after the program name is no option. It keeps a "--" that ends the
        // options when what follows looks like one ("-- --port"): the stray one is after it.
        var left: [String] = []
        while let word = vector?[left.count + 1] {
            left.append(String(cString: word))
        }
        if left.first == "--" { left.removeFirst() }
        if let stray = left.first { throw .unexpected(stray) }
        return reading.options
    }

    /// GLib's help for the options, as `--help` prints it, naming the schemes of `databases`.
    static func help(databases: DatabaseRegistry) -> String {
        withContext(Reading(databases: databases)) { context in
            guard let text = g_option_context_get_help(context, 1, nil) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
    }

    /// Hands `body` a context whose main group holds an entry per `GatewayOption`, each
    /// calling back into `reading`; the context, the entries' strings and `reading`'s
    /// reference are all freed when `body` returns.
    private static func withContext<T, E: Error>(
        _ reading: Reading, _ body: (OpaquePointer?) throws(E) -> T
    ) throws(E) -> T {
        // The entries point at these strings, which GLib does not copy: freed after the context.
        var strings: [UnsafeMutablePointer<CChar>?] = []
        defer { for string in strings { free(string) } }
        func keep(_ text: String) -> UnsafeMutablePointer<CChar>? {
            let copy = strdup(text)
            strings.append(copy)
            return copy
        }
        // GLib names the program after argv[0] when nothing did; the help may come first.
        if g_get_prgname() == nil { g_set_prgname(program) }
        let context = g_option_context_new(nil)
        defer { g_option_context_free(context) }
        g_option_context_set_help_enabled(context, 0)
        g_option_context_set_summary(
            context,
            localized(
                // TRANSLATORS: the first lines of codegate-gateway --help.
                "Serves CodeGate's embedded SMS gateway over HTTP on 127.0.0.1 (docs/protocol.md); "
                    + "prints its base URL, then each text message it delivers, on standard output."
            ))
        // G_OPTION_FLAG_FILENAME hands a value over as its bytes, the UTF-8 Swift read the
        // argument as: GLib's conversion from the locale's charset would refuse a UTF-8
        // `--sms-command` under the C locale, whose charset is ASCII. An option that takes no
        // value is G_OPTION_FLAG_OPTIONAL_ARG: with G_OPTION_FLAG_NO_ARG GLib drops the value
        // of `--allow-remote=no` unseen, which must be refused, not read as yes.
        var entries = GatewayOption.allCases.map { option in
            GOptionEntry(
                long_name: keep(option.rawValue),
                short_name: option.shortName?.asciiValue.map { CChar(bitPattern: $0) } ?? 0,
                flags: gint(
                    G_OPTION_FLAG_FILENAME.rawValue
                        | (option.valueName == nil ? G_OPTION_FLAG_OPTIONAL_ARG.rawValue : 0)),
                arg: G_OPTION_ARG_CALLBACK, arg_data: unsafeBitCast(take, to: gpointer.self),
                description: keep(option.help(databases: reading.databases)),
                arg_description: option.valueName.flatMap(keep))
        }
        entries.append(GOptionEntry())
        let group = g_option_group_new(
            program, "", "", Unmanaged.passRetained(reading).toOpaque(), releaseClosureBox)
        g_option_group_add_entries(group, entries)
        g_option_context_set_main_group(context, group)
        return try body(context)
    }

    /// Every entry's callback: the option GLib read (`--port`, `-h`) and its value, set on the
    /// group's `Reading`; a refused value is kept there and fails the parse.
    private static let take: GOptionArgFunc = { name, value, data, failure in
        guard let name, let data else { return 0 }
        let reading = Unmanaged<Reading>.fromOpaque(data).takeUnretainedValue()
        let typed = String(cString: name)
        let option = GatewayOption.allCases.first {
            $0.flag == typed || $0.shortName.map { "-\($0)" } == typed
        }
        guard let option else { return 0 }
        do throws(GatewayOptionError) {
            try reading.options.set(
                option, to: value.map { String(cString: $0) }, databases: reading.databases)
            return 1
        } catch {
            reading.refusal = error
            g_set_error_literal(
                failure, g_option_error_quark(), gint(G_OPTION_ERROR_BAD_VALUE.rawValue), error.description)
            return 0
        }
    }
}
