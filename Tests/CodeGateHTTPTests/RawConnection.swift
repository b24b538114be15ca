import CSoup
import CGtk
import Glibc

/// A connection the test server took over from libsoup, on which it writes what no
/// well-behaved server would: an endless body, one byte at a time, a reset halfway, nothing.
@MainActor
final class RawConnection {
    /// What to write after the request was read.
    enum Script {
        /// `head`, then nothing more: the connection stays open and silent.
        case hold(head: String)
        /// `head`, then a reset (TCP RST) instead of the rest of the body.
        case reset(head: String)
        /// `head`, then chunks of `chunk` bytes until `total` or the client hangs up.
        case stream(head: String, chunk: Int, total: Int)
        /// `head`, then one byte every `milliseconds`, until the client hangs up.
        case trickle(head: String, milliseconds: UInt32)
    }

    /// Bytes written so far, head included.
    private(set) var written = 0
    /// Whether a write failed: the client went away.
    private(set) var clientLeft = false
    private var stream: UnsafeMutablePointer<GIOStream>?
    private let script: Script
    private var timer: guint = 0

    private let fd: Int32

    init(stream: UnsafeMutablePointer<GIOStream>, fd: Int32, script: Script) {
        self.stream = stream
        self.fd = fd
        self.script = script
    }

    func start() {
        switch script {
        case .hold(let head):
            write(Array(head.utf8)) { _ in }
        case .reset(let head):
            write(Array(head.utf8)) { connection in connection.reset() }
        case .stream(let head, let chunk, let total):
            write(Array(head.utf8)) { connection in connection.stream(chunk: chunk, total: total) }
        case .trickle(let head, let milliseconds):
            write(Array(head.utf8)) { connection in connection.trickle(every: milliseconds) }
        }
    }

    /// Closes the connection, if still open.
    func close() {
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
        guard let stream else { return }
        self.stream = nil
        g_io_stream_close(stream, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(stream))
    }

    private func stream(chunk: Int, total: Int) {
        guard written < total else { return close() }
        write([UInt8](repeating: UInt8(ascii: "a"), count: chunk)) { connection in
            connection.stream(chunk: chunk, total: total)
        }
    }

    private func trickle(every milliseconds: UInt32) {
        let box = Unmanaged.passRetained(Weak(self)).toOpaque()
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            MainActor.assumeIsolated {
                guard let connection = Unmanaged<Weak>.fromOpaque(data!).takeUnretainedValue().connection,
                    connection.stream != nil
                else { return 0 }
                connection.write([UInt8(ascii: "b")]) { _ in }
                return 1
            }
        }, box, { Unmanaged<Weak>.fromOpaque($0!).release() })
    }

    /// SO_LINGER with a zero timeout makes the close a reset.
    private func reset() {
        guard stream != nil else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    private func write(_ bytes: [UInt8], then next: @escaping @MainActor (RawConnection) -> Void) {
        guard let stream, !clientLeft else { return }
        guard !bytes.isEmpty else { return next(self) }
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        let pending = Unmanaged.passRetained(Pending(connection: self, next: next)).toOpaque()
        let output = g_io_stream_get_output_stream(stream)
        g_output_stream_write_bytes_async(output, data, G_PRIORITY_DEFAULT, nil, { source, result, data in
            MainActor.assumeIsolated {
                let pending = Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue()
                let outputStream = UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GOutputStream.self)
                let count = g_output_stream_write_bytes_finish(outputStream, result, nil)
                guard count > 0 else {
                    pending.connection.clientLeft = true
                    return
                }
                pending.connection.written += count
                pending.next(pending.connection)
            }
        }, pending)
    }

    private final class Pending {
        let connection: RawConnection
        let next: @MainActor (RawConnection) -> Void
        init(connection: RawConnection, next: @escaping @MainActor (RawConnection) -> Void) {
            self.connection = connection
            self.next = next
        }
    }

    private final class Weak {
        weak var connection: RawConnection?
        init(_ connection: RawConnection) {
            self.connection = connection
        }
    }
}
