import CodeGateGatewayPostgres
import CodeGateServer
import Glibc

// codegate-gateway: CodeGate's embedded SMS gateway served over the HTTP protocol of
// docs/protocol.md on 127.0.0.1; see GatewayProcess. Its shared state (`--database`) is
// PostgreSQL's, linked here: the server's library links no database client.
exit(GatewayProcess.run(CommandLine.arguments, database: PostgresDatabase()))
