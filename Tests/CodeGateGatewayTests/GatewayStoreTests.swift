import CodeGateBase
@testable import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Glibc
import Testing

/// The embedded gateway over its state database, restarted as the app would be: a new service
/// over the same folder, or two at once as two CodeGate processes on one state are. The
/// clocks the stores read follow the manual timer, so a restart "10 s later" is exact; a
/// reboot is a new boot id with the boot clock starting again.
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
        mkdir(folder("codegate"), 0o700)
        start = clock.now
        bootStart = clock.now
    }

    deinit { folder.remove() }

    var path: String { folder("codegate/gateway.db") }

    /// The clocks at the manual timer's now: the boot clock counts from the boot's start, the
    /// wall clock from a fixed date.
    func moment() -> SystemMoment {
        SystemMoment(bootID: bootID, boot: .seconds(5) + bootStart.duration(to: clock.now),
                     wall: .seconds(1_700_000_000) + start.duration(to: clock.now))
    }

    /// A store over the state folder, as one app start opens it.
    func store(
        legacyPolicy: CodePolicy = .init(), capacity: Int = GatewayStore.defaultCapacity,
        maxBytes: Int = GatewayStore.defaultMaxBytes
    ) -> GatewayStore {
        GatewayStore(
            folder: StateFolder.open(folder("codegate")), legacyPolicy: legacyPolicy,
            report: { [unowned self] in reports.append($0) }, moment: { [unowned self] in moment() },
            capacity: capacity, maxBytes: maxBytes)
    }

    /// A fresh gateway over the state: the app started (again).
    func service(
        seed: UInt64 = 1, policy: CodePolicy = .init(), capacity: Int = GatewayStore.defaultCapacity
    ) -> LocalCodeService {
        LocalCodeService(
            timers: clock, random: SeededRandom(seed: seed), policy: policy,
            store: store(legacyPolicy: policy, capacity: capacity))
    }

    func deliveredCode(_ service: LocalCodeService, to number: PhoneNumber? = nil) async throws -> (
        code: String, id: String
    ) {
        let log = MessageLog(service.outbox)
        let receipt = try await service.requestCode(for: number ?? self.number)
        return (try #require(log.lastCode), receipt.verificationID)
    }

    /// The database's rows as SQL reads them, for looking behind the store's back.
    @discardableResult
    func rows(_ sql: String = "SELECT number FROM numbers ORDER BY number") throws -> [[StoreValue]] {
        try SQLiteDatabase(path: path, busyTimeout: .seconds(1)).run(sql)
    }

    @Test func aRestartKeepsTheCooldownTheAttemptsAndTheCode() async throws {
        let (code, id) = try await deliveredCode(service())
        let wrong = code == "000000" ? "111111" : "000000"
        clock.advance(by: .seconds(5))
        #expect(try await service().verify(wrong, for: number, verificationID: id) == .wrongCode(attemptsLeft: 4))
        clock.advance(by: .milliseconds(5_500))
        let restarted = service(seed: 2)
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 50)) {
            try await restarted.requestCode(for: number)
        }
        #expect(try await restarted.verify(wrong, for: number, verificationID: id) == .wrongCode(attemptsLeft: 3))
        #expect(try await service().verify(code, for: number, verificationID: id) == .verified)
        #expect(
            try await service().verify(code, for: number, verificationID: id) == .noCodeRequested,
            "used up, across restarts too")
        #expect(reports.isEmpty)
    }

    @Test func aDeliveredMessageLeavesItsCodeInNoFile() async throws {
        let store = store()
        let service = LocalCodeService(timers: clock, random: SeededRandom(seed: 1), store: store, usesOutbox: true)
        _ = try await service.requestCode(for: number, idempotencyKey: "wipe")
        let message = try #require(try await store.claimMessage(lease: .seconds(60)))
        let text = Array(message.text.utf8)
        let files = ["gateway.db", "gateway.db-wal"]
        let holding = { files.filter { (try? readBytes(self.folder("codegate/" + $0)))?.contains(text) ?? false } }
        #expect(!holding().isEmpty, "queued, the message is in a file: what the test looks for is there")
        try await store.finishMessage(message.id)
        #expect(holding().isEmpty, "delivered, its text (and code) is in no file")
    }

    @Test func theDatabaseHoldsNoCodeAndIsPrivate() async throws {
        let code = try await deliveredCode(service()).code
        for name in ["gateway.db", "gateway.db-wal", "gateway.key"] {
            let bytes = try #require(try? readBytes(folder("codegate/" + name)))
            #expect(!bytes.contains(Array(code.utf8)), "\(name) holds the code")
            var status = stat()
            #expect(lstat(folder("codegate/" + name), &status) == 0)
            #expect(status.st_mode & 0o777 == 0o600, "\(name)")
        }
    }

    @Test func afterARebootTheWallClockTells() async throws {
        _ = try await deliveredCode(service())
        clock.advance(by: .seconds(20))
        bootID = "1b2c3d4e-0000-4000-8000-00000000000b"
        bootStart = clock.now
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 40)) {
            try await self.service().requestCode(for: self.number)
        }
    }

    @Test func expiredRecordsAreDroppedAndTheCodeExpires() async throws {
        _ = try await deliveredCode(service())
        clock.advance(by: .seconds(60))
        let (code, id) = try await deliveredCode(service())  // the cooldown is over: a new code
        clock.advance(by: .seconds(300))
        #expect(
            try await service().verify(code, for: number, verificationID: id) == .expired, "the newest code, expired")
        #expect(
            try await service().verify(code, for: number, verificationID: id) == .expired, "and said so for an hour")
        clock.advance(by: GatewayRecord.expiryMemory)
        let other = try #require(PhoneNumber.check("+447700900123").number)
        _ = try await service().requestCode(for: other)
        #expect(try rows() == [[.text(other.e164)]], "the expired numbers are no longer kept")
        #expect(
            try await service().verify(code, for: number, verificationID: id) == .noCodeRequested,
            "and then gone for good")
    }

    @Test func aClockSetBackKeepsTheCooldownWhole() async throws {
        _ = try await deliveredCode(service())
        // The row says the request is an hour in the future: a whole cooldown, not none.
        try rows("UPDATE numbers SET boot_id = '-', issued_wall = issued_wall + 3600000000000")
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 60)) {
            try await self.service().requestCode(for: self.number)
        }
    }

    /// The probe: a code issued under `--code-ttl 3`, reported expired, verified after a
    /// restart with `--code-ttl 3600`; a restart with `--duration 1` sent a second SMS 3 s
    /// after the first. The rules a code was issued under stay its rules.
    @Test func theLifetimeAndTheCooldownAreFixedWhenIssued() async throws {
        var short = CodePolicy()
        short.codeLifetime = .seconds(3)
        let (code, id) = try await deliveredCode(service(policy: short))
        clock.advance(by: .seconds(4))
        #expect(try await service(policy: short).verify(code, for: number, verificationID: id) == .expired)
        var long = CodePolicy()
        long.codeLifetime = .seconds(3600)
        long.cooldown = .seconds(1)
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 56)) {
            try await self.service(policy: long).requestCode(for: self.number)
        }
        #expect(
            try await service(policy: long).verify(code, for: number, verificationID: id) == .expired,
            "its own lifetime: 3 s")
        clock.advance(by: .seconds(56))
        let next = try await deliveredCode(service(policy: long))
        clock.advance(by: .seconds(1))
        let last = try await deliveredCode(service(policy: long))  // the new code's own cooldown: 1 s
        if next.code != last.code {
            #expect(
                try await service().verify(next.code, for: number, verificationID: last.id)
                    == .wrongCode(attemptsLeft: 4), "superseded")
        }
        clock.advance(by: .seconds(3000))
        #expect(
            try await service(policy: short).verify(last.code, for: number, verificationID: last.id) == .verified,
            "its own lifetime: an hour")
    }

    /// Two processes on one state, as two sessions' windows or one without a session bus:
    /// both try the same number at once, a hundred times, and exactly one code goes out each
    /// cooldown; each one's other number is never lost to the other's write.
    @Test func twoGatewaysOnOneStateSendOneCodePerCooldownAndLoseNothing() async throws {
        let first = service(seed: 1)
        let second = service(seed: 2)
        let firstLog = MessageLog(first.outbox)
        let secondLog = MessageLog(second.outbox)
        for round in 0..<100 {
            let pair = [first, second].shuffled(using: &randomOrder)
            var sent = 0
            for gateway in pair {
                do {
                    _ = try await gateway.requestCode(for: number)
                    sent += 1
                } catch CodeServiceError.cooldown {}
            }
            #expect(sent == 1, "round \(round)")
            clock.advance(by: .seconds(60))
        }
        #expect(firstLog.messages.count + secondLog.messages.count == 100)
        let other = try #require(PhoneNumber.check("+447700900123").number)
        _ = try await first.requestCode(for: number)
        _ = try await second.requestCode(for: other)
        #expect(try rows() == [[.text(other.e164)], [.text(number.e164)]])
        #expect(reports.isEmpty)
    }

    private var randomOrder = SeededRandom(seed: 11)

    /// Whatever is under the database's name that is not a database of ours is set aside with
    /// one line and a fresh one started; nothing it points to is touched.
    @Test(arguments: ["garbage", "huge", "fifo", "symlink", "folder", "shared", "damagedRow"])
    func hostileDatabasesAreSetAsideOnceAndTheGatewayWorks(shape: String) async throws {
        switch shape {
        case "garbage": makeFile(path, bytes: Array(repeating: 0x5A, count: 8192))
        case "huge":
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
            #expect(ftruncate(descriptor, off_t(GatewayStore.defaultMaxBytes) + 1) == 0)
            close(descriptor)
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "symlink":
            makeFile(folder("elsewhere"), bytes: [0x61])
            #expect(symlink(folder("elsewhere"), path) == 0)
        case "folder": #expect(mkdir(path, 0o700) == 0)
        case "shared":
            _ = try await deliveredCode(service())
            chmod(path, 0o666)
            clock.advance(by: .seconds(60))
        default:
            _ = try await deliveredCode(service())
            try rows("UPDATE numbers SET salt = x'00'")
            clock.advance(by: .seconds(1))
        }
        if shape != "damagedRow" {
            // The cooldowns the old file held are lost: none is sent for a whole cooldown.
            await #expect(throws: CodeServiceError.stateUnavailable(.recovering(secondsLeft: 60))) {
                try await self.service().requestCode(for: self.number)
            }
            clock.advance(by: .seconds(60))
        }
        _ = try await deliveredCode(service())
        #expect(reports.count == 1, "\(reports)")
        if shape == "damagedRow" {
            #expect(reports.first?.hasPrefix("dropped a damaged record in ") ?? false)
        } else {
            #expect(reports.first?.hasPrefix("set aside ") ?? false)
            #expect(names(in: folder("codegate")).contains { $0.hasPrefix("gateway.db.set-aside-") })
        }
        #expect(try rows() == [[.text(number.e164)]])
        if shape == "symlink" {
            #expect(try readBytes(folder("elsewhere")) == [0x61])
        }
    }

    /// The state folder cannot be used: nothing is sent, the window says why, the log says
    /// what, once.
    @Test func aFolderThatCannotBeUsedRefusesToSend() async throws {
        mkdir(folder("shared"), 0o755)
        chmod(folder("shared"), 0o755)
        symlink(folder("shared"), folder("link"))
        let store = GatewayStore(
            folder: StateFolder.open(folder("link")), report: { [unowned self] in reports.append($0) },
            moment: { [unowned self] in moment() })
        let service = LocalCodeService(timers: clock, store: store)
        let log = MessageLog(service.outbox)
        for _ in 0..<2 {
            await #expect(throws: CodeServiceError.stateUnavailable(.folder)) {
                try await service.requestCode(for: self.number)
            }
            await #expect(throws: CodeServiceError.stateUnavailable(.folder)) {
                try await service.verify("123456", for: self.number, verificationID: "id")
            }
        }
        #expect(log.messages.isEmpty)
        #expect(reports.count == 1)
        #expect(CodeServiceError.stateUnavailable(.folder).message == "状态文件夹不能使用，暂时无法发送或核对验证码")
    }

    /// Another process holds the write lock: the request is refused as busy, not sent.
    @Test func aLockHeldElsewhereRefusesToSend() async throws {
        let service = service()
        _ = try await deliveredCode(service, to: PhoneNumber.check("+447700900123").number)
        let other = try SQLiteDatabase(path: path, busyTimeout: .zero)
        try other.run("BEGIN IMMEDIATE")
        let busy = GatewayStore(
            folder: StateFolder.open(folder("codegate")), report: { _ in }, moment: { [unowned self] in moment() },
            busyTimeout: .zero)
        let blocked = LocalCodeService(timers: clock, store: busy)
        await #expect(throws: CodeServiceError.stateUnavailable(.busy)) {
            try await blocked.requestCode(for: self.number)
        }
        try other.run("ROLLBACK")
        _ = try await deliveredCode(blocked)
    }

    /// Another process holds the write lock: the request waits for it on a thread of its own,
    /// so the main loop — the app's window, the gateway's other requests — goes on, and the
    /// code is sent once the lock is free. Waited for on the main thread, the request would
    /// have ended, refused as busy, before the other process could let go.
    @Test func aLockHeldElsewhereIsWaitedForOffTheMainThread() async throws {
        let waiting = LocalCodeService(
            timers: clock,
            store: GatewayStore(
                folder: StateFolder.open(folder("codegate")), report: { _ in }, moment: { [unowned self] in moment() },
                busyTimeout: .seconds(5)))
        let log = MessageLog(waiting.outbox)
        _ = try await waiting.requestCode(for: try #require(PhoneNumber.check("+447700900123").number))
        let other = try SQLiteDatabase(path: path, busyTimeout: .zero)
        try other.run("BEGIN IMMEDIATE")
        let number = number
        let request = Task { @MainActor () async throws -> CodeReceipt in
            try await waiting.requestCode(for: number)
        }
        // Queued after the request: it runs once the request has let go of the main thread.
        let release = Task { @MainActor () throws -> Int in
            let sent = log.messages.count
            try other.run("COMMIT")
            return sent
        }
        #expect(try await release.value == 1, "nothing sent while the lock is held elsewhere")
        _ = try await request.value
        #expect(log.messages.map(\.recipient) == [try #require(PhoneNumber.check("+447700900123").number), number])
    }

    /// A full disk and a read-only one, on a small file system of the test's own (root only):
    /// the probe saw both fail open, a second SMS at once after a restart.
    @Test(.enabled(if: SmallFileSystem.canMount, Comment(rawValue: SmallFileSystem.requirement)))
    func aFullOrReadOnlyDiskRefusesToSend() async throws {
        try await onSmallDisk { mountPoint in
            try await fillingTheDiskRefuses(gateway(in: mountPoint + "/codegate"), filling: mountPoint + "/filler")
            unlink(mountPoint + "/filler")
            #expect(mount("tmpfs", mountPoint, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0)
            clock.advance(by: .seconds(60))
            await #expect(throws: CodeServiceError.stateUnavailable(.readOnly)) {
                try await self.gateway(in: mountPoint + "/codegate").requestCode(for: self.number)
            }
        }
    }

    /// A disk full since the last write: the health check, which only read, passed while the
    /// next request failed. Now it makes SQLite write as a request does and fails first.
    @Test(.enabled(if: SmallFileSystem.canMount, Comment(rawValue: SmallFileSystem.requirement)))
    func aFullDiskFailsTheHealthCheckAsItFailsARequest() async throws {
        try await onSmallDisk { mountPoint in
            let service = gateway(in: mountPoint + "/codegate")
            _ = try await deliveredCode(service)
            #expect(await service.healthProblem() == nil)
            fillDisk(with: mountPoint + "/filler")
            #expect(await service.healthProblem() == .full, "/healthz says it")
            await #expect(throws: CodeServiceError.stateUnavailable(.full), "as the request meets it") {
                try await service.requestCode(for: try #require(PhoneNumber.check("+447700901000").number))
            }
            unlink(mountPoint + "/filler")
            #expect(await service.healthProblem() == nil, "room again")
        }
    }

    /// Runs `body` with the mount point of a small file system (256 KiB) of the test's own,
    /// unmounted when it returns.
    private func onSmallDisk(_ body: (String) async throws -> Void) async throws {
        let mountPoint = folder("small")
        mkdir(mountPoint, 0o700)
        try #require(mount("tmpfs", mountPoint, "tmpfs", 0, "size=256k,mode=0700") == 0)
        defer { umount2(mountPoint, Int32(MNT_DETACH)) }
        try await body(mountPoint)
    }

    /// A gateway started afresh on the state folder `path`, reporting nothing.
    private func gateway(in path: String) -> LocalCodeService {
        LocalCodeService(
            timers: clock,
            store: GatewayStore(
                folder: StateFolder.open(path), report: { _ in }, moment: { [unowned self] in moment() }))
    }

    /// Sends a code with `service`, fills the disk with the file `filling`, then asks for codes
    /// for other numbers until one is refused: as full, and without a message.
    private func fillingTheDiskRefuses(_ service: LocalCodeService, filling: String) async throws {
        _ = try await deliveredCode(service)
        fillDisk(with: filling)
        let log = MessageLog(service.outbox)
        var sent = 0
        var refusal: CodeServiceError?
        for index in 0..<50 where refusal == nil {
            do {
                _ = try await service.requestCode(
                    for: try #require(PhoneNumber.check("+44770090\(1000 + index)").number))
                sent += 1
            } catch let error as CodeServiceError {
                refusal = error
            }
        }
        #expect(refusal == .stateUnavailable(.full))
        #expect(log.messages.count == sent, "the refused request sent nothing")
    }
}

/// Fills the disk `path` is on with the file `path`.
func fillDisk(with path: String) {
    let filler = open(path, O_WRONLY | O_CREAT, 0o600)
    let block = [UInt8](repeating: 1, count: 4096)
    while write(filler, block, block.count) > 0 {}
    close(filler)
}

/// The whole content of the file at `path`.
func readBytes(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { return bytes }
        bytes += chunk.prefix(count)
    }
}

extension Array where Element == UInt8 {
    /// Whether `part` occurs anywhere in the bytes.
    fileprivate func contains(_ part: [UInt8]) -> Bool {
        guard part.count <= count else { return false }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
