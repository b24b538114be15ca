import CodeGateGateway

/// PostgreSQL as the state many gateways share: what `codegate-gateway --database` opens.
@MainActor
public struct PostgresDatabase: SharedDatabase {
    /// The one way to open it.
    public init() {}

    package func open(url: String, keyFile: String, report: @escaping @MainActor (String) -> Void) async -> SharedState? {
        let store = PostgresStore(url: url, keyFile: keyFile, report: report)
        // One transaction connects, migrates and compares the key; a failure was reported by
        // the store itself, in one line.
        let matches: Bool
        do {
            matches = try await store.keyMatches()
        } catch {
            return nil
        }
        guard matches else {
            report(
                "the key for code digests differs from the one the database was first used with: give every gateway on it the same --key-file"
            )
            return nil
        }
        return SharedState(store: store) { timers, watch, changed in
            PostgresOutboxListener(store: store, timers: timers, watch: watch, changed: changed)
        }
    }
}
