/// The answer to one `request` signal, which the app gives through the C API at any time —
/// inside its signal handler or later from a callback of its own. The button's request handler
/// waits for it; an answer given before the wait begins is kept for it, later answers are
/// ignored, and a cancelled wait (the timeout, a reset, the button going away) ends at once.
@MainActor
final class RequestAnswer {
    private var outcome: Result<Duration, any Error>?
    private var waiting: CheckedContinuation<Duration, any Error>?

    /// Gives the answer; only the first counts.
    func give(_ outcome: Result<Duration, any Error>) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let waiting = waiting
        self.waiting = nil
        waiting?.resume(with: outcome)
    }

    /// The cooldown the answer names, or its error; CancellationError when the wait is
    /// cancelled first.
    func value() async throws -> Duration {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    waiting = continuation
                }
            }
        } onCancel: {
            // The button's model cancels the task on the main thread (its timeout, a reset).
            MainActor.assumeIsolated { self.give(.failure(CancellationError())) }
        }
    }
}
