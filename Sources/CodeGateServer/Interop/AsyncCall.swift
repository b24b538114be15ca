import CSoup
import CodeGateBase

/// One GIO asynchronous call (`…_async` with a `GAsyncReadyCallback`) awaited from Swift: the
/// callback runs on the main context the call was made from — the gateway's main loop — and
/// resumes the caller with what `finish` (the matching `…_finish`) makes of the result. The
/// box is retained for exactly the one callback GIO makes.
@MainActor
enum AsyncCall {
    private final class Completion {
        let body: @MainActor (OpaquePointer?) -> Void
        init(_ body: @escaping @MainActor (OpaquePointer?) -> Void) { self.body = body }
    }

    /// Starts the call with `start(callback, userData)` and returns `finish(result)`.
    static func run<T: Sendable>(
        start: (GAsyncReadyCallback, gpointer) -> Void, finish: @escaping @MainActor (OpaquePointer?) -> T
    ) async -> T {
        await withMainQueueContinuation { continuation in
            let completion = Completion { result in continuation.resume(returning: finish(result)) }
            start(
                { _, result, data in
                    let completion = Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue()
                    MainActor.assumeIsolated { completion.body(result) }
                }, Unmanaged.passRetained(completion).toOpaque())
        }
    }
}
