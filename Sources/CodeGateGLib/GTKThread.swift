import CGLib

/// GTK's thread, as GTK itself decides: the thread that owns GLib's default main context,
/// which GTK iterates. That is the process's first thread in most apps, but GTK 4 may run on
/// any one thread (`cargo test` initialises it on a worker for every test), and the controls
/// follow GTK, not the thread Swift's runtime calls main.
///
/// The controls' main-actor code stands for "on GTK's thread". Their targets are built with
/// `-disable-dynamic-actor-isolation`, and every GLib callback enters that code through
/// `assume`, so no runtime check anywhere asks for the process's first thread.
public enum GTKThread {
    /// Whether this thread is GTK's: it owns the default main context, or could take it now
    /// (before any loop runs). A thread other than the one iterating it cannot.
    public static var isCurrent: Bool {
        let context = g_main_context_default()
        guard g_main_context_acquire(context) != 0 else { return false }
        g_main_context_release(context)
        return true
    }

    /// Runs `body`, main-actor code, from a GLib callback or a C entry point on GTK's thread.
    /// Unlike `MainActor.assumeIsolated` it does not ask for the process's first thread; the
    /// caller checks `isCurrent` where the thread is not certain (a C function an app calls),
    /// and a GLib source or signal of the default main context runs on GTK's thread anyway.
    public static func assume<Value>(_ body: @MainActor () -> Value) -> Value {
        withoutActuallyEscaping(body) { body in
            unsafeBitCast(body, to: (() -> Value).self)()
        }
    }
}
