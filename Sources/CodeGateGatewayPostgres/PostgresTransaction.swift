/// One transaction on a connection: `BEGIN` (unless the caller `began` it), the body, `COMMIT`
/// (with the statements the body queued), or `ROLLBACK` when the body throws, the statements
/// queued forgotten. A transaction whose connection was lost is rolled back by the server.
@MainActor
enum PostgresTransaction {
    static func run<Answer>(
        on connection: PostgresConnection, until deadline: ContinuousClock.Instant, began: Bool = false,
        _ body: @MainActor () async throws(PostgresError) -> Answer
    ) async throws(PostgresError) -> Answer {
        if !began { try await connection.run("BEGIN", until: deadline) }
        do {
            let answer = try await body()
            try await connection.run("COMMIT", until: deadline)
            return answer
        } catch {
            connection.discardQueued()
            if !error.connectionLost { _ = try? await connection.run("ROLLBACK", until: deadline) }
            throw error
        }
    }
}
