import CodeGateBase
import CSQLite
import CodeGateService
#if canImport(Glibc)
import Glibc
#endif

/// Where the embedded gateway keeps what a real SMS provider keeps on its server: per number,
/// when its last code was requested, under which cooldown and lifetime, and a salted hash of
/// the live code with its attempts left.
///
/// An SQLite database (`gateway.db` in the state folder) that every CodeGate process on the
/// same state shares: each request and each check is one transaction that reads, decides and
/// writes under the database's write lock (`BEGIN IMMEDIATE`, waiting up to `busyTimeout` for
/// another process), so two windows — in two sessions, or without a session bus — never send
/// two codes inside one cooldown and never lose each other's records.
///
/// Instants are stored on the boot clock (with the boot's id) and the wall clock, like a saved
/// cooldown: within the same boot the boot clock is exact whatever happens to the wall clock;
/// after a reboot only the wall clock can tell.
///
/// Nothing that still matters is forgotten: a number is dropped only once its cooldown is over
/// and its code used or expired; when `capacity` numbers all still matter, a new one is refused
/// (`StateProblem.crowded`) until the first of them is over.
///
/// The file is treated as hostile: anything but a regular file of ours no larger than
/// `maxBytes` under its name, or a database SQLite finds damaged, is set aside (renamed, one
/// log line) and a fresh one started, which refuses every request (`StateProblem.recovering`)
/// for a whole cooldown, since the cooldowns the old one held are lost; a row that does not
/// hold a valid record is dropped. When the database cannot be opened, read or written,
/// `update` fails and the gateway fails closed.
@MainActor
public final class GatewayStore: CodeStore {
    /// The database's name in the state folder.
    static let name = "gateway.db"

    /// The most numbers the database holds by default: a number is kept about an hour after its
    /// code (`GatewayRecord.isKept`), and the budgets let far fewer codes go in an hour (the
    /// documented +86 budget 2,000, a gateway with no budgets file 500), so no spread of numbers
    /// an attacker chooses fills it; a desktop's gateway uses a handful.
    public static let defaultCapacity = 100_000

    /// The largest database file opened. Sized by the documented volume, 20,000 codes a day
    /// (docs/deployment.md): their numbers' and clients' budgets (a day), their prefixes'
    /// counts (days), their numbers' trust (`NumberTrust.memory`, 30 days) and a full store of
    /// numbers come to under 100 MiB; a file that claims more is hostile.
    package static let defaultMaxBytes = 256 << 20

    /// How long a transaction waits for another process's lock by default: far longer than
    /// any of ours holds it, short enough not to freeze the window.
    public static let defaultBusyTimeout: Duration = .seconds(2)

    private let folder: Result<StateFolder, StateFileError>?
    private let legacyPolicy: CodePolicy
    private let capacity: Int
    /// The largest database file opened, and as far as it may grow.
    private let maxBytes: Int
    private let keySource: CodeKeySource
    private let busyTimeout: Duration
    private let report: @MainActor (String) -> Void
    package let moment: @MainActor () -> SystemMoment
    private var database: SQLiteDatabase?
    /// The transactions waiting for the database.
    let turns = TurnQueue()
    /// The file the database was opened from (`identity`).
    private var openedFile: [UInt64]?
    /// Databases set aside so far, to tell whether an open did.
    private var setAsideCount = 0
    private var lastReport: String?

    /// A store in `folder`'s `gateway.db`, or, when the folder could not be opened, a store
    /// that refuses every request with the reason. `legacyPolicy` is the gateway's: a database
    /// set aside closes the store for its cooldown, which the lost records may still have run.
    /// `report` is told each new problem (a line for the log); `moment` reads the machine's
    /// clocks, which tests replace with ones that follow their manual timer; `busyTimeout` is
    /// how long a transaction waits for another process's lock; `capacity` is the most numbers
    /// kept; `maxBytes` the largest file; `keyFile` is the path of the key for code digests, when
    /// it is not `gateway.key` in the folder (`CodeKey`).
    package init(
        folder: Result<StateFolder, StateFileError>,
        legacyPolicy: CodePolicy = .init(),
        report: @escaping @MainActor (String) -> Void,
        moment: @escaping @MainActor () -> SystemMoment = { SystemMoment.now() },
        busyTimeout: Duration = defaultBusyTimeout,
        capacity: Int = defaultCapacity,
        maxBytes: Int = defaultMaxBytes,
        keyFile: String? = nil
    ) {
        self.folder = folder
        keySource = CodeKeySource(path: keyFile, folder: folder)
        self.legacyPolicy = legacyPolicy
        self.capacity = capacity
        self.maxBytes = maxBytes
        self.busyTimeout = busyTimeout
        self.report = report
        self.moment = moment
    }

