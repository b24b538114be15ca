import CSoup
import CodeGateGLib
import Glibc

/// One of the process's standard streams made unable to block: a write takes what the reader's
/// buffer has room for and says so, and a GLib source says when there is room again.
///
/// A pipe, FIFO or terminal is opened anew through `/proc/self/fd` with `O_NONBLOCK`, so the
/// descriptor the process was given — shared with its parent and with the children it starts —
/// stays blocking for them; a socket (journald's stream) is written with `MSG_DONTWAIT`; a
/// regular file never waits on a reader and is written as it is. Where `/proc` cannot reopen a
/// stream, the shared description itself is made non-blocking, as the last resort.
@MainActor
final class OutputDescriptor {
    /// What one write did.
    enum Outcome: Equatable {
        /// This many bytes went out (fewer than asked when the reader's buffer filled).
        case wrote(Int)
        /// Nothing went out: the reader's buffer is full.
        case full
        /// The stream is gone or broken (the reader closed it, say): what was asked is lost.
        case failed
    }

    private let descriptor: Int32
    private let isSocket: Bool
    private let opened: Bool
    /// Whether the shared description itself was made non-blocking, to be undone at exit.
    private var sharedNonBlocking = false

    /// The stream `standard` (`STDOUT_FILENO` or `STDERR_FILENO`), made non-blocking as above.
    init(standard: Int32) {
        var status = stat()
        let known = fstat(standard, &status) == 0
        let kind = status.st_mode & S_IFMT
        isSocket = known && kind == S_IFSOCK
        guard known, kind != S_IFREG, !isSocket else {
            (descriptor, opened) = (standard, false)
            return
        }
        let again = open("/proc/self/fd/\(standard)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if again >= 0 {
            (descriptor, opened) = (again, true)
        } else {
            (descriptor, opened) = (standard, false)
            let flags = fcntl(standard, F_GETFL)
            sharedNonBlocking =
                flags >= 0 && flags & O_NONBLOCK == 0 && fcntl(standard, F_SETFL, flags | O_NONBLOCK) == 0
        }
    }

    /// Whether `first` and `second` are one socket (systemd gives both streams one journald
    /// stream): a socket may take part of a line, so two writers on it would mix their lines,
    /// which on a pipe a write of at most `PIPE_BUF` bytes never does.
    static func isOneSocket(_ first: Int32, _ second: Int32) -> Bool {
        var one = stat()
        var other = stat()
        guard fstat(first, &one) == 0, fstat(second, &other) == 0 else { return false }
        return one.st_mode & S_IFMT == S_IFSOCK && one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// Gives the parent back the blocking stream it shared, if the last resort above changed it.
    func restore() {
        guard sharedNonBlocking else { return }
        sharedNonBlocking = false
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }

    isolated deinit {
        if opened { close(descriptor) }
    }

    /// Writes what of `bytes` the stream takes now, never waiting.
    func write(_ bytes: ArraySlice<UInt8>) -> Outcome {
        while true {
            let count = bytes.withUnsafeBytes { buffer in
                isSocket
                    ? send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                    : Glibc.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if count >= 0 { return .wrote(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .full
            default: return .failed
            }
        }
    }

    /// Waits, blocking, until the stream has room or `milliseconds` have passed: only for the
    /// last lines at exit, when nothing else is left to serve. Whether it has room.
    func waitForRoom(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Runs `writable` on the main loop whenever the stream has room (or broke), until it
    /// returns false; the source's destroy notify releases it. The source's id, for
    /// `g_source_remove`.
    func watch(_ writable: @escaping @MainActor () -> Bool) -> guint {
        g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, descriptor, GIOCondition(G_IO_OUT.rawValue | G_IO_ERR.rawValue | G_IO_HUP.rawValue),
            { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Bool>.unbox(data)?.value() ?? false } ? 1 : 0
            }, ClosureBox.retain(writable), releaseClosureBox)
    }
}
