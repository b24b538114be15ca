import CGLib
import Dispatch
import Glibc

/// Runs the Dispatch main queue — and with it every `@MainActor` task continuation — from the
/// GLib main loop. Under `g_application_run` nothing else drains it, so an awaited service call
/// would never resume on the main actor.
///
/// libdispatch signals pending main-queue work on an eventfd; a GLib unix-fd source watches it,
/// so the loop wakes exactly when there is work and never polls.
@MainActor
public enum MainQueueSource {
    private static var sourceID: guint = 0

    /// Attaches the source to the default main context; later calls do nothing. It stays for
    /// the life of the process, like the main queue itself.
    public static func install() {
        guard sourceID == 0 else { return }
        sourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, _dispatch_get_main_queue_handle_4CF(), G_IO_IN,
            { fd, _, _ in
                // Draining does not reset the eventfd; left readable it would wake the loop forever.
                var pending: UInt64 = 0
                _ = read(fd, &pending, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
                return 1  // G_SOURCE_CONTINUE
            }, nil, nil)
    }
}