    /// A store in memory only, gone with the process: for a gateway whose state need not
    /// outlive it (tests, and windows built without a state folder).
    package init(inMemoryWith moment: @escaping @MainActor () -> SystemMoment) {
        folder = nil
        legacyPolicy = .init()
        capacity = Self.defaultCapacity
        maxBytes = Self.defaultMaxBytes
        keySource = CodeKeySource(path: nil, folder: nil)
        busyTimeout = .zero
        report = { _ in }
        self.moment = moment
    }

    /// Runs `decide` on `number`'s record in one transaction: it sees the record as it is
    /// now (nil when there is none or no rule needs it any more) and may change, add or
    /// remove it, which is written before the lock is released. With a `replyKey`, `decide`
    /// sees the reply kept under that idempotency key too (nil when there is none) and may set
    /// it, in the same transaction. Throws when the state cannot be read or written; nothing
    /// `decide` chose is then kept.
    /// With `meters`, `decide` sees those meters and may change them; a message it leaves in
    /// `Sending.message` is written to the outbox. Both are kept only with the rest.
    package func update<Answer>(
        _ number: PhoneNumber, replyKey: String?, meters: [String], challenge: ChallengeSpend?,
        _ decide: (inout GatewayRecord?, inout GatewayReply?, inout Sending) -> Answer
    ) async throws(StateProblem) -> Answer {
        let outcome = try await transaction { database async throws(SQLiteError) -> Result<Answer, StateProblem> in
            // The clocks are read once the write lock is held (`BEGIN IMMEDIATE`).
            let transaction = SQLiteStoreTransaction(store: self, database: database, now: moment())
            return try await StoreRules.update(
                in: transaction, number, replyKey: replyKey, meters: meters, challenge: challenge, decide)
        }
        return try outcome.get()
    }

    /// `body` in one write transaction on the database, opened first if need be, once the
    /// store's transactions before it have ended: one that waits for another process's write
    /// lock lets the main loop go on, and the others wait their turn.
    func transaction<T>(_ body: @MainActor (SQLiteDatabase) async throws(SQLiteError) -> T) async throws(StateProblem) -> T {
        try await turns.turn { () async throws(StateProblem) -> T in
            let database = try connected()
            do throws(SQLiteError) {
                return try await database.transaction { () async throws(SQLiteError) -> T in try await body(database) }
            } catch {
                throw problem(error)
            }
        }
    }

    /// The key code digests are made under (`CodeKey`), read or made at its first use from
    /// the system's secure random source (whatever generator makes the codes); a store in
    /// memory has one of its own. Throws when it cannot be had: no code is then sent or checked.
    package func codeKey() throws(StateProblem) -> [UInt8] {
        try keySource.key(report: remember)
    }

    // MARK: - Opening

    /// The open database, opening it first if need be (a failure is tried again at the next
    /// request: the disk may have been freed meanwhile).
    /// A database another gateway set aside (damaged, or hostile) is left for the fresh one
    /// under its name: two gateways on one state never write to two files. One removed from
    /// under the store is as good as lost: the fresh one in its place is closed for a cooldown.
    func connected() throws(StateProblem) -> SQLiteDatabase {
        var lost = false
        if let database {
            guard case .success(let folder)? = folder else { return database }
            let now = identity(in: folder)
            guard now != openedFile else { return database }
            lost = now == nil
            self.database = nil
        }
        guard let folder else {
            do {
                let memory = try SQLiteDatabase(path: ":memory:", busyTimeout: .zero)
                try Self.prepare(memory, maxBytes: maxBytes)
                database = memory
                return memory
            } catch {
                throw problem(error)
            }
        }
        switch folder {
        case .failure(let error):
            remember("cannot keep the gateway's state: \(error)")
            throw StateProblem(error)
        case .success(let folder):
            if lost { remember("the state database \(databasePath.terminalEscaped) was removed; starting afresh") }
            let opened = try open(in: folder, lost: lost)
            database = opened
            openedFile = identity(in: folder)
            return opened
        }
    }

