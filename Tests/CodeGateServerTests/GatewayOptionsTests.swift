import CodeGateBase
import CodeGateServer
import CodeGateService
import CodeGateFlow
import CodeGateGateway
import Testing

@Suite struct GatewayOptionsTests {
    @Test func defaultsAreTheAppsRules() throws {
        let options = try GatewayOptions.parse([])
        #expect(options == GatewayOptions())
        #expect(options.port == 0 && options.rateLimit == 120 && options.stateFolder == nil)
        #expect(options.policy == CodePolicy())
        #expect(options.regions == ["CN"], "deny by default: the app's home alone")
    }

    /// Challenges are asked for unless the operator says otherwise, of the work given.
    @Test func challengesAreOnByDefault() throws {
        #expect(try GatewayOptions.parse([]).challenges == ChallengeGate(work: 50_000))
        #expect(try GatewayOptions.parse(["--challenge-work", "2000"]).challenges == ChallengeGate(work: 2000))
        #expect(try GatewayOptions.parse(["--no-challenge"]).challenges == nil)
    }

    @Test func regionsAreListedByTheOperator() throws {
        #expect(try GatewayOptions.parse(["--regions", "cn,HK, mo"]).regions == ["CN", "HK", "MO"])
        #expect(try GatewayOptions.parse(["--regions=GB"]).regions == ["GB"])
    }

