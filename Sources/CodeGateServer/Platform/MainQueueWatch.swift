import CSoup
import Dispatch
import Glibc

/// Runs the Dispatch main queue — and with it every main-actor task — from the GLib main loop
/// the gateway runs, as `MainQueueSource` does for the app (which links GTK; this links GLib
/// only): a unix-fd source on libdispatch's main-queue eventfd, so the loop wakes exactly
/// when there is work and never polls.
@MainActor
enum MainQueueWatch {
    private static var sourceID: guint = 0

    /// Attaches the source to the default main context once; it stays for the process's life.
    static func install() {
        guard sourceID == 0 else { return }
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, _dispatch_get_main_queue_handle_4CF(), G_IO_IN, { fd, _, _ in
            // Draining does not reset the eventfd; left readable it would wake the loop forever.
            var pending: UInt64 = 0
            _ = read(fd, &pending, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1 // G_SOURCE_CONTINUE
        }, nil, nil)
    }
}
