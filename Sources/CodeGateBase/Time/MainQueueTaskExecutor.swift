import Dispatch

/// The executor the flow's tasks prefer: it runs their jobs on the main queue, which the app
/// drains from its GLib main loop.
///
/// Without a preference, Swift runs every job that is not isolated to an actor — and even the
/// resumption of a main-actor task after a continuation or `Task.yield` — on the global
/// concurrent executor. Its first job starts libdispatch's worker pool, whose monitor timer
/// then wakes the app once a second for the rest of its life. With this preference no job ever
/// leaves the main thread, so an idle app sleeps.
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
