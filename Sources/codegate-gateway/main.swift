import CodeGateGatewayPostgres
import CodeGateServer
import Glibc

// codegate-gateway: CodeGate's embedded SMS gateway served over the HTTP protocol of
// docs/protocol.md on 127.0.0.1; see GatewayProcess. Its shared state (`--database`) is kept by
// the backend its URL's scheme names, from those linked here: the server's library links no
// database client, and a new backend is its module and one line below.
var databases = DatabaseRegistry()
databases.register(["postgresql", "postgres"]) { PostgresDatabase() }
exit(GatewayProcess.run(CommandLine.arguments, databases: databases))
