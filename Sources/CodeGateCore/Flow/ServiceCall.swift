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

    /// Runs `call` in a main-actor task and hands its outcome, or a timeout, to `answered`
    /// exactly once. Returns the task.
    func start<Value>(
        _ call: @escaping @MainActor () async throws(CodeServiceError) -> Value,
        answered: @escaping @MainActor (Result<Value, CodeServiceError>) -> Void
    ) -> Task<Void, Never> {
        current += 1
        let id = current
        let task = Task { @MainActor [weak self] in
            let outcome: Result<Value, CodeServiceError>
            do throws(CodeServiceError) {
                outcome = .success(try await call())
            } catch {
                outcome = .failure(error)
            }
            guard let self, current == id, deadline.isSet else { return }
            deadline.cancel()
            answered(outcome)
        }
        deadline.set(at: timers.now + timeout) {
            task.cancel()
            answered(.failure(.timeout))
        }
        return task
    }
}
