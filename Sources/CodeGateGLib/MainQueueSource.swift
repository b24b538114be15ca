import CGLib
import Dispatch
import Glibc

/// Runs the Dispatch main queue — and with it every `@MainActor` task continuation — from the
/// GLib main loop. Under `g_application_run` nothing else drains it, so an awaited service call
/// would never resume on the main actor.
///
/// libdispatch signals pending main-queue work on an eventfd; a GLib unix-fd source watches it,
/// so the loop wakes exactly when there is work and never polls.
///
/// A drain runs only the jobs queued when it began; what they queue signals the eventfd again.
/// A task's wait that ends takes a few such jobs in a row (its resumption, then its hop back to
/// the main actor), so the source drains again while the eventfd says more was queued, up to
/// `rounds` times, rather than leave each one to another turn of the loop and its `poll`. The
/// bound keeps a task that queues work forever from starving the loop's other sources.
@MainActor
public enum MainQueueSource {
    private static var sourceID: guint = 0
    /// The most drains in one dispatch of the source.
    static let rounds = 8

    /// Attaches the source to the default main context; later calls do nothing. It stays for
    /// the life of the process, like the main queue itself.
    public static func install() {
        guard sourceID == 0 else { return }
        sourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, _dispatch_get_main_queue_handle_4CF(), G_IO_IN,
            { fd, _, _ in
                // Draining does not reset the eventfd; left readable it would wake the loop
                // forever. libdispatch makes it non-blocking: a read finds 0 pending at once.
                var pending: UInt64 = 0
                var round = 0
                while round < MainQueueSource.rounds && read(fd, &pending, MemoryLayout<UInt64>.size) > 0 {
                    _dispatch_main_queue_callback_4CF(nil)
                    round += 1
                }
                return 1  // G_SOURCE_CONTINUE
            }, nil, nil)
    }
}
