import CodeGateFlow
import CodeGateCore
import CodeGateTestSupport
import Glibc
import Testing

/// The embedded gateway over a state file, restarted as the app would be: a new service over
/// the same folder. The clocks the store reads follow the manual timer, so a restart "10 s
/// later" is exact; a reboot is a new boot id with the boot clock starting again.
@MainActor
@Suite(.timeLimit(.minutes(1))) final class GatewayStoreTests {
    let clock = ManualTimerPort()
    let start: ContinuousClock.Instant
    let folder: TemporaryFolder
    let number = PhoneNumber.sample
    /// The boot the simulated machine is in, and where its clocks stood when it began.
    var bootID = "1b2c3d4e-0000-4000-8000-00000000000a"
    var bootStart: ContinuousClock.Instant
    /// What the stores reported, in order.
    var reports: [String] = []

    init() throws {
        folder = try TemporaryFolder()
        mkdir(folder("state"), 0o700)
        mkdir(folder("state/codegate"), 0o700)
        start = clock.now
        bootStart = clock.now
    }

    deinit { folder.remove() }

    var path: String { folder("state/codegate/gateway") }

    /// The clocks at the manual timer's now: the boot clock counts from the boot's start, the
    /// wall clock from a fixed date.
    func moment() -> SystemMoment {
        SystemMoment(bootID: bootID, boot: .seconds(5) + bootStart.duration(to: clock.now),
                     wall: .seconds(1_700_000_000) + start.duration(to: clock.now))
    }

    /// A fresh gateway over the state file: the app started (again).
    func service(seed: UInt64 = 1) -> LocalCodeService {
        let store = GatewayStore(path: path, report: { [unowned self] in reports.append($0) }, moment: { [unowned self] in moment() })
        return LocalCodeService(timers: clock, random: SeededRandom(seed: seed), store: store)
    }

    func deliveredCode(_ service: LocalCodeService) async throws -> String {
        let log = MessageLog(service.outbox)
        _ = try await service.requestCode(for: number)
        return try #require(log.lastCode)
    }

    func fileText() -> String {
        if case .success(let text) = StateFile.read(path: path, maxBytes: 1 << 20) { return text }
        return ""
    }

    @Test func aRestartKeepsTheCooldownTheAttemptsAndTheCode() async throws {
        let code = try await deliveredCode(service())
        let wrong = code == "000000" ? "111111" : "000000"
        clock.advance(by: .seconds(5))
        #expect(try await service().verify(wrong, for: number) == .wrongCode(attemptsLeft: 4))
        clock.advance(by: .milliseconds(5_500))
        let restarted = service(seed: 2)
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 50)) { try await restarted.requestCode(for: number) }
        #expect(try await restarted.verify(wrong, for: number) == .wrongCode(attemptsLeft: 3))
        #expect(try await service().verify(code, for: number) == .verified)
        #expect(try await service().verify(code, for: number) == .noCodeRequested, "used up, across restarts too")
        #expect(reports.isEmpty)
    }

    @Test func theFileHoldsNoCodeAndIsPrivate() async throws {
        let code = try await deliveredCode(service())
        let text = fileText()
        #expect(text.hasPrefix("codegate-gateway-1 \(bootID)\n+8613800138000 "))
        #expect(!text.contains(code))
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test func afterARebootTheWallClockTells() async throws {
        _ = try await deliveredCode(service())
        clock.advance(by: .seconds(20))
        bootID = "1b2c3d4e-0000-4000-8000-00000000000b"
        bootStart = clock.now
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 40)) { try await self.service().requestCode(for: self.number) }
    }

    @Test func expiredRecordsAreDroppedAndTheCodeExpires() async throws {
        let code = try await deliveredCode(service())
        clock.advance(by: .seconds(60))
        _ = try await deliveredCode(service()).count  // the cooldown is over: a new code
        clock.advance(by: .seconds(300))
        #expect(try await service().verify(code, for: number) == .noCodeRequested, "the old code is gone for good")
        let other = try #require(PhoneNumber.check("+447700900123").number)
        _ = try await service().requestCode(for: other)
        #expect(!fileText().contains(number.e164), "the expired number is no longer in the file")
        #expect(fileText().contains(other.e164))
    }

    @Test func aClockSetBackKeepsTheCooldownWhole() async throws {
        _ = try await deliveredCode(service())
        // The record says the request is an hour in the future: a whole cooldown, not none.
        let text = fileText().replacingBootID(with: "-", wallShift: 3_600_000_000_000)
        #expect(StateFile.write(text, to: path).isSuccess)
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 60)) { try await self.service().requestCode(for: self.number) }
    }

    /// Each hostile shape is refused without blocking or reading it whole, reported once, and
    /// replaced by the next save; the gateway works as new.
    @Test(arguments: ["garbage", "random", "huge", "fifo", "devzero", "symlink", "folder", "shared", "extreme", "duplicate", "badcode"])
    func hostileFilesAreReportedOnceIgnoredAndReplaced(shape: String) async throws {
        let line = "+8613800138000 \(Int64.max) \(Int64.max) 5 \(String(repeating: "ab", count: 16)) \(String(repeating: "cd", count: 32))\n"
        switch shape {
        case "garbage": makeFile(path, bytes: Array("codegate-gateway-1 -\nnot a record\n".utf8))
        case "random":
            var random = SeededRandom(seed: 7)
            makeFile(path, bytes: (0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) })
        case "huge":
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
            #expect(ftruncate(descriptor, 100_000_000) == 0)
            close(descriptor)
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "devzero": #expect(symlink("/dev/zero", path) == 0)
        case "symlink":
            makeFile(folder("elsewhere"), bytes: Array(("codegate-gateway-1 -\n" + line).utf8))
            #expect(symlink(folder("elsewhere"), path) == 0)
        case "folder": #expect(mkdir(path, 0o700) == 0)
        case "shared": makeFile(path, bytes: Array("codegate-gateway-1 -\n".utf8), permissions: 0o666)
        case "extreme": makeFile(path, bytes: Array("codegate-gateway-1 -\n+8613800138000 \(Int64.max) 0 99999999999999999999 - -\n".utf8))
        case "duplicate": makeFile(path, bytes: Array(("codegate-gateway-1 -\n" + line + line).utf8))
        default: makeFile(path, bytes: Array("codegate-gateway-1 -\n+8613800138000 0 0 5 zz -\n".utf8))
        }
        let service = service()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("ignoring the gateway's saved state: state file ") ?? false)
        _ = try await deliveredCode(service)
        if shape == "folder" {
            #expect(reports.count == 2, "a folder cannot be replaced: the failed save is reported, once")
            _ = try await service.verify("000000", for: number)
            #expect(reports.count == 2)
        } else {
            #expect(fileText().hasPrefix("codegate-gateway-1 "), "replaced by a valid record")
            #expect(reports.count == 1)
        }
    }

    /// Ends far in the future count as now (a whole cooldown); far in the past as long over.
    @Test func extremeButWellFormedFieldsNeitherTrapNorLiftTheCooldown() async throws {
        let cases: [(boot: Int64, wall: Int64, secondsLeft: Int?)] = [
            (.max, .max, 60), (.min, .min, nil), (0, .max, 55), (.min, 0, nil),
        ]
        for (boot, wall, secondsLeft) in cases {
            let line = "+8613800138000 \(boot) \(wall) 5 \(String(repeating: "ab", count: 16)) \(String(repeating: "cd", count: 32))\n"
            makeFile(path, bytes: Array(("codegate-gateway-1 \(bootID)\n" + line).utf8))
            let service = service()
            if let secondsLeft {
                await #expect(throws: CodeServiceError.cooldown(secondsLeft: secondsLeft)) { try await service.requestCode(for: self.number) }
            } else {
                _ = try await service.requestCode(for: number)
            }
            unlink(path)
        }
        #expect(reports.isEmpty)
    }

    @Test func atMostACapacityOfNumbersIsKeptTheOldestDropped() async throws {
        // A full file, one number every 10 ms of the last 10 s, the first requested longest ago.
        let lines = (0..<GatewayStore.capacity).map { index in
            let wall = 1_700_000_000 * 1_000_000_000 - (GatewayStore.capacity - index) * 10_000_000
            return "+4477009\(100_000 + index) 0 \(wall) - - -\n"
        }
        makeFile(path, bytes: Array(("codegate-gateway-1 -\n" + lines.joined()).utf8))
        let service = service()
        _ = try await service.requestCode(for: number)
        let text = fileText()
        #expect(text.split(separator: "\n").count == GatewayStore.capacity + 1)
        #expect(!text.contains("+4477009100000 "), "the oldest went first")
        #expect(text.contains("+4477009100999 "))
        #expect(text.contains(number.e164))
        #expect(reports.isEmpty)
    }
}

extension String {
    /// The state file with its header's boot id replaced and every wall-clock field moved by
    /// `wallShift` nanoseconds.
    fileprivate func replacingBootID(with bootID: String, wallShift: Int64) -> String {
        split(separator: "\n").enumerated().map { index, line in
            var fields = line.split(separator: " ").map(String.init)
            if index == 0 {
                fields[1] = bootID
            } else {
                fields[2] = String(Int64(fields[2])! + wallShift)
            }
            return fields.joined(separator: " ")
        }.joined(separator: "\n") + "\n"
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
