import CodeGateBase
@testable import CodeGateGatewayPostgres
import Glibc
import Testing

/// The PostgreSQL connection's pipelines and prepared statements, on the server the postgres
/// suite starts (`CODEGATE_TEST_STORE=postgres`); skipped on SQLite, where there is none.
@MainActor
@Suite(.enabled(if: StoreUnderTest.kind == .postgres), .timeLimit(.minutes(1)))
struct PostgresPipelineTests {
    private func connection() async throws -> PostgresConnection {
        let url = try #require(getenv("CODEGATE_TEST_DATABASE_URL").map { String(cString: $0) })
        return try await PostgresConnection.open(
            url: url, deadline: .now + .seconds(5), on: BlockingWorker(name: "codegate-test"))
    }

    private var deadline: ContinuousClock.Instant { .now + .seconds(5) }

    @Test func aQueuedStatementsErrorIsTheNextCallsAndTheConnectionGoesOn() async throws {
        let connection = try await connection()
        connection.queue("SELECT 1 / $1::int", ["0"])
        await #expect(throws: PostgresError.self) { try await connection.run("SELECT 1", until: deadline) }
        #expect(try await connection.run("SELECT $1::int + 1", ["1"], until: deadline) == [["2"]])
    }

    @Test func aStatementIsPreparedOnceAndRunEachTime() async throws {
        let connection = try await connection()
        let count = "SELECT count(*) FROM pg_prepared_statements"
        let before = try await connection.run(count, until: deadline)
        for value in ["3", "4"] {
            #expect(
                try await connection.run("SELECT $1::int * 2", [value], until: deadline) == [
                    [String((Int(value) ?? 0) * 2)]
                ])
        }
        let after = try await connection.run(count, until: deadline)
        #expect(after.first?.first.flatMap { $0 }.flatMap { Int($0) }
            == before.first?.first.flatMap { $0 }.flatMap { Int($0) }.map { $0 + 1 })
    }

    @Test func aPreparationTheServerAbandonedIsMadeAgainNextTime() async throws {
        let connection = try await connection()
        // The error aborts the pipeline before the new statement is prepared.
        connection.queue("SELECT 1 / $1::int", ["0"])
        await #expect(throws: PostgresError.self) {
            try await connection.run("SELECT $1::text || 'x'", ["a"], until: deadline)
        }
        #expect(try await connection.run("SELECT $1::text || 'x'", ["b"], until: deadline) == [["bx"]])
    }
}