    @Test func readsEachOptionInBothSpellings() throws {
        let options = try GatewayOptions.parse([
            "--port", "8080", "--duration=5", "--code-ttl", "7", "--rate-limit=0", "--state-dir", "/tmp/s",
        ])
        #expect(options.port == 8080)
        #expect(options.policy.cooldown == .seconds(5) && options.policy.codeLifetime == .seconds(7))
        #expect(options.rateLimit == 0 && options.stateFolder == "/tmp/s")
        #expect(try GatewayOptions.parse(["--help"]).wantsHelp)
        let served = try GatewayOptions.parse([
            "--listen", "[::1]:8080", "--trusted-proxy=192.0.2.10", "--key-file", "/etc/k",
        ])
        #expect(
            served.address == "::1" && served.port == 8080 && served.trustedProxy == "192.0.2.10"
                && served.keyFile == "/etc/k")
        let remote = try GatewayOptions.parse(["--allow-remote", "--listen=0.0.0.0:443"])
        #expect(remote.allowsRemote && remote.address == "0.0.0.0" && remote.port == 443)
    }

    @Test func aDatabaseIsAPostgreSQLURLOrAFileThatHoldsOne() throws {
        let url = "postgresql://gateway@db.example/codegate?sslmode=verify-full"
        #expect(try GatewayOptions.parse(["--database", url]).databaseURL == url)
        #expect(try GatewayOptions.parse(["--database-file=/run/credentials/db"]).databaseFile == "/run/credentials/db")
        // The URL may hold a password: the refusal never repeats it.
        #expect(throws: GatewayOptionError.badDatabaseURL("--database", schemes: ["postgresql", "postgres"])) {
            try GatewayOptions.parse(["--database", "mysql://root:secret@db/codegate"])
        }
        #expect(try GatewayOptions.parse(["--database", "postgres://db/codegate"]).databaseURL != nil)
        #expect(throws: GatewayOptionError.relativeDatabaseFile("db.url")) {
            try GatewayOptions.parse(["--database-file", "db.url"])
        }
        #expect(throws: GatewayOptionError.twoDatabases) {
            try GatewayOptions.parse(["--database", url, "--database-file", "/etc/db"])
        }
    }

    @Test func helpListsEveryOption() {
        let usage = GatewayOptions.usage
        for option in [
            "--port=PORT", "--listen=ADDR:PORT", "--allow-remote", "--duration=SECONDS", "--code-ttl=SECONDS",
            "--rate-limit=PER_MINUTE", "--trusted-proxy=ADDR", "--state-dir=DIR", "--key-file=PATH",
            "--database=URL", "--database-file=PATH", "--sms-webhook=URL", "--sms-webhook-key-file=PATH",
            "--sms-command=CMD", "--budgets=FILE", "--alert-webhook=URL", "--alert-webhook-key-file=PATH",
            "--regions=LIST", "-h, --help",
        ] {
            #expect(usage.contains("\n  \(option) "), "\(option)")
        }
        #expect(usage.contains("postgresql://…, postgres://…"), "the registered databases' schemes")
        #expect(usage.hasPrefix("Usage:\n  ") && usage.contains(" [OPTION") && usage.hasSuffix("\n"))
        #expect(usage.contains(PolicyOption.cooldown.help), "the app's own words for --duration")
    }

    /// GLib reads `--name value`, `--name=value` and `-h`; an option given twice takes its
    /// last value, as before.
    @Test func readsGLibsSpellingsAndTheLastOfARepeat() throws {
        #expect(try GatewayOptions.parse(["-h"]).wantsHelp)
        #expect(try GatewayOptions.parse(["--port=1", "--port", "2"]).port == 2)
        let listened = try GatewayOptions.parse(["--listen=127.0.0.2:80", "--port=81"])
        #expect(listened.address == "127.0.0.2" && listened.port == 81)
        #expect(try GatewayOptions.parse(["--sms-command=/bin/send 验证"]).smsCommand == ["/bin/send", "验证"])
        #expect(try GatewayOptions.parse(["--allow-remote", "--listen", "0.0.0.0:1"]).allowsRemote)
    }

    @Test func refusesBadArgumentsWithOneLine() {
        let cases: [([String], String)] = [
            (["--port", "65536"], "--port must be a whole number of a port from 0 to 65535, not \"65536\""),
            (["--port"], "Missing argument for --port"),
            (["--port="], "--port must be a whole number of a port from 0 to 65535, not \"\""),
            (["--allow-remote=no"], "--allow-remote takes no value, not \"no\""),
            (["--help=1"], "--help takes no value, not \"1\""),
            (["--duration", "0"], "--duration must be a whole number of seconds from 1 to 3600, not \"0\""),
            (["--code-ttl=x"], "--code-ttl must be a whole number of seconds from 1 to 3600, not \"x\""),
            (
                ["--rate-limit", "-1"],
                "--rate-limit must be a whole number of requests a minute from 0 to 100000, not \"-1\""
            ),
            (
                ["--challenge-work", "999"],
                "--challenge-work must be a whole number of hashes from 1000 to 5000000, not \"999\""
            ),
            (["--no-challenge=yes"], "--no-challenge takes no value, not \"yes\""),
            (["--state-dir", "state"], "--state-dir must be an absolute path, not \"state\""),
            (["--key-file", "key"], "--key-file must be an absolute path, not \"key\""),
            (
                ["--regions", "CN,XX"],
                "--regions takes ISO 3166-1 region codes separated by commas (CN,HK,GB), and \"XX\" is none"
            ),
            (
                ["--regions", "+86"],
                "--regions takes ISO 3166-1 region codes separated by commas (CN,HK,GB), and \"+86\" is none"
            ),
            (
                ["--listen", "localhost:80"],
                "--listen must be ADDR:PORT with an IP address, e.g. 127.0.0.1:8080 or [::1]:8080, not \"localhost:80\""
            ),
            (
                ["--listen", "::1:80"],
                "--listen must be ADDR:PORT with an IP address, e.g. 127.0.0.1:8080 or [::1]:8080, not \"::1:80\""
            ),
            (
                ["--listen", "10.0.0.1:80"],
                "--listen 10.0.0.1 is not a loopback address: add --allow-remote, "
                    + "with TLS in front (codes must not travel in clear text)"
            ),
            (["--trusted-proxy", "proxy.example"], "--trusted-proxy must be an IP address, not \"proxy.example\""),
            (
                ["--trusted-proxy", "0:0:0:0:0:0:0:1"],
                "--trusted-proxy 0:0:0:0:0:0:0:1 would trust every local process: a proxy on this machine connects "
                    + "through a Unix socket the service manager hands over (codegate-gateway.socket, docs/deployment.md)"
            ),
            (["--verbose", "1"], "Unknown option --verbose"),
            (["-x"], "Unknown option -x"),
            (["--Port=1"], "Unknown option --Port=1"),
            (["8080"], "unexpected argument \"8080\"; codegate-gateway takes only options, which --help lists"),
            (
                ["--", "--port"],
                "unexpected argument \"--port\"; codegate-gateway takes only options, which --help lists"
            ),
        ]
        for (arguments, line) in cases {
            #expect(throws: GatewayOptionError.self, "\(arguments)") { try GatewayOptions.parse(arguments) }
            do {
                _ = try GatewayOptions.parse(arguments)
            } catch {
                #expect(error.description == line)
            }
        }
    }

    /// A webhook URL with user info is refused without the password in the line, which may
    /// end up in a log.
    @Test func aRefusedWebhookKeepsItsPasswordOutOfTheLine() {
        do {
            _ = try GatewayOptions.parse(["--sms-webhook", "https://user:secret@sms.example.com/x?k=v"])
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("--sms-webhook \"https://…@sms.example.com/x?k=v\": "))
            #expect(!error.description.contains("secret"))
        }
        #expect(GatewayOptions.withoutUserInfo("https://sms.example.com/a@b") == "https://sms.example.com/a@b")
    }
}
