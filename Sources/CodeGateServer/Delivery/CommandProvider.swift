import CodeGateBase
import CSoup
import CodeGateGateway
import Glibc

/// `--sms-command CMD`: each attempt runs the command — its words split as a shell would,
/// quotes and all, but with no shell: nothing of a message is ever parsed as a command — with
/// the message's JSON (`ProviderMessage`) and a newline on its standard input. Exit status 0
/// is a delivery; any other, or no exit within `attemptLimit` (the command is then killed), is
/// worth a retry, as a 5xx is. Its standard output goes to the gateway's standard error: the
/// gateway's own standard output is its protocol.
@MainActor
final class CommandProvider: SMSProvider {
    /// The longest one attempt may take.
    static let attemptLimit: Duration = .seconds(10)

    private let argv: [String]
    private let timers: any TimerPort
    private let report: @MainActor (String) -> Void

    /// A provider that runs `argv` (`words(of:)`), timed by `timers`; `report` is told when the
    /// command cannot be started.
    init(argv: [String], timers: any TimerPort, report: @escaping @MainActor (String) -> Void) {
        self.argv = argv
        self.timers = timers
        self.report = report
    }

    /// The words of `command` as a POSIX shell would split them (g_shell_parse_argv: quotes and
    /// backslashes, no expansion); nil when it has none or an unclosed quote.
    nonisolated static func words(of command: String) -> [String]? {
        var count: Int32 = 0
        var words: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        guard g_shell_parse_argv(command, &count, &words, nil) != 0, let words else { return nil }
        defer { g_strfreev(words) }
        return (0..<Int(count)).compactMap { words[$0].map { String(cString: $0) } }
    }

    func deliver(_ message: OutboxMessage) async -> DeliveryOutcome {
        let launcher = g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_STDIN_PIPE)
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        g_subprocess_launcher_take_stdout_fd(launcher, dup(STDERR_FILENO))
        var error: UnsafeMutablePointer<GError>?
        var cStrings = argv.map { strdup($0) } + [nil]
        let spawned = cStrings.withUnsafeMutableBufferPointer { words in
            words.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: words.count) {
                g_subprocess_launcher_spawnv(launcher, $0, &error)
            }
        }
        for word in cStrings { free(word) }
        guard let process = spawned else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            report("cannot run the SMS command: \(reason)")
            return .retry(reason: "command_failed", after: nil)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(process)) }
        var timedOut = false
        let deadline = timers.schedule(at: timers.now + Self.attemptLimit) {
            timedOut = true
            g_subprocess_force_exit(process)
        }
        defer { deadline.cancel() }
        let input = ProviderMessage.body(of: message) + [UInt8(ascii: "\n")]
        let bytes = input.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        // A command that does not read its input makes the write fail; its exit status still tells.
        await AsyncCall.run(
            start: { callback, data in g_subprocess_communicate_async(process, bytes, nil, callback, data) },
            finish: { result in
                var error: UnsafeMutablePointer<GError>?
                _ = g_subprocess_communicate_finish(process, result, nil, nil, &error)
                if let error { g_error_free(error) }
            })
        await AsyncCall.run(
            start: { callback, data in g_subprocess_wait_async(process, nil, callback, data) },
            finish: { result in _ = g_subprocess_wait_finish(process, result, nil) })
        if timedOut { return .retry(reason: "timeout", after: nil) }
        return g_subprocess_get_successful(process) != 0 ? .delivered : .retry(reason: "command_failed", after: nil)
    }
}
