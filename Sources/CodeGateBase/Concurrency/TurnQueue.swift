/// Turns at something that must be used by one task at a time — a database connection, whose
/// transaction is a series of awaited calls — taken in the order asked: while one task's turn
/// awaits, the others wait theirs, and the main actor goes on with everything else.
@MainActor
package final class TurnQueue {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// An empty queue.
    package init() {}

    /// What `body` returns, run once every turn asked before has ended.
    package func turn<Value, Failure: Error>(_ body: @MainActor () async throws(Failure) -> Value) async throws(Failure) -> Value {
        if taken {
            await withMainQueueContinuation { continuation in
                // This may run a job later than the check above (seen in the gateway, whose
                // tasks prefer the main queue's executor), after the turn was given up: then
                // nobody would be left to pass it on.
                if taken {
                    waiting.append(continuation)
                } else {
                    taken = true
                    continuation.resume()
                }
            }
        } else {
            taken = true
        }
        // The turn passes straight to the next in line: `taken` stays set for it.
        defer {
            if waiting.isEmpty { taken = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
