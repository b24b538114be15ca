@MainActor
extension TimerPort {
    /// Suspends the calling task until `deadline` on this port. Throws `CancellationError` at
    /// once when the task is cancelled, and leaves no timer behind either way.
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withThrowingMainQueueContinuation { continuation in
                MainActor.assumeIsolated {
                    sleeper.start(continuation, timers: self, deadline: deadline)
                }
            }
        } onCancel: {
            // Cancellation may come from any thread; the sleeper lives on the main actor.
            Task(executorPreference: MainQueueTaskExecutor.shared) { await sleeper.cancel() }
        }
    }

    /// Suspends the calling task for `duration` on this port.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}

/// The continuation and timer of one `sleep`, resumed exactly once.
@MainActor
private final class Sleeper {
    private var continuation: CheckedContinuation<Void, any Error>?
    private var timer: (any ScheduledTimer)?

    package func start(
        _ continuation: CheckedContinuation<Void, any Error>, timers: any TimerPort, deadline: ContinuousClock.Instant
    ) {
        self.continuation = continuation
        timer = timers.schedule(at: deadline) { [weak self] in self?.finish(throwing: nil) }
    }

    package func cancel() {
        timer?.cancel()
        finish(throwing: CancellationError())
    }

    private func finish(throwing error: (any Error)?) {
        guard let continuation else { return }
        self.continuation = nil
        timer = nil
        if let error {
            continuation.resume(throwing: error)
        } else {
            continuation.resume()
        }
    }
}
