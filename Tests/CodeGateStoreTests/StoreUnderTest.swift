import CodeGateBase
import CodeGateGateway
import CodeGateGatewayPostgres
import CodeGateService
import CodeGateTestSupport
import Glibc
import Testing

/// The store the shared suite runs on, chosen by the environment: SQLite in a temporary state
/// folder by default (`make test`), PostgreSQL when `CODEGATE_TEST_STORE=postgres`, at the URL
/// in `CODEGATE_TEST_DATABASE_URL` — which Tests/System/postgres/run gives after starting a
/// server of its own. Without that URL the PostgreSQL run fails: it never passes by skipping.
@MainActor
final class StoreUnderTest {
    enum Kind: String {
        case sqlite, postgres
    }

    nonisolated static let kind =
        Kind(rawValue: String(cString: getenv("CODEGATE_TEST_STORE") ?? strdup("sqlite"))) ?? .sqlite

    let clock = ManualTimerPort()
    /// A boot of this test's own, so that rows other runs left on a shared database never pass
    /// for this one's on the boot clock.
    let bootID = "test-" + String(UInt64.random(in: .min ... .max), radix: 16)
    private let start: ContinuousClock.Instant
    /// The wall clock starts at the real time: what an earlier run left on a shared database
    /// (messages, meters) is as old as it really is.
    private let wallStart = SystemMoment.now().wall
    private let folder: String
    private let keyFile: String
    /// What the stores reported.
    var reports: [String] = []

    init() throws {
        start = clock.now
        var template = Array("/tmp/codegate-store-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw StoreTestError.noTemporaryFolder }
        folder = String(cString: made)
        keyFile = folder + "/gateway.key"
        let key = String(repeating: "ab", count: 32) + "\n"
        let file = open(keyFile, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        _ = key.withCString { write(file, $0, strlen($0)) }
        close(file)
    }

    deinit {
        for name in ["gateway.db", "gateway.db-wal", "gateway.db-shm", "gateway.key"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// The clocks at the manual timer's now.
    func moment() -> SystemMoment {
        let elapsed = start.duration(to: clock.now)
        return SystemMoment(bootID: bootID, boot: .seconds(5) + elapsed, wall: wallStart + elapsed)
    }

    /// A store on the shared state, as one more gateway opens it.
    func store() throws -> any CodeStore {
        let report: @MainActor (String) -> Void = { [unowned self] in reports.append($0) }
        let moment: @MainActor () -> SystemMoment = { [unowned self] in self.moment() }
        switch Self.kind {
        case .sqlite:
            return GatewayStore(folder: StateFolder.open(folder), report: report, moment: moment, keyFile: keyFile)
        case .postgres:
            guard let url = getenv("CODEGATE_TEST_DATABASE_URL").map({ String(cString: $0) }), !url.isEmpty else {
                throw StoreTestError.noDatabaseURL
            }
            return PostgresStore(url: url, keyFile: keyFile, report: report, moment: moment)
        }
    }

    /// A store whose state cannot be reached: a state folder that is a file, or a server that
    /// is not there.
    func unusableStore() -> any CodeStore {
        switch Self.kind {
        case .sqlite:
            return GatewayStore(folder: StateFolder.open(keyFile), report: { _ in }, keyFile: keyFile)
        case .postgres:
            return PostgresStore(
                url: "postgresql:///codegate?host=\(folder)&port=1", keyFile: keyFile, report: { _ in })
        }
    }

    /// A gateway over `store`, as one `codegate-gateway` process is.
    func gateway(
        _ store: any CodeStore, seed: UInt64 = 1, budgets: BudgetPlan? = nil, usesOutbox: Bool = false,
        challenges: ChallengeGate? = nil
    ) -> LocalCodeService {
        LocalCodeService(
            random: SeededRandom(seed: seed), codeStore: store, budgets: budgets, usesOutbox: usesOutbox,
            challenges: challenges)
    }

    /// A block of 10,000 numbers no other test uses, in a segment drawn at random: "+861",
    /// two digits of 30–99 and four more. The guard's counts of a range or a segment are shared
    /// by every test on one database, so the tests spread over them.
    static func freshBlock() -> String {
        "+861" + String(UInt8.random(in: 30...99)) + String(UInt16.random(in: 1000...9999))
    }

    /// A fresh idempotency key or client name.
    static func freshName(_ kind: String) -> String {
        kind + "-" + String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// A number no other test, or earlier run on the same database, uses.
    static func freshNumber() -> PhoneNumber {
        PhoneNumber(e164: "+86139" + String(UInt32.random(in: 10_000_000...99_999_999)))!
    }
}

enum StoreTestError: Error {
    case noTemporaryFolder
    /// CODEGATE_TEST_STORE=postgres without CODEGATE_TEST_DATABASE_URL.
    case noDatabaseURL
}
