import CodeGateServer
import Glibc

// codegate-gateway: CodeGate's embedded SMS gateway served over the HTTP protocol of
// docs/protocol.md on 127.0.0.1; see GatewayProcess.
exit(GatewayProcess.run(CommandLine.arguments))
