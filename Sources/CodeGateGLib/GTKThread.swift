import CGLib

/// GTK's thread, as GTK itself decides: the thread that made the first control, or before any,
/// the one that owns GLib's default main context, which GTK iterates. That is the process's
/// first thread in most apps, but GTK 4 may run on any one thread (`cargo test` initialises it
/// on a worker for every test), and the controls follow GTK, not the thread Swift's runtime
/// calls main.
///
/// The controls' main-actor code stands for "on GTK's thread". Their targets are built with
/// `-disable-dynamic-actor-isolation`, and every GLib callback enters that code through
/// `UIThread.assume`, so no runtime check anywhere asks for the process's first thread.
package enum GTKThread {
    /// The GThread that made the first control: GTK's, since widgets are made on it alone.
    nonisolated(unsafe) private static var owner: gpointer?

    /// Whether this thread is GTK's: the one that made the first control; before any was made,
    /// one that owns the default main context or could take it now (no loop runs elsewhere).
    package static var isCurrent: Bool {
        let me = UnsafeMutableRawPointer(g_thread_self())
        if let owner = g_atomic_pointer_get(&owner) {
            return owner == me
        }
        let context = g_main_context_default()
        guard g_main_context_acquire(context) != 0 else { return false }
        g_main_context_release(context)
        return true
    }

    /// Records this thread as GTK's, unless a thread was recorded before: call where a control
    /// is made, once `isCurrent` held.
    package static func adopt() {
        _ = g_atomic_pointer_compare_and_exchange(&owner, nil, UnsafeMutableRawPointer(g_thread_self()))
    }
}
