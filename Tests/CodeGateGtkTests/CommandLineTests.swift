import Foundation
import Testing

/// The built `codegate` executable, run as a user would run it with bad options: one line on
/// stderr and exit status 2, before any window opens.
@Suite struct CommandLineTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("codegate")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":nonexistent" // a bad option must be reported before any display is opened
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [
        (["--duration", "0"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"0\"\n"),
        (["--duration", "-5"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"-5\"\n"),
        (["--duration", "abc"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"abc\"\n"),
        (["--duration", "3601"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"3601\"\n"),
        (["--label-format", "重新发送"],
         "codegate: --label-format: label format \"重新发送\" has no seconds placeholder: use {s} or {ss}, as in \"获取验证码({s})\"\n"),
    ])
    func badValuesExitWithStatusTwoAndOneLine(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }
}