    /// The device and inode of the file under the database's name, if there is one.
    private func identity(in folder: StateFolder) -> [UInt64]? {
        guard case .success(let status?) = folder.status(of: Self.name) else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// Opens the database in `folder`; a damaged one is set aside and, `mayRetry`, a fresh one
    /// opened in its place, closed for a cooldown as one is after the store's file was `lost`.
    private func open(in folder: StateFolder, mayRetry: Bool = true, lost: Bool = false) throws(StateProblem)
        -> SQLiteDatabase
    {
        let wasSetAside = try setAsideIfHostile(in: folder) || !mayRetry || lost
        let path: String
        switch folder.canonicalPath() {
        case .success(let canonical): path = canonical + "/" + Self.name
        case .failure(let error):
            remember("cannot keep the gateway's state: \(error)")
            throw StateProblem(error)
        }
        // Created here, not by SQLite, for its mode: SQLite gives its journal the same.
        let file = openat(folder.descriptor, Self.name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        if file >= 0 { close(file) }
        do {
            let database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
            try Self.prepare(database, maxBytes: maxBytes)
            if wasSetAside { try Self.refuseAll(in: database, for: legacyPolicy.cooldown, at: moment()) }
            return database
        } catch let error where error.isDamage && mayRetry {
            remember("set aside the damaged state database \(databasePath.terminalEscaped): \(error)")
            try setAside(in: folder)
            return try open(in: folder, mayRetry: false)
        } catch {
            throw problem(error)
        }
    }

    /// Settings, a look at the whole file (which finds most damage at once), and the schema.
    private static func prepare(_ database: SQLiteDatabase, maxBytes: Int) throws(SQLiteError) {
        // Write-ahead logging: the log stays open from the first read, so no later write goes
        // through the folder's path; readers never wait for a writer.
        try database.useWriteAheadLog()
        database.keepWriteAheadLog()
        try database.run("PRAGMA synchronous = FULL")
        // What is deleted is overwritten: an outbox row holds a code in clear until delivered.
        try database.run("PRAGMA secure_delete = ON")
        try database.run("PRAGMA trusted_schema = OFF")
        try database.run("PRAGMA cell_size_check = ON")
        // The file can grow to maxBytes and no further, whatever a damaged one claims.
        try database.run("PRAGMA max_page_count = \(maxBytes / 4096)")
        let check = try database.run("PRAGMA quick_check")
        guard check == [[.text("ok")]] else { throw SQLiteError(code: SQLITE_CORRUPT, message: "quick_check failed") }
        try database.transactionWaiting { () throws(SQLiteError) in try migrate(database) }
    }

    /// Sets aside whatever is under the database's name that is not a regular file of ours
    /// within `maxBytes`: a link, a FIFO, a device, another user's file, a huge file. Returns
    /// whether it did.
    private func setAsideIfHostile(in folder: StateFolder) throws(StateProblem) -> Bool {
        switch folder.status(of: Self.name) {
        case .failure(let error):
            remember("cannot keep the gateway's state: \(error)")
            throw StateProblem(error)
        case .success(nil):
            return false
        case .success(let status?):
            if let reason = StateFolder.problem(with: status) {
                remember("set aside \(StateFileError(path: databasePath, reason: reason))")
            } else if status.st_size > maxBytes {
                remember("set aside \(StateFileError(path: databasePath, reason: .tooLarge(limit: maxBytes)))")
            } else {
                return false
            }
            try setAside(in: folder)
            return true
        }
    }

    /// Renames the database and its log to `gateway.db.set-aside-<seconds since 1970>…`,
    /// kept for whoever wants to look, out of the way of a fresh one.
    private func setAside(in folder: StateFolder) throws(StateProblem) {
        setAsideCount += 1
        let mark = ".set-aside-\(moment().wall.wholeNanoseconds / Duration.nanosecondsPerSecond)"
        database = nil
        for suffix in ["", "-wal", "-shm"] {
            if case .failure(let error) = folder.rename(Self.name + suffix, to: Self.name + mark + suffix),
               error.reason != .system(call: "rename", code: ENOENT) {
                remember("cannot set the damaged state aside: \(error)")
                throw StateProblem(error)
            }
        }
    }

    // MARK: - Rows

    /// Forgets what no rule needs any more (`GatewayRecord.isKept`, expired challenges), but
    /// for `number`, which its transaction decides about.
    func prune(_ database: SQLiteDatabase, except number: PhoneNumber, at now: SystemMoment) throws(SQLiteError)
    {
        try database.run(
            """
            DELETE FROM numbers WHERE number != ?1 AND \(Self.age) >= MAX(cooldown,
                CASE WHEN attempts_left IS NULL THEN 0 ELSE lifetime + ?5 END)
            """,
            [
                .text(number.e164), .text(now.bootID), .integer(now.boot.wholeNanoseconds),
                .integer(now.wall.wholeNanoseconds),
                .integer(GatewayRecord.expiryMemory.wholeNanoseconds),
            ])
        // An expired challenge is refused before the store is asked (and by the transaction).
        try database.run("DELETE FROM challenges WHERE expires <= ?", [.integer(now.wall.components.seconds)])
    }

    /// A row's age in SQL, with the moment's boot id, boot and wall clocks as ?2, ?3 and ?4.
    private static let age = "(CASE WHEN boot_id = ?2 THEN ?3 - issued_boot ELSE ?4 - issued_wall END)"

    /// Nil when there is room for one more number; else the seconds until there is. Full, the
    /// store first forgets expired codes it keeps only to say they expired: no rule needs them.
    func waitForRoom(in database: SQLiteDatabase, at now: SystemMoment) throws(SQLiteError) -> Int? {
        let count = "SELECT COUNT(*) FROM numbers"
        guard case .integer(let numbers)? = try database.run(count).first?.first, numbers >= capacity else {
            return nil
        }
        let live = "MAX(cooldown, CASE WHEN attempts_left IS NULL THEN 0 ELSE lifetime END)"
        let clocks: [StoreValue] = [
            .null, .text(now.bootID), .integer(now.boot.wholeNanoseconds), .integer(now.wall.wholeNanoseconds),
        ]
        try database.run("DELETE FROM numbers WHERE \(Self.age) >= \(live)", clocks)
        guard case .integer(let left)? = try database.run(count).first?.first, left >= capacity else { return nil }
        guard
            case .integer(let first)? = try database.run("SELECT MIN(\(live) - \(Self.age)) FROM numbers", clocks)
                .first?.first
        else { return 1 }
        return Duration.nanoseconds(min(max(first, 1), GatewayRecord.longestRule.wholeNanoseconds)).secondsRoundedUp
    }

    // MARK: - Problems

    /// What a failed statement means for users; the first of each kind is also logged.
    func problem(_ error: SQLiteError) -> StateProblem {
        remember("cannot use the gateway's state database \(databasePath.terminalEscaped): \(error)")
        let problem: StateProblem =
            switch error.primary {
            case SQLITE_FULL: .full
            case SQLITE_READONLY: .readOnly
            case SQLITE_BUSY, SQLITE_LOCKED: .busy
            case SQLITE_CANTOPEN, SQLITE_IOERR: StateProblem(errno: error.systemErrno)
            default: .other
            }
        // A connection that failed mid-way is opened afresh at the next request.
        if problem != .busy { database = nil }
        // Damage found mid-run: set aside now, so this answer says for how long it lasts.
        if error.isDamage, case .success(let folder)? = folder {
            let before = setAsideCount
            database = try? open(in: folder)
            if database != nil && setAsideCount > before {
                return .recovering(secondsLeft: legacyPolicy.cooldown.secondsRoundedUp)
            }
        }
        return problem
    }

    /// Says a row that held no valid record was dropped.
    func reportDamagedRecord() {
        remember("dropped a damaged record in \(databasePath.terminalEscaped)")
    }

    /// Logs `line` unless it is what was logged last: a problem that persists is one line, not
    /// one per request.
    private func remember(_ line: String) {
        guard line != lastReport else { return }
        lastReport = line
        report(line)
    }

    /// The database's path, for log lines.
    private var databasePath: String {
        switch folder {
        case .success(let folder): folder.path + "/" + Self.name
        case .failure(let error): error.path + "/" + Self.name
        case nil: ":memory:"
        }
    }
}
