import CodeGateGateway
import CodeGateServer

/// A shared database that opens nothing: it names the backend a URL chose, and is made only
/// when one chooses it, which the registry's tests count.
@MainActor
final class StandInDatabase: SharedDatabase {
    /// Which backend this is, as its registration named it.
    let name: String

    init(name: String) {
        self.name = name
    }

    /// Refuses every URL, after the one line a real backend would write for it.
    func open(url: String, keyFile: String, report: @escaping @MainActor (String) -> Void) async -> SharedState? {
        report("\(name) opens nothing")
        return nil
    }
}

extension DatabaseRegistry {
    /// The schemes `codegate-gateway`'s main registers, each making a stand-in: the options'
    /// tests parse as the executable does without linking its PostgreSQL driver.
    static var likeTheExecutable: DatabaseRegistry {
        var registry = DatabaseRegistry()
        registry.register(["postgresql", "postgres"]) { StandInDatabase(name: "postgres") }
        return registry
    }
}

extension GatewayOptions {
    /// `arguments` parsed as the executable parses them, its database URL checked against
    /// `DatabaseRegistry.likeTheExecutable`.
    static func parse(_ arguments: [String]) throws(GatewayOptionError) -> GatewayOptions {
        try parse(arguments, databases: .likeTheExecutable)
    }

    /// What `--help` prints in the executable, with its database schemes.
    static var usage: String { usage(databases: .likeTheExecutable) }
}
