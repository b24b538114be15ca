import Foundation
import Testing

/// The built `codegate` executable, run as a user would run it: bad command lines get one line
/// on stderr and exit status 2 before any window opens; --help lists the options.
@Suite struct CommandLineTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("codegate")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":nonexistent" // nothing here may need a display
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [
        (["--duration", "0"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"0\"\n"),
        (["--duration", "-5"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"-5\"\n"),
        (["--duration", "abc"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"abc\"\n"),
        (["--duration=3601"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"3601\"\n"),
        (["--label-format", "重新发送"],
         "codegate: --label-format: label format \"重新发送\" has no seconds placeholder: use {s} or {ss}, as in \"获取验证码({s})\"\n"),
        (["--foo"], "codegate: Unknown option --foo\n"),
        (["--duration"], "codegate: Missing argument for --duration\n"),
        (["--gateway-fail", "dns"], "codegate: --gateway-fail must be one of network, rate-limited, timeout, not \"dns\"\n"),
        // Refused values come back on one line, controls escaped: no forged line, no escape
        // sequence reaching the terminal.
        (["--duration", "60\n"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"60\\n\"\n"),
        (["--label-format", "\u{1B}]0;x\u{07}"],
         "codegate: --label-format: label format \"\\u{1B}]0;x\\u{7}\" has no seconds placeholder: use {s} or {ss}, as in \"获取验证码({s})\"\n"),
        (["13800138000"], "codegate: unexpected argument \"13800138000\"; codegate takes only options, which --help lists\n"),
    ])
    func badCommandLinesExitWithStatusTwoAndOneLine(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }

    /// 3,500 characters once made a label wider than X could allocate: refused at start.
    @Test func anOverlongLabelFormatIsRefused() throws {
        let result = try run(["--label-format", String(repeating: "重新获取({s}秒)", count: 350)])
        #expect(result.status == 2)
        #expect(result.stderr == "codegate: --label-format: label format \"重新获取({s}秒)重新获取({…\" has 3500 characters; a button label takes at most 64\n")
    }

    @Test func helpListsTheOptions() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        for option in ["--duration=SECONDS", "--label-format=FORMAT", "--code-ttl=SECONDS", "--gateway-latency=MS", "--gateway-fail=KIND"] {
            #expect(result.stdout.contains(option))
        }
    }
}
