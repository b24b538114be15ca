import CodeGateBase
/// One kind of call to a server — requesting a code, or checking one — at most one at a time,
/// each bounded by a timeout on the caller's timers. When the timeout fires first, the call is
/// cancelled and answered with the caller's timeout error; its late answer is then dropped.
@MainActor
package final class ServiceCall {
    /// How long a call may take before it is answered as timed out.
    package var timeout: Duration
    private let deadline: Alarm
    private let timers: any TimerPort
    private var current = 0
    private var task: Task<Void, Never>?
    /// What ends the call `begin` started, while it waits for its answer.
    private var drop: (@MainActor () -> Void)?

    /// Calls on `timers` that time out after `timeout`.
    package init(timers: any TimerPort, timeout: Duration) {
        self.timers = timers
        self.timeout = timeout
        deadline = Alarm(timers: timers)
    }

    /// Runs `call` in a task on the main thread and hands its outcome, or `timedOut` when the
    /// timeout comes first, to `answered` exactly once. A main-actor task, with no executor
    /// preference (`MainQueueTaskExecutor` says why): its waits resume through the main queue
    /// (`withMainQueueContinuation`), so no job of it starts libdispatch's worker pool. Returns
    /// the task.
    @discardableResult
    package func start<Value: Sendable, Failure: Error>(
        _ call: @escaping @MainActor () async throws(Failure) -> Value,
        timedOut: @escaping @MainActor () -> Failure,
        answered: @escaping @MainActor (Result<Value, Failure>) -> Void
    ) -> Task<Void, Never> {
        current += 1
        let id = current
        let task = Task { [weak self] in
            guard let self else { return }
            await perform(id, call, answered: answered)
        }
        self.task = task
        deadline.set(at: timers.now + timeout) {
            task.cancel()
            answered(.failure(timedOut()))
        }
        return task
    }

    /// Runs `call`, which answers through the function it is given — within the call or later —
    /// and hands its outcome, or `timedOut` when the timeout comes first, to `answered` exactly
    /// once. No task and no later main-loop turn: an answer given within `call` is handed on
    /// before `begin` returns. What `call` returns is run when the call is dropped unanswered
    /// (timed out or abandoned), to end the caller's own work; an answer after that is ignored.
    package func begin<Value, Failure: Error>(
        _ call: @MainActor (_ answer: @escaping @MainActor (Result<Value, Failure>) -> Void) -> (@MainActor () -> Void),
        timedOut: @escaping @MainActor () -> Failure,
        answered: @escaping @MainActor (Result<Value, Failure>) -> Void
    ) {
        abandon()
        let id = current
        deadline.set(at: timers.now + timeout) { [weak self] in
            self?.dropCall()
            answered(.failure(timedOut()))
        }
        let drop = call { [weak self] outcome in
            guard let self, current == id, deadline.isSet else { return }
            deadline.cancel()
            self.drop = nil
            answered(outcome)
        }
        if current != id {
            // Abandoned from within (a reset in the app's handler): its work ends now.
            drop()
        } else if deadline.isSet {
            self.drop = drop
        }
    }

    /// Drops the call under way, if any: its answer, or its timeout, is never handed on.
    package func abandon() {
        current += 1
        deadline.cancel()
        task?.cancel()
        task = nil
        dropCall()
    }

    private func dropCall() {
        let drop = drop
        self.drop = nil
        drop?()
    }

    private func perform<Value: Sendable, Failure: Error>(
        _ id: Int,
        _ call: @MainActor () async throws(Failure) -> Value,
        answered: @MainActor (Result<Value, Failure>) -> Void
    ) async {
        let outcome: Result<Value, Failure>
        do throws(Failure) {
            outcome = .success(try await call())
        } catch {
            outcome = .failure(error)
        }
        guard current == id, deadline.isSet else { return }
        deadline.cancel()
        answered(outcome)
    }
}
