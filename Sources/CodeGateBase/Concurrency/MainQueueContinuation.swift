/// `withCheckedContinuation` for main-actor code, resumed on the main thread whatever the
/// task's executor preference: use it for every continuation, never the plain one.
///
/// Swift resumes a continuation on the generic executor and only then hops back to the actor
/// that awaited it (checked here: a main-actor task without a preference, resumed from another
/// thread or from the main loop, starts libdispatch's worker pool, and with it the 1 Hz monitor
/// timer that wakes the process for good). Inside `withTaskExecutorPreference` the generic
/// executor is `MainQueueTaskExecutor`, so the resumption runs on the main queue instead. The
/// preference is held for the wait alone: held for a whole main-actor task it would cost two
/// turns of the main loop per `await` (see `MainQueueTaskExecutor`).
@MainActor
package func withMainQueueContinuation<T>(_ body: (CheckedContinuation<T, Never>) -> Void) async -> T {
    await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
        await withCheckedContinuation(body)
    }
}

/// `withCheckedThrowingContinuation`, resumed on the main thread: see `withMainQueueContinuation`.
@MainActor
package func withThrowingMainQueueContinuation<T>(
    _ body: (CheckedContinuation<T, any Error>) -> Void
) async throws -> T {
    try await withTaskExecutorPreference(MainQueueTaskExecutor.shared) { () async throws -> T in
        try await withCheckedThrowingContinuation(body)
    }
}
