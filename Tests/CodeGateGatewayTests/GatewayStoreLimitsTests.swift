import CGLib
import CSQLite
import CodeGateBase
@testable import CodeGateGateway
import CodeGateService
import CodeGateTestSupport
import Glibc
import Testing

/// What the store never forgets while it matters, and the limits it keeps for every gateway on
/// it: a full store refuses rather than evict, a damaged one refuses for a cooldown, and the
/// rate limit is one per client whichever gateway is asked.
extension GatewayStoreTests {
    func numbered(_ index: Int) throws -> PhoneNumber {
        try #require(PhoneNumber.check("+44770091\(String(1000 + index))").number)
    }

    @Test func aFullStoreRefusesNewNumbersAndEvictsNoLiveRecord() async throws {
        let gateway = service(capacity: 20)
        let log = MessageLog(gateway.outbox)
        let (code, id) = try await deliveredCode(gateway)
        var refusals: [CodeServiceError] = []
        for index in 0..<30 {
            let other = try numbered(index)
            do {
                _ = try await gateway.requestCode(for: other)
            } catch {
                refusals.append(error)
            }
        }
        #expect(log.messages.count == 20, "the first 19 others fit beside the number")
        #expect(
            refusals == Array(repeating: .stateUnavailable(.crowded(secondsLeft: 300)), count: 11),
            "until the first code expires")
        await #expect(throws: CodeServiceError.cooldown(secondsLeft: 60), "its cooldown is kept") {
            try await gateway.requestCode(for: self.number)
        }
        clock.advance(by: .seconds(60))
        let last = try numbered(29)
        await #expect(
            throws: CodeServiceError.stateUnavailable(.crowded(secondsLeft: 240)), "cooldowns over, the codes live"
        ) {
            try await gateway.requestCode(for: last)
        }
        #expect(try await gateway.verify(code, for: number, verificationID: id) == .verified, "and its code")
        clock.advance(by: .seconds(240))
        _ = try await gateway.requestCode(for: last)
        #expect(log.messages.count == 21, "room once a code expired")
        #expect(reports.isEmpty)
    }

    @Test func aDatabaseDamagedMidRunSendsNothingForACooldownThenResumes() async throws {
        let gateway = service()
        let log = MessageLog(gateway.outbox)
        _ = try await deliveredCode(gateway)
        clock.advance(by: .seconds(5))
        let descriptor = open(path, O_WRONLY)
        #expect(pwrite(descriptor, [UInt8](repeating: 0x41, count: 4096), 4096, 0) == 4096)
        close(descriptor)
        unlink(path + "-wal")
        unlink(path + "-shm")
        // The running gateway may not see the damage (SQLite keeps what it read); a restarted
        // one does, sets the file aside and refuses, and so does the first from then on.
        let restarted = service()
        let restartedLog = MessageLog(restarted.outbox)
        let other = try numbered(1)
        var refusals: [CodeServiceError] = []
        for (asked, by) in [(number, restarted), (number, gateway), (other, gateway), (other, restarted)] {
            do {
                _ = try await by.requestCode(for: asked)
            } catch {
                refusals.append(error)
            }
        }
        #expect(
            log.messages.count == 1 && restartedLog.messages.isEmpty, "no second SMS inside the cooldown: \(refusals)")
        #expect(refusals == Array(repeating: .stateUnavailable(.recovering(secondsLeft: 60)), count: 4))
        #expect(reports.contains { $0.hasPrefix("set aside the damaged state database") }, "\(reports)")
        clock.advance(by: .seconds(60))
        _ = try await deliveredCode(restarted)
        _ = try await deliveredCode(gateway, to: other)
    }

    @Test func aDatabaseRemovedMidRunSendsNothingForACooldown() async throws {
        let gateway = service()
        let log = MessageLog(gateway.outbox)
        _ = try await deliveredCode(gateway)
        for suffix in ["", "-wal", "-shm"] {
            unlink(path + suffix)
        }
        await #expect(throws: CodeServiceError.stateUnavailable(.recovering(secondsLeft: 60))) {
            try await gateway.requestCode(for: self.number)
        }
        #expect(log.messages.count == 1)
        #expect(reports.contains { $0.hasSuffix("was removed; starting afresh") }, "\(reports)")
        clock.advance(by: .seconds(60))
        _ = try await deliveredCode(gateway)
    }

    /// A request the store refuses while it starts afresh spends nothing of its challenge:
    /// the challenge is spent in the transaction that decides on the number, or not at all.
    @Test func aRequestRefusedWhileRecoveringKeepsItsChallenge() async throws {
        let gateway = LocalCodeService(
            random: SeededRandom(seed: 3), codeStore: store(), challenges: ChallengeGate(work: 1000))
        let solved = { () throws -> ChallengeProof in
            let challenge = try #require(try gateway.challenge()).challenge
            return ChallengeProof(challenge: challenge, solution: try #require(ChallengeSolver.solve(challenge)))
        }
        _ = try await gateway.requestCode(for: number, idempotencyKey: nil, proof: try solved())
        for suffix in ["", "-wal", "-shm"] {
            unlink(path + suffix)
        }
        let other = try numbered(1)
        let proof = try solved()
        await #expect(throws: CodeServiceError.stateUnavailable(.recovering(secondsLeft: 60))) {
            try await gateway.requestCode(for: other, idempotencyKey: nil, proof: proof)
        }
        clock.advance(by: .seconds(60))
        guard case .sent = try await gateway.requestCode(for: other, idempotencyKey: nil, proof: proof) else {
            Issue.record("the challenge was spent by the refused request")
            return
        }
    }

    @Test func theHealthCheckSaysWhenEveryNewNumberIsRefused() async throws {
        let gateway = service(capacity: 3)
        #expect(await gateway.healthProblem() == nil)
        for index in 0..<3 {
            _ = try await gateway.requestCode(for: try numbered(index))
        }
        #expect(await gateway.healthProblem() == .crowded(secondsLeft: 300), "full: every new number is refused")
        clock.advance(by: .seconds(300))
        #expect(await gateway.healthProblem() == nil, "room once the first code expired")
        for suffix in ["", "-wal", "-shm"] {
            unlink(path + suffix)
        }
        #expect(await gateway.healthProblem() == .recovering(secondsLeft: 60), "started afresh: closed for a cooldown")
        clock.advance(by: .seconds(60))
        #expect(await gateway.healthProblem() == nil)
    }

    /// A database at its size limit (`max_page_count`) refused every request `full` while the
    /// health check, which only read, passed: now the check finds no room either, says so as
    /// the request does, and grows nothing.
    @Test func aDatabaseAtItsSizeLimitFailsTheHealthCheckAsItFailsARequest() async throws {
        // A file of 4 MiB at most: filled in a moment, as one of 256 MiB would not be.
        let store = store(capacity: 1_000_000, maxBytes: Self.smallFile)
        let gateway = LocalCodeService(timers: clock, random: SeededRandom(seed: 1), store: store)
        _ = try await deliveredCode(gateway)
        try await store.check()
        try fillNumbers(copying: number)
        let pages = try rows("PRAGMA page_count")
        await #expect(throws: StateProblem.full) { try await store.check() }
        #expect(await gateway.healthProblem() == .full, "/healthz says it")
        await #expect(throws: CodeServiceError.stateUnavailable(.full), "as the request meets it") {
            try await gateway.requestCode(for: try self.numbered(1))
        }
        #expect(try rows("PRAGMA page_count") == pages, "the checks grew nothing")
        _ = try rows("DELETE FROM numbers WHERE number LIKE '+4477008%'")
        try await store.check()
        _ = try await gateway.requestCode(for: try numbered(1))
    }

    /// Fills the table of numbers with copies of `number`'s row, in order (so that each page is
    /// packed), until SQLite finds no page for another at the store's size limit.
    /// The size limit of the store the health check's test fills.
    private static let smallFile = 4 << 20

    private func fillNumbers(copying number: PhoneNumber) throws {
        let filler = try SQLiteDatabase(path: path, busyTimeout: .seconds(1))
        _ = try filler.run("PRAGMA max_page_count = \(Self.smallFile / 4096)")
        var next: Int64 = 0
        var batch: Int64 = 4096
        while batch > 0 {
            do {
                _ = try filler.run(
                    """
                    WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 + ?2 - 1)
                    INSERT INTO numbers (number, \(RecordColumns.list))
                        SELECT printf('+4477008%06d', i), \(RecordColumns.list) FROM n, numbers WHERE number = ?3
                    """, [.integer(next), .integer(batch), .text(number.e164)])
                next += batch
            } catch {
                try #require(error.primary == SQLITE_FULL, "\(error)")
                batch /= 2
            }
        }
    }

    @Test func theRateLimitIsSharedByEveryGatewayOnTheStore() async throws {
        let first = store()
        let second = store()
        #expect(try await first.admit("10.0.0.1", limit: 2) == nil)
        #expect(try await second.admit("10.0.0.1", limit: 2) == nil)
        #expect(try await first.admit("10.0.0.1", limit: 2) == 30, "the other gateway's request counted")
        #expect(try await second.admit("10.0.0.2", limit: 2) == nil, "another client")
        clock.advance(by: .seconds(30))
        #expect(try await store().admit("10.0.0.1", limit: 2) == nil, "and across a restart")
        #expect(try await first.admit("10.0.0.1", limit: 0) == nil, "0 is no limit")
    }

    /// A flood from fresh addresses (a botnet through a proxy's `X-Forwarded-For`) fills the
    /// table of clients: each newcomer is admitted all the same, the clients closest to a whole
    /// allowance are forgotten for it, the table never holds more than its cap, and a client
    /// that sent fast stays limited.
    @Test func aFloodOfFreshClientsLocksNobodyOutAndTheTableStaysBounded() async throws {
        let store = store()
        #expect(try await store.admit("real", limit: 2) == nil)
        #expect(try await store.admit("real", limit: 2) == nil)
        // The rest of the table: one request each, a millisecond apart (due in 1.000 s, 1.001 s…).
        let now = moment()
        _ = try SQLiteDatabase(path: path, busyTimeout: .seconds(1)).run(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 2)
            INSERT INTO clients (client, boot_id, due_boot, due_wall)
                SELECT printf('flood %04d', i), ?2, ?3 + i * 1000000, ?4 + i * 1000000 FROM n
            """,
            [
                .integer(Int64(StoreRules.maxClients)), .text(now.bootID),
                .integer((now.boot + .seconds(1)).wholeNanoseconds),
                .integer((now.wall + .seconds(1)).wholeNanoseconds),
            ])
        #expect(try rows("SELECT COUNT(*) FROM clients") == [[.integer(Int64(StoreRules.maxClients))]])
        for index in 0..<10 {
            #expect(try await store.admit("newcomer \(index)", limit: 2) == nil, "newcomer \(index)")
            #expect(try rows("SELECT COUNT(*) FROM clients") == [[.integer(Int64(StoreRules.maxClients))]])
        }
        #expect(
            try rows("SELECT MIN(client), COUNT(*) FROM clients WHERE client LIKE 'flood %'")
                == [[.text("flood 0010"), .integer(Int64(StoreRules.maxClients - 11))]],
            "the ten due soonest were forgotten")
        #expect(try await store.admit("real", limit: 2) == 30, "still limited: its due was no small one")
    }

    /// The digest is an HMAC under the key file: the database, or a copy of it, verifies no code
    /// without that file, and the digest is not the salted SHA-256 a million guesses would find.
    /// Nor is the verification id made without it: it binds no check there.
    @Test func theDatabaseAloneRevealsNoCode() async throws {
        let (code, id) = try await deliveredCode(service())
        let row = try rows("SELECT salt, digest FROM numbers")
        guard case .bytes(let salt) = row[0][0], case .bytes(let digest) = row[0][1] else {
            throw TestFailure.unexpected(row)
        }
        #expect(digest != Self.plainSHA256(salt + Array(code.utf8)))
        mkdir(folder("copy"), 0o700)
        for name in ["gateway.db", "gateway.db-wal"] {
            // The log may have been folded into the database when the gateway closed it.
            if access(folder("codegate/" + name), F_OK) == 0 {
                makeFile(folder("copy/" + name), bytes: try readBytes(folder("codegate/" + name)))
            }
        }
        let copy = LocalCodeService(
            timers: clock,
            store: GatewayStore(
                folder: StateFolder.open(folder("copy")), report: { _ in },
                moment: { [unowned self] in moment() }))
        #expect(
            try await copy.verify(code, for: number, verificationID: id) == .noCodeRequested, "a copy without the key")
        unlink(folder("codegate/gateway.key"))
        let without = try await service().verify(code, for: number, verificationID: id)
        #expect(without == .noCodeRequested, "the database without its key: \(without)")
        var status = stat()
        #expect(
            lstat(folder("codegate/gateway.key"), &status) == 0 && status.st_mode & 0o777 == 0o600, "a new key, private"
        )
    }

    /// The SHA-256 of `bytes` with no key, by GLib: what a digest without the key would be.
    private static func plainSHA256(_ bytes: [UInt8]) -> [UInt8] {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        g_checksum_update(checksum, bytes, gssize(bytes.count))
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return digest
    }

}

enum TestFailure: Error {
    case unexpected([[StoreValue]])
}
