import CodeGateBase
import CodeGateGateway
import CodeGateService

/// The gateway's state on a PostgreSQL server, which any number of gateways share: the same
/// rules as `GatewayStore` keeps in SQLite on one machine, over the network.
///
/// Each decision is one transaction under READ COMMITTED that first takes a transaction-level
/// advisory lock on what it decides about — the number, then the idempotency key, or the
/// client for the rate limit — then reads, decides and writes. Two gateways deciding on one
/// number take turns; on two numbers they never wait for each other. The lock exists before
/// any row does (a first request for a number has none to lock with `SELECT … FOR UPDATE`),
/// needs no retry loop (as `SERIALIZABLE` would), and is released by the server when the
/// transaction ends or its connection dies. Locks are always taken in the same order (number,
/// then key), so two transactions never wait for each other in a circle.
///
/// Instants are stored as `GatewayStore` stores them (`StoredInstant`): on the boot clock
/// within one machine's boot, on the wall clock between machines, which must then keep their
/// clocks in step (NTP); a skew of a few seconds moves a cooldown by as much.
///
/// Every call to the server is bounded (`callTimeout` on this side, `statement_timeout` and
/// `lock_timeout` on the server's): a server that is gone or hangs fails the request with
/// `StateProblem.unreachable`, and nothing decided is kept, so no code is sent that was not
/// recorded. The next request after `retryDelay` connects again; no timer runs meanwhile.
/// The calls wait on a thread of the store's own (`BlockingWorker`), never on the main loop:
/// while one request waits for the database, the gateway answers the others. Transactions
/// take turns on the one connection (`TurnQueue`).
///
/// The key for code digests stays in a file (`CodeKeySource`): the database or a backup of it
/// alone cannot be tried against the million codes. Every gateway on one database must be
/// given the same key (`--key-file`); `keyMatches` refuses a key other than the one the database
/// was first used with.
@MainActor
public final class PostgresStore: CodeStore {
    /// How long one call to the server may take, from this side: a connection, or a statement.
    public static let callTimeout: Duration = .seconds(3)
    /// How long after a failed connection the next request tries again; meanwhile requests are
    /// refused at once, so a server that is down does not cost every request `callTimeout`.
    public static let retryDelay: Duration = .seconds(2)
    /// What `Retry-After` says while the server cannot be reached.
    static let retrySeconds = 5
    /// How often each gateway forgets rows no rule needs any more.
    static let pruneInterval: Duration = .seconds(60)

    let url: String
    private let keySource: CodeKeySource
    private let report: @MainActor (String) -> Void
    package let moment: @MainActor () -> SystemMoment
    private var connection: PostgresConnection?
    /// The thread the connection's calls wait on.
    private let worker = BlockingWorker(name: "codegate-pg")
    /// The transactions waiting for the connection.
    private let turns = TurnQueue()
    /// The server's backend id for the open connection, read once it opened.
    private var openBackendID: Int32?
    private var nextAttempt: ContinuousClock.Instant?
    private var lastPrune: ContinuousClock.Instant?
    private var lastReport: String?
    private var keyChecked = false

    /// A store on the database at `url` (a libpq URI, `postgresql://…`), not connected until
    /// first used. `keyFile` is where the key for code digests is, the same file for every
    /// gateway on the database (nil: a key of this process's own, for tests and benchmarks);
    /// `report` is told each new problem; `moment` reads the clocks.
    package init(
        url: String, keyFile: String?,
        report: @escaping @MainActor (String) -> Void, moment: @escaping @MainActor () -> SystemMoment = {
            SystemMoment.now()
        }
    ) {
        self.url = url
        keySource = CodeKeySource(path: keyFile, folder: nil)
        self.report = report
        self.moment = moment
    }

    package func codeKey() throws(StateProblem) -> [UInt8] {
        try keySource.key(report: remember)
    }

    /// Connects (and migrates the schema) if need be, and runs one transaction: throws what a
    /// request would meet. A server that takes no writes (a standby after a failover, or
    /// `default_transaction_read_only`) answers a read, but fails every request with SQLSTATE
    /// 25006: its transactions say they are read-only, and the check fails as `.readOnly` too.
    /// A full disk is not found: PostgreSQL fails a write only when a file must grow, which no
    /// write short of a request's own would tell, and a probe that wrote would cost the
    /// database a transaction id and a commit record at every check.
    public func check() async throws(StateProblem) {
        _ = try await transaction { connection, deadline async throws(PostgresError) in
            let rows = try await connection.run("SELECT current_setting('transaction_read_only')", until: deadline)
            if rows.first?.first == "on" {
                throw PostgresError(message: "the database takes no writes (transaction_read_only)", sqlState: "25006")
            }
        }
    }

