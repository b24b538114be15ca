import CodeGateService

/// Why a PostgreSQL call failed: the server's message and SQLSTATE, or a connection that is
/// gone (refused, closed, or silent past its deadline).
struct PostgresError: Error, Equatable, CustomStringConvertible {
    /// libpq's or the server's sentence.
    let message: String
    /// The server's SQLSTATE, when the server answered with an error.
    var sqlState: String?
    /// Whether the connection is of no more use: the server cannot be reached or did not
    /// answer in time.
    var connectionLost = false
    /// Whether it was lost by giving up on a server that did not answer before the deadline.
    var timedOut = false

    var description: String { sqlState.map { "\(message) (SQLSTATE \($0))" } ?? message }

    /// What the failure means for users: the store fails closed with it. A server that cannot be
    /// reached, that is shutting down or too slow, is one to try again in `retry` seconds.
    func problem(retry seconds: Int) -> StateProblem {
        if connectionLost { return .unreachable(secondsLeft: seconds) }
        switch sqlState {
        case "53100": return .full
        case "25006": return .readOnly
        // Another transaction held a lock longer than lock_timeout, or a deadlock was broken.
        case "55P03", "40P01", "40001": return .busy
        // statement_timeout, too many connections, the server shutting down or starting up.
        case "57014", "53300", "57P01", "57P02", "57P03", "08000", "08003", "08006": return .unreachable(
            secondsLeft: seconds)
        default: return .other
        }
    }
}
