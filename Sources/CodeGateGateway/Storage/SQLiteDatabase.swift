import CodeGateBase
import CSQLite

/// Why SQLite refused: its extended result code and its own message.
struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_FULL`, `SQLITE_CANTOPEN_SYMLINK`, …).
    let code: Int32
    /// SQLite's sentence for it.
    let message: String
    /// The errno of the system call that failed, for I/O and open errors; 0 when none did.
    var systemErrno: Int32 = 0

    /// The primary result code, which names the kind of failure.
    var primary: Int32 { code & 0xFF }

    /// Whether the file is not a database or is damaged: to be set aside, not retried.
    var isDamage: Bool { primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB }

    var description: String { "\(message) (SQLite code \(code))" }
}

/// One SQLite connection, with the few calls the gateway's store needs: statements with
/// bound values, and transactions that take the write lock at their start.
///
/// Used by one thread at a time: the store's, on the main actor, but for a transaction's wait
/// for another connection's write lock, made on a thread of its own while the store's other
/// transactions wait their turn (`GatewayStore`). SQLite's own locks on the file are what keep
/// other processes (and other connections) out.
final class SQLiteDatabase: @unchecked Sendable {
    private let handle: OpaquePointer
    private let busyTimeout: Duration
    /// Where a transaction waits for the write lock; made at the first such wait.
    private var worker: BlockingWorker?
    /// Statements prepared once and kept, by their text: the store runs a fixed few dozen, and
    /// preparing them at every run took a fifth of the gateway's time. Each is reset after
    /// its run, failed or not, so that it can be bound and run again.
    private var statements: [String: OpaquePointer] = [:]
    /// The most statements kept; more (which the store's fixed texts never make) start afresh.
    static let keptStatements = 64

    /// Opens (creating if need be) the database at `path`. `SQLITE_OPEN_NOFOLLOW` refuses a
    /// path with a symbolic link anywhere in it; `busyTimeout` is how long a statement waits
    /// for another connection's lock before failing with `SQLITE_BUSY`.
    init(path: String, busyTimeout: Duration) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_EXRESCODE
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: status, message: String(cString: sqlite3_errstr(status))) }
        guard status == SQLITE_OK else {
            let error = SQLiteError(
                code: sqlite3_extended_errcode(opened), message: String(cString: sqlite3_errmsg(opened)),
                systemErrno: sqlite3_system_errno(opened))
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(handle, busyMilliseconds)
    }

    deinit {
        // A statement left unfinalized would keep the connection, and its files, open.
        forgetStatements()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` with `values` bound to its `?` parameters, and returns every row.
    @discardableResult
    func run(_ sql: String, _ values: [StoreValue] = []) throws(SQLiteError) -> [[StoreValue]] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            try check(bind(value, at: Int32(index + 1), in: statement))
        }
        var rows: [[StoreValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw lastError }
            rows.append((0..<sqlite3_column_count(statement)).map { column(at: $0, in: statement) })
        }
    }

    /// Runs `body` in one transaction that holds the write lock from its first statement
    /// (`BEGIN IMMEDIATE`), so what it reads cannot change before it writes; commits what
    /// `body` did, or rolls it all back when anything throws. The caller makes sure no other
    /// transaction runs on this connection meanwhile.
    @MainActor
    func transaction<T>(_ body: @MainActor () async throws(SQLiteError) -> T) async throws(SQLiteError) -> T {
        try await beginImmediate()
        let outcome: Result<T, SQLiteError>
        do throws(SQLiteError) {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        return try finish(outcome)
    }

    /// `transaction`, waiting for the write lock on this thread: for opening the database,
    /// which waits on the file anyway.
    func transactionWaiting<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try run("BEGIN IMMEDIATE")
        return try finish(Result { () throws(SQLiteError) in try body() })
    }

    /// Commits the transaction when `outcome` is a value, else — or when the commit fails —
    /// rolls it back.
    private func finish<T>(_ outcome: Result<T, SQLiteError>) throws(SQLiteError) -> T {
        do {
            let value = try outcome.get()
            try run("COMMIT")
            return value
        } catch {
            _ = try? run("ROLLBACK")
            throw error
        }
    }

    /// `BEGIN IMMEDIATE`: at once when no other connection holds the write lock; else waited
    /// for, up to the busy timeout, on the worker's thread, so that the main loop — the app's
    /// window, the gateway's other requests — goes on meanwhile.
    @MainActor
    private func beginImmediate() async throws(SQLiteError) {
        sqlite3_busy_timeout(handle, 0)
        let atOnce = Result { () throws(SQLiteError) in _ = try run("BEGIN IMMEDIATE") }
        sqlite3_busy_timeout(handle, busyMilliseconds)
        switch atOnce {
        case .success: return
        case .failure(let error) where error.primary == SQLITE_BUSY && busyTimeout > .zero: break
        case .failure(let error): throw error
        }
        let worker = self.worker ?? BlockingWorker(name: "codegate-sqlite")
        self.worker = worker
        try await worker.run { Result { () throws(SQLiteError) in _ = try self.run("BEGIN IMMEDIATE") } }.get()
    }

    private var busyMilliseconds: Int32 { Int32(clamping: busyTimeout.wholeNanoseconds / 1_000_000) }

    /// Switches the database to write-ahead logging, unless it is already. The switch takes
    /// the whole file for a moment and, unlike other statements, does not wait for another
    /// connection's lock (two processes creating the database at once would meet here), so it
    /// is tried again every few milliseconds for up to the busy timeout.
    func useWriteAheadLog() throws(SQLiteError) {
        let deadline = ContinuousClock.now + busyTimeout
        while true {
            do {
                if try run("PRAGMA journal_mode") == [[.text("wal")]] { return }
                try run("PRAGMA journal_mode = WAL")
                return
            } catch where error.primary == SQLITE_BUSY && ContinuousClock.now < deadline {
                sqlite3_sleep(5)
            }
        }
    }

    /// Copies the write-ahead log into the database and empties it, unless another connection
    /// reads or writes right now: then nothing waits (no busy timeout), and it is left for later.
    func resetWriteAheadLogIfIdle() {
        var logged: Int32 = 0
        var copied: Int32 = 0
        sqlite3_busy_timeout(handle, 0)
        _ = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_TRUNCATE, &logged, &copied)
        sqlite3_busy_timeout(handle, busyMilliseconds)
    }

    /// Asks the file itself a question only a C call answers: keeps a write-ahead log in place
    /// when the last connection closes (`SQLITE_FCNTL_PERSIST_WAL`), so closing never removes
    /// a file by its path.
    func keepWriteAheadLog() {
        var on: Int32 = 1
        sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &on)
    }

    /// The statement for `sql`, kept from an earlier run or prepared now and kept.
    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let kept = statements[sql] { return kept }
        if statements.count >= Self.keptStatements { forgetStatements() }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil))
        // Text with no statement in it (only a comment, say) prepares to nothing.
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in \"\(sql)\"") }
        statements[sql] = statement
        return statement
    }

    private func forgetStatements() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
    }

    /// How many statements are kept prepared now; for the tests.
    var keptStatementCount: Int { statements.count }

    private var lastError: SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
                    systemErrno: sqlite3_system_errno(handle))
    }

    private func check(_ status: Int32) throws(SQLiteError) {
        guard status == SQLITE_OK else { throw lastError }
    }

    private func bind(_ value: StoreValue, at index: Int32, in statement: OpaquePointer?) -> Int32 {
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, cg_sqlite_transient())
        case .bytes(let bytes):
            bytes.withUnsafeBytes {
                sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), cg_sqlite_transient())
            }
        }
    }

    private func column(at index: Int32, in statement: OpaquePointer?) -> StoreValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index) else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            // Floats are no type of ours: a damaged row, which the store's checks then refuse.
            return .null
        }
    }
}
