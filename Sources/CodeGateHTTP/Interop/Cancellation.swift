import CSoup

/// A GCancellable that Swift's task cancellation may reach from any thread:
/// `g_cancellable_cancel` is thread-safe, and GLib reports the cancellation to the pending
/// call on the main context that call was started from.
package final class Cancellation: @unchecked Sendable {
    /// The GCancellable, owned by this object.
    package let pointer: UnsafeMutablePointer<GCancellable>

    /// A cancellable not yet cancelled.
    package init() {
        pointer = g_cancellable_new()
    }

    /// Cancels whatever call it was handed to; later calls do nothing.
    package func cancel() {
        g_cancellable_cancel(pointer)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}
