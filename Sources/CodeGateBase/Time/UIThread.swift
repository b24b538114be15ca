/// The thread the controls and their models live on — GTK's, whichever thread that is — which
/// their main-actor isolation stands for. The controls' targets are built without Swift's
/// run-time check that main-actor code runs on the process's first thread (Package.swift).
package enum UIThread {
    /// Runs `body`, main-actor code, from nonisolated code that runs on that thread: a GLib
    /// callback, or a model's deinit. Swift's own `isolated deinit` would hand a deinit reached
    /// off the first thread to its main queue, which nothing drains when GTK runs elsewhere:
    /// the timer it cancels would stay, and the object with it.
    package static func assume<Value>(_ body: @MainActor () -> Value) -> Value {
        withoutActuallyEscaping(body) { body in
            unsafeBitCast(body, to: (() -> Value).self)()
        }
    }
}