    /// Whether this gateway's key for code digests is the one the database was first used
    /// with (which this call records when it is the first): a gateway with another key would
    /// refuse every code its peers sent. Throws when the key or the database cannot be had.
    public func keyMatches() async throws(StateProblem) -> Bool {
        let fingerprint = PostgresText.bytea(HMAC.sha256(key: try codeKey(), Array("codegate key fingerprint".utf8)))
        return try await transaction { connection, deadline async throws(PostgresError) -> Bool in
            try await connection.run(
                "INSERT INTO codegate_key (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [fingerprint],
                until: deadline)
            let rows = try await connection.run("SELECT fingerprint FROM codegate_key", until: deadline)
            return rows.first?.first == fingerprint
        }
    }

    package func update<Answer>(
        _ number: PhoneNumber, replyKey: String?, meters: [String], challenge: ChallengeSpend?,
        _ decide: (inout GatewayRecord?, inout GatewayReply?, inout Sending) -> Answer
    ) async throws(StateProblem) -> Answer {
        let locks = ["number:" + number.e164] + (replyKey.map { ["reply:" + $0] } ?? [])
        let outcome = try await transaction(locking: locks) {
            connection, deadline async throws(PostgresError) -> Result<Answer, StateProblem> in
            // The clocks are read once the locks are held: a decision made after another's
            // commit is stamped after it too, however long it waited for the lock.
            let transaction = PostgresStoreTransaction(
                store: self, connection: connection, deadline: deadline, now: moment())
            return try await StoreRules.update(
                in: transaction, number, replyKey: replyKey, meters: meters, challenge: challenge, decide)
        }
        return try outcome.get()
    }

    /// Runs `body` in one transaction on the connection once the transactions before it are
    /// done, connecting first if need be, within `callTimeout` for each call; forgets rows no
    /// rule needs once every `pruneInterval`. The advisory locks on `locking` (`lock`) are
    /// held when `body` starts, taken as the transaction begins, in one exchange with the
    /// server. Throws what the failure means for users; a lost connection is dropped, for the
    /// next request after `retryDelay` to open another.
    func transaction<Answer>(
        locking locks: [String] = [],
        _ body: @MainActor (PostgresConnection, ContinuousClock.Instant) async throws(PostgresError) -> Answer
    ) async throws(StateProblem) -> Answer {
        try await turns.turn { () async throws(StateProblem) -> Answer in
            // The deadline counts from the turn: waiting for the others is not the server's time.
            let deadline = ContinuousClock.now + Self.callTimeout
            let connection = try await begun(until: deadline, locking: locks)
            do throws(PostgresError) {
                let answer = try await PostgresTransaction.run(on: connection, until: deadline, began: true) {
                    () async throws(PostgresError) in try await body(connection, deadline)
                }
                lastReport = nil
                await pruneIfDue(on: connection)
                return answer
            } catch {
                throw failed(error)
            }
        }
    }

    /// A connection with a transaction begun on it, holding the advisory locks on `locks`. An
    /// idle connection the server closed (it restarted, failed over, or ended idle sessions)
    /// fails at `BEGIN`, before anything was done on it: then once more on a fresh one, so the
    /// first request after a restart is served.
    private func begun(until deadline: ContinuousClock.Instant, locking locks: [String]) async throws(StateProblem)
        -> PostgresConnection
    {
        let reused = connection?.isOpen ?? false
        let first = try await connected()
        do {
            try await Self.begin(on: first, before: deadline, locking: locks)
            return first
        } catch {
            guard reused, error.connectionLost, !error.timedOut else { throw failed(error) }
            connection = nil
        }
        let second = try await connected()
        do {
            try await Self.begin(on: second, before: deadline, locking: locks)
            return second
        } catch {
            throw failed(error)
        }
    }

    /// How long before its deadline a transaction must have committed: a commit the server
    /// finishes later, as the gateway gives up, is failed by the schema's deadline triggers
    /// rather than kept for a request answered 503; the margin covers the two machines' clocks.
    static let commitMargin: Duration = .milliseconds(500)

    /// `BEGIN`, the advisory locks on `locks`, and the wall-clock millisecond by which the
    /// transaction must commit (`codegate.commit_by`, which the schema's deadline triggers
    /// read), in one pipeline.
    static func begin(
        on connection: PostgresConnection, before deadline: ContinuousClock.Instant, locking locks: [String]
    ) async throws(PostgresError) {
        let left = ContinuousClock.now.duration(to: deadline) - commitMargin
        let commitBy = (SystemMoment.now().wall + left).wholeNanoseconds / 1_000_000
        connection.queue("BEGIN")
        for name in locks { lock(name, on: connection) }
        do {
            try await connection.run(
                "SELECT set_config('codegate.commit_by', $1, true)", [String(commitBy)], until: deadline)
        } catch {
            // A lock not had in time fails the transaction begun: it is ended here.
            if !error.connectionLost { _ = try? await connection.run("ROLLBACK", until: deadline) }
            throw error
        }
    }

