import CodeGateGateway
@testable import CodeGateServer
import CodeGateTestSupport
import Glibc
import Testing

/// The database URL, from any of its sources, picks a backend by its scheme from the registry
/// the executable fills; none given is SQLite in the state folder, as before.
@MainActor @Suite struct DatabaseRegistryTests {
    /// The backends made, by name, in order: a backend is made only once a URL chooses it.
    @MainActor final class Made {
        var names: [String] = []
    }

    /// The executable's schemes, and a test backend under a scheme of its own.
    private func registry(_ made: Made) -> DatabaseRegistry {
        var registry = DatabaseRegistry.likeTheExecutable
        registry.register(["codegate-test"]) {
            made.names.append("test")
            return StandInDatabase(name: "test")
        }
        return registry
    }

    @Test func anUnknownSchemeIsRefusedNamingTheKnownOnes() throws {
        let databases = registry(Made())
        let known = ["postgresql", "postgres", "codegate-test"]
        do {
            _ = try GatewayOptions.parse(["--database", "mysql://root:secret@db/codegate"], databases: databases)
            Issue.record("accepted")
        } catch {
            #expect(error == .badDatabaseURL("--database", schemes: known))
            #expect(
                error.description
                    == "--database must be a database URL whose scheme is one of postgresql, postgres, codegate-test "
                    + "(not shown here: it may hold a password)")
        }
        // Only a scheme as registered, then "://", on one line.
        for url in ["codegate-test:/x", "Postgres://db", "postgresql://db\nx", "postgresql", "://db", ""] {
            #expect(throws: GatewayOptionError.badDatabaseURL("--database", schemes: known), "\(url)") {
                try GatewayOptions.parse(["--database", url], databases: databases)
            }
        }
        // The file the URL is read from is held to the same registry.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        makeFile(folder("url"), bytes: Array("redis://db:6379\n".utf8))
        let options = try GatewayOptions.parse(["--database-file", folder("url")], databases: databases)
        #expect(
            DatabaseURLSource.resolve(options, databases: databases)
                == .failure(.badDatabaseURL(folder("url"), schemes: known)))
        // A gateway built with no shared database says so rather than list nothing.
        #expect(
            GatewayOptionError.badDatabaseURL("--database", schemes: []).description
                == "--database names a shared database, and this codegate-gateway links none: leave it out for SQLite")
    }

    @Test func aRegisteredBackendIsChosenByItsScheme() throws {
        let made = Made()
        let databases = registry(made)
        let options = try GatewayOptions.parse(["--database", "codegate-test://anywhere/state"], databases: databases)
        #expect(made.names.isEmpty, "parsing makes no backend")
        let url = try DatabaseURLSource.resolve(options, databases: databases).get()
        #expect(url == "codegate-test://anywhere/state")
        let chosen = try #require(url.flatMap { databases.database(for: $0) } as? StandInDatabase)
        #expect(chosen.name == "test" && made.names == ["test"])
        #expect((databases.database(for: "postgres://db/codegate") as? StandInDatabase)?.name == "postgres")
        #expect(made.names == ["test"], "the other backends' are not this one's")
        // From a file too: its first line.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        makeFile(folder("url"), bytes: Array("codegate-test://from-file\nignored\n".utf8))
        let fromFile = try GatewayOptions.parse(["--database-file", folder("url")], databases: databases)
        #expect(DatabaseURLSource.resolve(fromFile, databases: databases) == .success("codegate-test://from-file"))
        #expect(databases.knows("codegate-test://from-file") && !databases.knows("codegate-tests://x"))
    }

    @Test(.enabled(if: getenv(DatabaseURLSource.variable) == nil, "the variable would name a database"))
    func theDefaultIsStillSQLiteInTheStateFolder() throws {
        let made = Made()
        let databases = registry(made)
        let options = try GatewayOptions.parse([], databases: databases)
        #expect(options.databaseURL == nil && options.databaseFile == nil)
        #expect(DatabaseURLSource.resolve(options, databases: databases) == .success(nil))
        #expect(DatabaseURLSource.resolve(options, databases: DatabaseRegistry()) == .success(nil))
        #expect(made.names.isEmpty)
    }
}
