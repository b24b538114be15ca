/// One kind of call to the service — requesting a code, or checking one — at most one at a
/// time, each bounded by a timeout on the flow's timers. When the timeout fires first, the call
/// is cancelled and answered as `.timeout`; its late answer is then dropped.
@MainActor
final class ServiceCall {
    private let timeout: Duration
    private let deadline: Alarm
    private let timers: any TimerPort
    private var current = 0

    init(timers: any TimerPort, timeout: Duration) {
        self.timers = timers
        self.timeout = timeout
        deadline = Alarm(timers: timers)
    }

    /// Runs `call` in a task on the main thread and hands its outcome, or a timeout, to
    /// `answered` exactly once. Returns the task.
    func start<Value: Sendable>(
        _ call: @escaping @MainActor () async throws(CodeServiceError) -> Value,
        answered: @escaping @MainActor (Result<Value, CodeServiceError>) -> Void
    ) -> Task<Void, Never> {
        current += 1
        let id = current
        let task = Task(executorPreference: MainQueueTaskExecutor.shared) { [weak self] in
            guard let self else { return }
            await perform(id, call, answered: answered)
        }
        deadline.set(at: timers.now + timeout) {
            task.cancel()
            answered(.failure(.timeout))
        }
        return task
    }

    private func perform<Value: Sendable>(
        _ id: Int,
        _ call: @MainActor () async throws(CodeServiceError) -> Value,
        answered: @MainActor (Result<Value, CodeServiceError>) -> Void
    ) async {
        let outcome: Result<Value, CodeServiceError>
        do throws(CodeServiceError) {
            outcome = .success(try await call())
        } catch {
            outcome = .failure(error)
        }
        guard current == id, deadline.isSet else { return }
        deadline.cancel()
        answered(outcome)
    }
}
