import Dispatch

/// An executor that runs its jobs on the main queue, which the app drains from its GLib main
/// loop: for a task whose body is not main-actor code, and for the waits of main-actor code
/// (`withMainQueueContinuation`).
///
/// Without a preference, Swift runs every job that is not isolated to an actor — and even the
/// resumption of a main-actor task after a continuation or `Task.yield` — on the global
/// concurrent executor. Its first job starts libdispatch's worker pool, whose monitor timer
/// then wakes the app once a second for the rest of its life. With this preference no job ever
/// leaves the main thread, so an idle app sleeps.
///
/// A main-actor task must not hold it for its whole life, though. The runtime runs a main-actor
/// job with no task executor, and a task with a preference that is not the running one takes
/// every hop to the main actor — the entry into a main-actor function and the return from it,
/// even from main-actor code — for a switch of executor: the task goes back to the main queue,
/// which runs it at the next drain, the next turn of the GLib loop (swift_task_switch,
/// `mustSwitchToRun`, Swift 6.3). So each `await` of a main-actor function cost two turns of the
/// loop (1000 awaits, 2000 drains; none without the preference), and `Task.immediate` from a
/// GLib callback never started at once. Main-actor tasks therefore take no preference, and hold
/// it only while they wait, where a continuation is resumed.
public final class MainQueueTaskExecutor: TaskExecutor {
    /// The one instance; it has no state.
    public static let shared = MainQueueTaskExecutor()

    private init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