    /// The open connection, opened, set up and migrated first if need be.
    private func connected() async throws(StateProblem) -> PostgresConnection {
        if let connection, connection.isOpen { return connection }
        connection = nil
        openBackendID = nil
        let now = ContinuousClock.now
        if let nextAttempt, now < nextAttempt {
            throw .unreachable(secondsLeft: Self.retrySeconds)
        }
        let deadline = now + Self.callTimeout
        do {
            let opened = try await PostgresConnection.open(url: url, deadline: deadline, on: worker)
            // The server's own bounds, shorter than ours, so that it answers with an error
            // (and rolls back) before this side gives up on it.
            try await opened.run(
                """
                SELECT set_config('statement_timeout', '2s', false), set_config('lock_timeout', '2s', false),
                    set_config('idle_in_transaction_session_timeout', '10s', false),
                    set_config('client_min_messages', 'warning', false)
                """, until: deadline)
            try await PostgresSchema.migrate(opened, until: deadline)
            connection = opened
            openBackendID = opened.backendID
            nextAttempt = nil
            return opened
        } catch {
            nextAttempt = now + Self.retryDelay
            throw failed(error)
        }
    }

    /// What `error` means for users, logged once; a lost connection is dropped.
    private func failed(_ error: PostgresError) -> StateProblem {
        remember("cannot use the PostgreSQL database: \(error)")
        if error.connectionLost || !(connection?.isOpen ?? false) {
            connection = nil
            openBackendID = nil
        }
        // A server that did not answer is left alone a while: the requests meanwhile are
        // refused at once instead of each waiting for the deadline.
        if error.timedOut { nextAttempt = ContinuousClock.now + Self.retryDelay }
        return error.problem(retry: Self.retrySeconds)
    }

    /// The server's backend id for this store's connection, when it has one: the sender named
    /// in the notifications its own transactions send. Kept from when it opened: the
    /// connection itself may be busy on the worker.
    var backendID: Int32? { openBackendID }

    /// Logs `line` unless it is what was logged last: a problem that persists is one line.
    func remember(_ line: String) {
        guard line != lastReport else { return }
        lastReport = line
        report(line)
    }

    /// Takes the transaction's advisory lock on `name` with the next statement, which the server
    /// runs once whoever holds it let go.
    static func lock(_ name: String, on connection: PostgresConnection) {
        connection.queue("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name])
    }

    /// Forgets, at most once every `pruneInterval`, the numbers, replies, clients, meters and
    /// challenges no rule needs any more at this gateway's clocks. A row another transaction is deciding on is
    /// one that transaction reads as gone too, and writes back whole if it keeps it.
    /// A failure is logged and the transaction's answer stands: it committed.
    private func pruneIfDue(on connection: PostgresConnection) async {
        let now = ContinuousClock.now
        if let lastPrune, lastPrune.duration(to: now) < Self.pruneInterval { return }
        lastPrune = now
        do {
            try await prune(on: connection)
        } catch {
            _ = failed(error)
        }
    }

    private func prune(on connection: PostgresConnection) async throws(PostgresError) {
        let moment = moment()
        let clocks = [moment.bootID, String(moment.boot.wholeNanoseconds), String(moment.wall.wholeNanoseconds)]
        let age = "(CASE WHEN boot_id = $1 THEN $2 - issued_boot ELSE $3 - issued_wall END)"
        let memory = String(GatewayRecord.expiryMemory.wholeNanoseconds)
        let deadline = ContinuousClock.now + Self.callTimeout
        try await connection.run(
            """
            DELETE FROM codegate_numbers WHERE \(age) >= cooldown
                AND (attempts_left IS NULL OR \(age) >= lifetime + \(memory))
            """, clocks, until: deadline)
        try await connection.run(
            "DELETE FROM codegate_replies WHERE \(age) >= GREATEST(cooldown, lifetime)", clocks, until: deadline)
        try await connection.run(
            "DELETE FROM codegate_clients WHERE (CASE WHEN boot_id = $1 THEN due_boot - $2 ELSE due_wall - $3 END) <= 0",
            clocks, until: deadline)
        // A meter past its expiry is one no rule needs: each number and client has its own.
        try await connection.run("DELETE FROM codegate_meters WHERE expires <= $1", [clocks[2]], until: deadline)
        // An expired challenge is refused before any store is asked (and by the transaction).
        try await connection.run(
            "DELETE FROM codegate_challenges WHERE expires <= $1", [String(moment.wall.components.seconds)],
            until: deadline)
    }
}
