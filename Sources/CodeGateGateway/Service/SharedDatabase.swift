import CodeGateBase

/// A database server that many gateways keep one state on (`codegate-gateway --database URL`).
/// The executable registers those it links under their URL schemes (`DatabaseRegistry`, one
/// line each: `PostgresDatabase` under postgresql and postgres), so neither the server's library
/// nor the app links a database client.
@MainActor
package protocol SharedDatabase {
    /// The state at `url`: connected, migrated and checked against the key in `keyFile`; nil,
    /// after one line to `report`, when it cannot be used at start (a service manager then
    /// restarts the gateway until it can).
    func open(url: String, keyFile: String, report: @escaping @MainActor (String) -> Void) async -> SharedState?
}
