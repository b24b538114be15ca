/// The store's tables on the server, created and migrated by the gateways themselves: the
/// version the database is at sits in `codegate_schema`, and each migration after it runs, in
/// order, in one transaction under an advisory lock, so that two gateways starting at once
/// never migrate twice and a migration that fails leaves the database as it was.
enum PostgresSchema {
    /// The migrations, the first making version 1: a new one is appended, never edited.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE codegate_numbers (
                number text PRIMARY KEY, boot_id text NOT NULL, issued_boot bigint NOT NULL,
                issued_wall bigint NOT NULL, cooldown bigint NOT NULL, lifetime bigint NOT NULL,
                attempts_left bigint, salt bytea, digest bytea)
            """,
            """
            CREATE TABLE codegate_replies (
                key text PRIMARY KEY, number text NOT NULL, boot_id text NOT NULL, issued_boot bigint NOT NULL,
                issued_wall bigint NOT NULL, cooldown bigint NOT NULL, lifetime bigint NOT NULL)
            """,
            """
            CREATE TABLE codegate_clients (
                client text PRIMARY KEY, boot_id text NOT NULL, due_boot bigint NOT NULL, due_wall bigint NOT NULL)
            """,
            // What the key for code digests hashes a fixed text to: one row, the first gateway's.
            "CREATE TABLE codegate_key (id integer PRIMARY KEY CHECK (id = 1), fingerprint bytea NOT NULL)",
            "CREATE INDEX codegate_numbers_issued ON codegate_numbers (issued_wall)",
            "CREATE INDEX codegate_replies_issued ON codegate_replies (issued_wall)",
        ],
        // The outbox and the budgets' counters (`GatewayStore`'s schema 2); times on the wall clock.
        [
            """
            CREATE TABLE codegate_outbox (
                id text PRIMARY KEY, recipient text NOT NULL, text text NOT NULL, created bigint NOT NULL,
                expires bigint NOT NULL, attempts bigint NOT NULL, next_attempt bigint NOT NULL,
                lease_until bigint NOT NULL)
            """,
            "CREATE INDEX codegate_outbox_due ON codegate_outbox (next_attempt)",
            """
            CREATE TABLE codegate_budget_spent (
                name text NOT NULL, period bigint NOT NULL, period_start bigint NOT NULL, spent bigint NOT NULL,
                PRIMARY KEY (name, period))
            """,
        ],
        // The salt of the code each reply sent, its verification id's source (`GatewayStore`'s
        // schema 3); a reply kept before has none and is not replayed.
        ["ALTER TABLE codegate_replies ADD COLUMN code_salt bytea"],
        // A transaction that commits after its gateway gave up on it — its COMMIT waited in the
        // socket while the server was stopped, or took longer than the deadline — would keep a
        // message, a code and a cooldown for a request answered 503. Each transaction says by
        // when it must commit (`codegate.commit_by`, wall-clock milliseconds, set at BEGIN), and
        // these deferred triggers, run at COMMIT after any other, fail it when that has passed.
        [
            """
            CREATE FUNCTION codegate_commit_in_time() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF coalesce(current_setting('codegate.commit_by', true), '') <> ''
                    AND clock_timestamp() > to_timestamp(current_setting('codegate.commit_by', true)::bigint / 1000.0)
                THEN
                    RAISE EXCEPTION 'codegate: committed after the gateway gave up on the transaction';
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE CONSTRAINT TRIGGER zz_codegate_commit_in_time AFTER INSERT OR UPDATE ON codegate_outbox
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION codegate_commit_in_time()
            """,
            """
            CREATE CONSTRAINT TRIGGER zz_codegate_commit_in_time AFTER INSERT OR UPDATE ON codegate_numbers
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION codegate_commit_in_time()
            """,
        ],
        // The challenges requests spent, until they expire (`GatewayStore`'s `challenges`).
        [
            "CREATE TABLE codegate_challenges (salt text PRIMARY KEY, idempotency_key text, expires bigint NOT NULL)",
            "CREATE INDEX codegate_challenges_expires ON codegate_challenges (expires)",
        ],
        // Meters in place of the budgets' counters per calendar period (`GatewayStore`'s
        // schema 4): the buckets that replace them start full.
        [
            "DROP TABLE codegate_budget_spent",
            """
            CREATE TABLE codegate_meters (
                name text PRIMARY KEY, stamp bigint NOT NULL, value bigint NOT NULL, expires bigint NOT NULL)
            """,
            "CREATE INDEX codegate_meters_expires ON codegate_meters (expires)",
        ],
    ]

    /// The version this gateway brings the database to.
    static var version: Int { migrations.count }

    /// The advisory lock the migration holds: the same number in every CodeGate ("CGSCHEMA").
    static let migrationLock = "4347534348454D41"

    /// Brings the database up to `version`, unless it is there already; throws when it is at a
    /// later version (a newer CodeGate's) or a statement fails. On the main actor: a nonisolated
    /// async function runs on the generic executor, whose first job starts libdispatch's worker pool.
    @MainActor
    static func migrate(_ connection: PostgresConnection, until deadline: ContinuousClock.Instant)
        async throws(PostgresError)
    {
        try await PostgresTransaction.run(on: connection, until: deadline) { () async throws(PostgresError) in
            try await connection.run("SELECT pg_advisory_xact_lock(x'\(migrationLock)'::bigint)", until: deadline)
            try await connection.run(
                "CREATE TABLE IF NOT EXISTS codegate_schema (version integer NOT NULL)", until: deadline)
            let rows = try await connection.run("SELECT max(version) FROM codegate_schema", until: deadline)
            let current = rows.first?.first.flatMap { $0 }.flatMap { Int($0) } ?? 0
            guard current <= version else {
                throw PostgresError(
                    message:
                        "the database is at schema version \(current), from a newer CodeGate (this one knows \(version))"
                )
            }
            for statements in migrations[current...] {
                for statement in statements { try await connection.run(statement, until: deadline) }
            }
            if current < version {
                try await connection.run("DELETE FROM codegate_schema", until: deadline)
                try await connection.run(
                    "INSERT INTO codegate_schema (version) VALUES ($1)", [String(version)], until: deadline)
            }
        }
    }
}
