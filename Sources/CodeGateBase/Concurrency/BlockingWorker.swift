import CGLib

/// A thread of its own for calls that block — a database client's waits for its server — so
/// that the main loop they are made from goes on serving meanwhile: each call runs there, in
/// the order made, and the caller awaits its answer.
///
/// The thread sleeps in `g_async_queue_pop` between calls, so an idle worker never wakes, and
/// it needs no libdispatch worker (whose monitor timer would wake the process every second).
/// The caller, on the main actor, resumes there through the main queue
/// (`withMainQueueContinuation`).
/// Dropping the worker lets the call under way finish; the thread then ends by itself.
package final class BlockingWorker: @unchecked Sendable {
    /// One call: nil asks the thread to end.
    private final class Job: @unchecked Sendable {
        let body: (@Sendable () -> Void)?
        init(_ body: (@Sendable () -> Void)?) { self.body = body }
    }

    // GAsyncQueue is safe to use from any thread.
    private let queue: OpaquePointer

    /// A worker whose thread is named `name` (at most 15 bytes show in `top`).
    package init(name: String) {
        queue = g_async_queue_new()
        let thread = g_thread_new(
            name,
            { data in
                let queue = OpaquePointer(data!)
                while true {
                    let job = Unmanaged<Job>.fromOpaque(g_async_queue_pop(queue)!).takeRetainedValue()
                    guard let body = job.body else { break }
                    body()
                }
                g_async_queue_unref(queue)
                return nil
            }, UnsafeMutableRawPointer(g_async_queue_ref(queue)))
        // The thread holds its own reference to the queue and is never joined.
        g_thread_unref(thread)
    }

    deinit {
        g_async_queue_push(queue, Unmanaged.passRetained(Job(nil)).toOpaque())
        g_async_queue_unref(queue)
    }

    /// What `call` returns, called on the worker's thread after the calls made before it.
    /// Main-actor, not nonisolated: a nonisolated async function runs on the generic executor,
    /// whose first job starts libdispatch's worker pool.
    @MainActor
    package func run<Value: Sendable>(_ call: @escaping @Sendable () -> Value) async -> Value {
        await withMainQueueContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let job = Job { continuation.resume(returning: call()) }
            g_async_queue_push(queue, Unmanaged.passRetained(job).toOpaque())
        }
    }
}
