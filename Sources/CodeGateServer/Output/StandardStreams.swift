import CodeGateGLib
import Glibc

/// The gateway's standard output and standard error, written so that a reader that stops
/// reading (a stopped `journalctl -f`, a pipe into a program that hangs) can never stop the
/// main loop: a synchronous write into a full pipe would freeze every request with it.
///
/// A line is written at once when the stream has room, so a reader that keeps up sees it as
/// soon as the event it reports happened. Otherwise it waits in a bounded queue that a GLib
/// source flushes when the stream has room again; nothing polls, and once the queue is empty
/// the source goes, so an idle gateway wakes for nothing. A line past the bound is dropped,
/// and standard error says how many were, once the reader takes lines again.
@MainActor
final class StandardStreams {
    /// A standard stream.
    enum Stream {
        case output, error
    }

    /// The most bytes a stream holds for its reader, beyond what the pipe itself holds.
    nonisolated static let limit = 256 * 1024

    /// One stream: where it goes, what waits for it, and the source flushing it, if any.
    @MainActor
    private final class Channel {
        let descriptor: OutputDescriptor
        let name: String
        var queue = LineQueue(limit: StandardStreams.limit)
        var source: guint = 0

        init(_ standard: Int32, name: String) {
            descriptor = OutputDescriptor(standard: standard)
            self.name = name
        }
    }

    private let output: Channel
    private let error: Channel

    /// Both streams, made non-blocking (`OutputDescriptor`); one queue for both when they are
    /// one socket, so that their lines never mix.
    init() {
        if OutputDescriptor.isOneSocket(STDOUT_FILENO, STDERR_FILENO) {
            error = Channel(STDERR_FILENO, name: "standard output and error")
            output = error
        } else {
            error = Channel(STDERR_FILENO, name: "standard error")
            output = Channel(STDOUT_FILENO, name: "standard output")
        }
    }

    /// Writes `bytes`, whole lines, to `stream`, or queues them, or drops them: never waits.
    func write(_ bytes: [UInt8], to stream: Stream) {
        let channel = stream == .output ? output : error
        if channel.queue.dropped > 0 { tellDropped(channel) }
        guard channel.queue.isEmpty else {
            channel.queue.append(bytes)
            return
        }
        switch channel.descriptor.write(bytes[...]) {
        case .wrote(let count) where count == bytes.count: return
        case .wrote(let count): channel.queue.append(Array(bytes[count...]))
        case .full: channel.queue.append(bytes)
        // Gone (the reader closed it): lost, as a write to a closed pipe always was.
        case .failed: return
        }
        watch(channel)
    }

    /// Writes what waits for at most `milliseconds` in all, blocking, then drops the rest: for
    /// the end of the process, whose last lines should not be lost to a reader a little slow,
    /// nor hold the exit forever for one that stopped.
    func finish(within milliseconds: Int64) {
        let deadline = Int64(g_get_monotonic_time() / 1000) + milliseconds
        for channel in output === error ? [error] : [output, error] {
            if channel.queue.dropped > 0 { tellDropped(channel) }
            if channel.source != 0 {
                g_source_remove(channel.source)
                channel.source = 0
            }
            while !flush(channel) {
                let left = deadline - Int64(g_get_monotonic_time() / 1000)
                guard left > 0, channel.descriptor.waitForRoom(milliseconds: Int32(left)) else { break }
            }
            channel.descriptor.restore()
        }
    }

    private func watch(_ channel: Channel) {
        channel.source = channel.descriptor.watch { [weak self, weak channel] in
            guard let self, let channel else { return false }
            guard flush(channel) else { return true }
            // Cleared before anything else may watch the stream again.
            channel.source = 0
            if channel.queue.dropped > 0 { tellDropped(channel) }
            return false
        }
    }

    /// Writes what of `channel`'s queue its stream takes now; whether the queue is empty.
    private func flush(_ channel: Channel) -> Bool {
        while !channel.queue.isEmpty {
            switch channel.descriptor.write(channel.queue.next(atomic: Int(PIPE_BUF))) {
            case .wrote(let count) where count > 0: channel.queue.remove(count)
            case .wrote, .full: return false
            case .failed: channel.queue.discard()
            }
        }
        return true
    }

    /// Says on standard error how many of `channel`'s lines were dropped, once that line fits.
    private func tellDropped(_ channel: Channel) {
        let note = "codegate-gateway: \(channel.queue.dropped) lines dropped: \(channel.name) was not read\n"
        guard error.queue.fits(note.utf8.count) else { return }
        _ = channel.queue.takeDropped()
        write(Array(note.utf8), to: .error)
    }
}
