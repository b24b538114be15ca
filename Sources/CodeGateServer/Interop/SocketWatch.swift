import CSoup
import CodeGateGLib

/// A watch on a socket's descriptor on the default main context: a GLib source that runs an
/// action each time the socket has something to read or was closed, until removed.
@MainActor
enum SocketWatch {
    /// Runs `readable` each time `socket` can be read (or hung up or failed); the closure
    /// returned removes the source, once, and so releases `readable`.
    static func add(_ socket: Int32, _ readable: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        let source = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, socket, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
            { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
                return 1  // G_SOURCE_CONTINUE
            }, ClosureBox.retain(readable), releaseClosureBox)
        var removed = false
        return {
            guard !removed else { return }
            removed = true
            g_source_remove(source)
        }
    }
}
