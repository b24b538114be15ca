import Foundation
import Testing

/// The built `codegate` executable, run as a user would run it: bad command lines get one line
/// on stderr and exit status 2 before any window opens; --help lists the options.
@Suite struct CommandLineTests {
    private func run(_ arguments: [String], locale: String = "C.UTF-8") throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let result = try launch(codegate, arguments, locale: locale)
        return (
            result.status, String(decoding: result.stdout, as: UTF8.self),
            String(decoding: result.stderr, as: UTF8.self)
        )
    }

    private var codegate: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("codegate")
    }

    /// Runs `executable` with `arguments` under `locale`, `input` on its stdin; its output as bytes.
    private func launch(
        _ executable: URL, _ arguments: [String], locale: String, input: [UInt8] = [],
        environment extra: [String: String] = [:]
    ) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["DISPLAY"] = ":nonexistent" // nothing here may need a display
        environment["LC_ALL"] = locale
        process.environment = environment
        let feed = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = feed
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        feed.fileHandleForWriting.write(Data(input))
        try feed.fileHandleForWriting.close()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(stdout), Array(stderr))
    }

    /// `text` in GB18030, by iconv.
    private func gb18030(_ text: String) throws -> [UInt8] {
        let result = try launch(
            URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "UTF-8", "-t", "GB18030"], locale: "C",
            input: Array(text.utf8))
        return result.stdout
    }

    @Test(arguments: [
        (["--duration", "0"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"0\"\n"),
        (["--duration", "-5"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"-5\"\n"),
        (
            ["--duration", "abc"],
            "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"abc\"\n"
        ),
        (["--duration=3601"], "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"3601\"\n"),
        (
            ["--label-format", "重新发送"],
            "codegate: --label-format: label format \"重新发送\" has no seconds placeholder: "
                + "use {s} or {ss}, as in \"获取验证码({s})\"\n"
        ),
        (["--foo"], "codegate: Unknown option --foo\n"),
        (["--duration"], "codegate: Missing argument for --duration\n"),
        (
            ["--gateway-fail", "dns"],
            "codegate: --gateway-fail must be one of network, rate-limited, timeout, not \"dns\"\n"
        ),
        // Refused values come back on one line, controls escaped: no forged line, no escape
        // sequence reaching the terminal.
        (
            ["--duration", "60\n"],
            "codegate: --duration must be a whole number of seconds from 1 to 3600, not \"60\\n\"\n"
        ),
        (
            ["--label-format", "\u{1B}]0;x\u{07}"],
            "codegate: --label-format: label format \"\\u{1B}]0;x\\u{7}\" has no seconds placeholder: "
                + "use {s} or {ss}, as in \"获取验证码({s})\"\n"
        ),
        (
            ["13800138000"],
            "codegate: unexpected argument \"13800138000\"; codegate takes only options, which --help lists\n"
        ),
        // After "--", which ends the options, the argument named is the one that follows.
        (
            ["--", "--duration"],
            "codegate: unexpected argument \"--duration\"; codegate takes only options, which --help lists\n"
        ),
        (
            ["--", "13800138000"],
            "codegate: unexpected argument \"13800138000\"; codegate takes only options, which --help lists\n"
        ),
        (
            ["--service", "http://codes.example.com/"],
            "codegate: --service: http:// is only allowed to this machine (localhost, 127.0.0.0/8, ::1), "
                + "not codes.example.com: codes must not travel in clear text; use https://\n"
        ),
        (
            ["--service", "codes.example.com"],
            "codegate: --service: not a URL; give the server's base URL, such as https://codes.example.com/\n"
        ),
        (
            ["--duration", "5", "--", "--", "x"],
            "codegate: unexpected argument \"--\"; codegate takes only options, which --help lists\n"
        ),
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
        #expect(
            result.stderr
                == "codegate: --label-format: label format \"重新获取({s}秒)重新获取({…\" has 3500 characters; "
                + "a button label takes at most 64\n"
        )
    }

    /// Under a GB18030 locale the terminal sends GB18030 and expects it back: the value is read
    /// in it (not as UTF-8, which made "锟斤拷…" of it) and the line quoting it written in it.
    @Test func aGB18030ArgumentComesBackInGB18030() throws {
        // The value's bytes, no UTF-8, reach codegate as its terminal would send them.
        let result = try launch(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" --label-format \"$(cat)\"", codegate.path],
            locale: "zh_CN.GB18030", input: try gb18030("重新发送"))
        #expect(result.status == 2)
        let line =
            "codegate: --label-format: label format \"重新发送\" has no seconds placeholder: "
                + "use {s} or {ss}, as in \"获取验证码({s})\"\n"
        #expect(result.stderr == (try gb18030(line)))
    }

    /// The C locale's charset is ASCII, but terminals send UTF-8 under it too: a UTF-8 value is
    /// still read, and what ASCII cannot say comes back as escapes rather than bytes it lacks.
    @Test func underTheCLocaleUTF8IsReadAndTheLineIsASCII() throws {
        let result = try run(["--label-format", "重新发送"], locale: "C")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "codegate: --label-format: label format \"\\u91cd\\u65b0\\u53d1\\u9001\" "
                + "has no seconds placeholder: "
                + "use {s} or {ss}, as in \"\\u83b7\\u53d6\\u9a8c\\u8bc1\\u7801({s})\"\n"
        )
    }

    @Test func bytesThatAreNoTextInTheLocaleAreRefused() throws {
        let result = try launch(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" --label-format \"$(cat)\"", codegate.path],
            locale: "C.UTF-8", input: [0xFF, 0xFE])
        #expect(result.status == 2)
        #expect(
            String(decoding: result.stderr, as: UTF8.self)
                == "codegate: --label-format: the value is not text in the locale's character set, UTF-8\n")
    }

    /// The `service-url` key, read from the app's schema compiled into a scratch folder and a
    /// key file backend: a bad value is refused as a bad option is; `--service` wins over it.
    @Test func theServiceKeyIsCheckedAndTheOptionWins() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("codegate-settings-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let schemas = scratch.appendingPathComponent("schemas"),
            settings = scratch.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Resources/io.github.codegate.CodeGate.gschema.xml")
        try FileManager.default.copyItem(
            at: source, to: schemas.appendingPathComponent("io.github.codegate.CodeGate.gschema.xml"))
        #expect(
            try launch(
                URL(fileURLWithPath: "/usr/bin/glib-compile-schemas"), ["--strict", schemas.path], locale: "C.UTF-8"
            ).status == 0)
        try "[io/github/codegate/CodeGate]\nservice-url='http://codes.example.com/'\n".write(
            to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        let environment = [
            "GSETTINGS_SCHEMA_DIR": schemas.path, "GSETTINGS_BACKEND": "keyfile",
            "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
        ]
        let refused = try launch(codegate, [], locale: "C.UTF-8", environment: environment)
        #expect(refused.status == 2)
        #expect(
            String(decoding: refused.stderr, as: UTF8.self)
                == "codegate: the GSettings key service-url of io.github.codegate.CodeGate: "
                + "http:// is only allowed to this machine (localhost, 127.0.0.0/8, ::1), "
                + "not codes.example.com: codes must not travel in clear text; use https://\n"
        )
        // With the option, the key is not read: the app goes on to open its window (and, with
        // no display here, fails at that).
        let option = try launch(
            codegate, ["--service", "http://127.0.0.1:9/"], locale: "C.UTF-8", environment: environment)
        #expect(!String(decoding: option.stderr, as: UTF8.self).contains("GSettings"))
        #expect(String(decoding: option.stderr, as: UTF8.self).contains("display"))
    }

    /// libsoup is loaded only for a server: one that cannot be loaded (here a damaged copy
    /// found first) ends the start with one line that names it, before any window.
    @Test func aServerWithoutLibsoupIsRefusedAtStart() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("codegate-nosoup-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let damaged = scratch.appendingPathComponent("libsoup-3.0.so.0")
        try "not a library".write(to: damaged, atomically: true, encoding: .utf8)
        let result = try launch(
            codegate, ["--service", "http://127.0.0.1:9/"], locale: "C.UTF-8",
            environment: ["LD_LIBRARY_PATH": scratch.path])
        #expect(result.status == 2)
        #expect(String(decoding: result.stderr, as: UTF8.self)
            == "codegate: a code server needs libsoup 3, which cannot be loaded: \(damaged.path): file too short\n")
    }

    /// The embedded gateway's simulation options do nothing with a server: said, not ignored.
    @Test func simulationOptionsWithAServerAreCalledOut() throws {
        let result = try run(["--service", "https://codes.example.com/", "--gateway-fail", "network"])
        #expect(
            result.stderr.hasPrefix(
                "codegate: --gateway-latency and --gateway-fail act on the embedded gateway only; "
                    + "with a code server they do nothing\n"
            ))
    }

    /// The version the About window shows and the packages carry, with nothing else started.
    @Test func versionPrintsTheVersionAlone() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "codegate 0.1.0\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func helpListsTheOptions() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        for option in [
            "--duration=SECONDS", "--label-format=FORMAT", "--code-ttl=SECONDS", "--gateway-latency=MS",
            "--gateway-fail=KIND", "--service=URL", "--version",
        ] {
            #expect(result.stdout.contains(option))
        }
    }
}
