/// Thrown by `withTimeout` when the operation had no answer in time.
public struct TimeoutError: Error, Equatable {}

/// Runs `operation`, giving up after `limit` on `clock`: the operation is then cancelled and
/// `TimeoutError` thrown. A gateway that never answers must not leave the user waiting forever.
public func withTimeout<Value: Sendable>(
    _ limit: Duration,
    clock: any TimeSource,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await clock.sleep(for: limit)
            throw TimeoutError()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
