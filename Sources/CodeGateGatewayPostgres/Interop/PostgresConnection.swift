import CodeGateBase
import CLibPQ
#if canImport(Glibc)
import Glibc
#endif

/// One libpq connection, with the few calls the PostgreSQL store needs: statements with text
/// parameters and text results, each bounded in time on this side of the wire.
///
/// libpq's blocking calls wait as long as the server or the network does; these use its
/// asynchronous ones (`PQconnectStartParams`/`PQconnectPoll`, `PQsendQueryParams`/
/// `PQconsumeInput`) and wait for the socket with `poll` up to a deadline, so a server that
/// hangs, or a network that drops packets, costs at most that long. A connection that missed
/// its deadline, or lost its server, is of no more use: its owner drops it and opens another.
///
/// That wait happens on the connection's `worker`, never on the main loop that awaits it: a
/// gateway waiting for its database still answers health checks, metrics and refusals. One
/// call at a time: the worker runs them in turn, and its owner makes each transaction's
/// statements in turn too. `takeNotifications` and the properties are read on the main actor
/// between calls.
///
/// A statement whose answer nobody reads — a lock, a write — is `queue`d rather than run: it
/// goes to the server with the next call, in one pipeline (libpq's pipeline mode), so a
/// transaction waits for the server once per answer it reads, not once per statement, and for
/// one worker's turn each time. Its error is that call's. Each statement is prepared on the
/// server the first time the connection sends it, so the server parses and plans it once.
final class PostgresConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Where every call that waits for the server is made.
    let worker: BlockingWorker
    /// The statements queued for the next call; touched on the main actor only, between calls.
    private var queued: [PostgresStatement] = []
    /// The statements prepared on the server, by SQL, with their names: the server parses and
    /// plans each once per connection. Touched on the worker only.
    private var prepared: [String: String] = [:]
    /// How many names were given: each preparation gets a new one.
    private var preparations = 0
    /// Statements prepared at most: the store's own are about twenty; any more are parsed at
    /// each run.
    private static let maxPrepared = 64

    /// Connects on `worker` to the database `url` (a libpq connection URI or `key=value` string)
    /// before `deadline`.
    @MainActor
    static func open(url: String, deadline: ContinuousClock.Instant, on worker: BlockingWorker) async throws(
        PostgresError
    ) -> PostgresConnection {
        try await worker.run {
            Result { () throws(PostgresError) in try PostgresConnection(url: url, deadline: deadline, worker: worker) }
        }.get()
    }

    private init(url: String, deadline: ContinuousClock.Instant, worker: BlockingWorker) throws(PostgresError) {
        self.worker = worker
        let timeout = String(max(2, (ContinuousClock.now.duration(to: deadline)).secondsRoundedUp))
        // The URL's own settings hold, but for a connect timeout, which is never longer than ours;
        // expand_dbname reads the URL given as dbname.
        let keywords = ["dbname", "connect_timeout", "application_name"]
        let values = [url, timeout, "codegate-gateway"]
        let started = withCStrings(keywords) { keys in
            withCStrings(values) { values in PQconnectStartParams(keys, values, 1) }
        }
        guard let started else { throw PostgresError(message: "out of memory", connectionLost: true) }
        handle = started
        // libpq would print what the server says outside a statement (a session ended by a
        // restart, say) on stderr as it is; the gateway says what a failure means in one line.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        var polling = PGRES_POLLING_WRITING
        while true {
            guard PQstatus(handle) != CONNECTION_BAD else { throw lastError(connectionLost: true) }
            switch polling {
            case PGRES_POLLING_OK:
                return
            case PGRES_POLLING_FAILED:
                throw lastError(connectionLost: true)
            case PGRES_POLLING_READING:
                try wait(for: Int16(POLLIN), until: deadline, connecting: true)
            default:
                try wait(for: Int16(POLLOUT), until: deadline, connecting: true)
            }
            polling = PQconnectPoll(handle)
        }
    }

    deinit { PQfinish(handle) }

    /// Whether the connection still stands, as far as libpq knows.
    var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// The connection's socket, for a main loop to watch while it waits for notifications.
    var socket: Int32 { PQsocket(handle) }

    /// The process id of the server's backend for this connection, which names it in the
    /// notifications it sends.
    var backendID: Int32 { PQbackendPID(handle) }

    /// Reads what the server sent without waiting and returns the backend ids of the
    /// notifications among it (`LISTEN`), each once; nil when the connection is lost.
    func takeNotifications() -> [Int32]? {
        guard PQconsumeInput(handle) == 1, isOpen else { return nil }
        var senders: [Int32] = []
        while let notification = PQnotifies(handle) {
            senders.append(notification.pointee.be_pid)
            PQfreemem(notification)
        }
        return senders
    }

    /// Runs `sql` with `parameters` ($1, $2… as text; nil for NULL), after the statements
    /// queued, and returns every row of its result, each field as text (nil for NULL); throws
    /// the server's error (a queued statement's among them), or a lost connection when the
    /// answer did not come before `deadline`.
    @MainActor @discardableResult
    func run(_ sql: String, _ parameters: [String?] = [], until deadline: ContinuousClock.Instant) async throws(
        PostgresError
    ) -> [[String?]] {
        let statement = PostgresStatement(sql: sql, parameters: parameters)
        let ahead = takeQueued()
        return try await worker.run {
            Result { () throws(PostgresError) in try self.call(pipeline: ahead + [statement], until: deadline) }
        }.get()
    }

    /// Sends `sql` with `parameters` with the next call, whose error its error becomes; its
    /// rows are not read. For what a transaction does not wait on: locks and writes.
    @MainActor
    func queue(_ sql: String, _ parameters: [String?] = []) {
        queued.append(PostgresStatement(sql: sql, parameters: parameters))
    }

    /// Forgets the statements queued: their transaction failed, and a `ROLLBACK` sent after
    /// them would be abandoned with them.
    @MainActor
    func discardQueued() {
        queued.removeAll()
    }

    @MainActor
    private func takeQueued() -> [PostgresStatement] {
        defer { queued.removeAll() }
        return queued
    }

    /// `statements` in one pipeline, each prepared on the server the first time, waiting on this
    /// thread: the rows of the last; throws the first error, after which the server abandoned
    /// the rest.
    private func call(pipeline statements: [PostgresStatement], until deadline: ContinuousClock.Instant)
        throws(PostgresError) -> [[String?]]
    {
        guard PQenterPipelineMode(handle) == 1 else { throw lastError(connectionLost: true) }
        // What was sent, in order: each statement's execution, after its preparation when it is
        // new (the name it is prepared under).
        var sent: [String?] = []
        for statement in statements {
            let count = Int32(statement.parameters.count)
            var name = prepared[statement.sql]
            if name == nil && prepared.count < Self.maxPrepared {
                preparations += 1
                let new = "codegate_\(preparations)"
                guard PQsendPrepare(handle, new, statement.sql, count, nil) == 1 else {
                    throw lastError(connectionLost: true)
                }
                prepared[statement.sql] = new
                sent.append(statement.sql)
                name = new
            }
            let executed = withOptionalCStrings(statement.parameters) { values in
                if let name {
                    PQsendQueryPrepared(handle, name, count, values, nil, nil, 0)
                } else {
                    PQsendQueryParams(handle, statement.sql, count, nil, values, nil, nil, 0)
                }
            }
            guard executed == 1 else { throw lastError(connectionLost: true) }
            sent.append(nil)
        }
        guard PQpipelineSync(handle) == 1 else { throw lastError(connectionLost: true) }
        // Each command's results end with a null; then comes the pipeline's end. More nulls than
        // commands would be a libpq this code does not know: the connection is dropped.
        var rows: [[String?]] = []
        var failure: PostgresError?
        var ended = 0
        while true {
            guard let result = try nextResult(until: deadline) else {
                ended += 1
                guard ended <= sent.count else {
                    throw PostgresError(message: "the pipeline's end did not come", connectionLost: true)
                }
                continue
            }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            // A preparation that did not happen leaves no statement of that name behind.
            if ended < sent.count, let sql = sent[ended], status != PGRES_COMMAND_OK {
                prepared[sql] = nil
            }
            switch status {
            case PGRES_PIPELINE_SYNC:
                guard PQexitPipelineMode(handle) == 1 else { throw lastError(connectionLost: true) }
                if let failure { throw failure }
                return rows
            case PGRES_TUPLES_OK:
                if ended == sent.count - 1 { rows = Self.rows(of: result) }
            case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY, PGRES_PIPELINE_ABORTED:
                break
            default:
                failure = failure ?? error(in: result)
            }
        }
    }

    /// The next result of what was sent, waited for until `deadline`; nil at the end of one
    /// query's results.
    private func nextResult(until deadline: ContinuousClock.Instant) throws(PostgresError) -> OpaquePointer? {
        while PQisBusy(handle) == 1 {
            try wait(for: Int16(POLLIN), until: deadline, connecting: false)
            guard PQconsumeInput(handle) == 1 else { throw lastError(connectionLost: true) }
        }
        return PQgetResult(handle)
    }

    private static func rows(of result: OpaquePointer) -> [[String?]] {
        (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { field in
                PQgetisnull(result, row, field) == 1 ? nil : String(cString: PQgetvalue(result, row, field))
            }
        }
    }

    /// Waits until the socket is ready for `events`, or throws a lost connection at `deadline`.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant, connecting: Bool)
        throws(PostgresError)
    {
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw lastError(connectionLost: true) }
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                throw PostgresError(
                    message: connecting ? "no connection before the deadline" : "no answer before the deadline",
                    connectionLost: true, timedOut: true)
            }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let milliseconds = Int32(clamping: max(1, left.wholeNanoseconds / 1_000_000))
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw PostgresError(message: "poll: \(String(cString: strerror(errno)))", connectionLost: true)
            }
        }
    }

    private func error(in result: OpaquePointer) -> PostgresError {
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let message = String(cString: PQresultErrorMessage(result))
        // A session the server ended (shutting down, terminated, a connection failure) is lost
        // even while libpq has not yet read the end of the stream.
        let ended = state.map { $0.hasPrefix("08") || $0.hasPrefix("57P0") } ?? false
        return PostgresError(
            message: message.trimmingNewlines, sqlState: state,
            connectionLost: ended || PQstatus(handle) != CONNECTION_OK)
    }

    private func lastError(connectionLost: Bool) -> PostgresError {
        PostgresError(message: String(cString: PQerrorMessage(handle)).trimmingNewlines, connectionLost: connectionLost)
    }
}

/// `body` with `strings` as a C array of C strings, valid for the call only.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result)
    -> Result
{
    withOptionalCStrings(strings + [nil]) { body($0!) }
}

/// `body` with `strings` as a C array (nil for NULL, or for no strings at all).
private func withOptionalCStrings<Result>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
) -> Result {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer<CChar>($0) }
    return pointers.withUnsafeBufferPointer { body($0.isEmpty ? nil : $0.baseAddress) }
}

extension String {
    /// The text without the newlines libpq ends its messages with, for one log line.
    fileprivate var trimmingNewlines: String {
        split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
