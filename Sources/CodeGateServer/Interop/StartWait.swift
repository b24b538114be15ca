import CodeGateBase
import CodeGateGLib

/// An asynchronous step of the gateway's start, before it serves — opening its database, whose
/// calls wait on a thread of their own — awaited by running the main loop until the step ends:
/// the task's jobs reach the loop through `MainQueueSource`.
@MainActor
enum StartWait {
    private final class Outcome<Value> {
        var value: Value?
        var done = false
    }

    /// What `step` returns.
    static func value<Value>(of step: @escaping @MainActor () async -> Value) -> Value {
        MainQueueSource.install()
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        let outcome = Outcome<Value>()
        let quit = { @MainActor in g_main_loop_quit(loop) }
        Task.immediate {
            outcome.value = await step()
            outcome.done = true
            quit()
        }
        if !outcome.done { g_main_loop_run(loop) }
        return outcome.value!
    }
}
