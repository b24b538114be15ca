import Glibc

/// The listening sockets a service manager handed the process (systemd's socket activation,
/// `sd_listen_fds`): descriptors from 3 on, `LISTEN_FDS` of them, when `LISTEN_PID` is this
/// process. The variables are removed, so that no child takes the sockets for its own.
enum SocketActivation {
    /// The descriptors handed over; empty when none were, or they were meant for another process.
    static func descriptors() -> [Int32] {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pid = variable("LISTEN_PID").flatMap({ Int32($0) }), pid == getpid(),
            let count = variable("LISTEN_FDS").flatMap({ Int32($0) }), (1...16).contains(count)
        else { return [] }
        return Array(3..<(3 + count))
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
