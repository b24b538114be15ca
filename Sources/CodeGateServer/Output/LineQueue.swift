/// The lines a stream's reader has not taken yet, bounded: a line that would take the queue
/// past `limit` bytes is dropped whole and counted, never cut, so what the reader gets is
/// always whole lines, in order, with a gap it is told of.
struct LineQueue {
    /// The most bytes held.
    let limit: Int
    /// The bytes not yet written, from `start`: the first line may be written in part.
    private var bytes: [UInt8] = []
    private var start = 0
    /// Lines dropped since the reader was last told.
    private(set) var dropped = 0

    /// An empty queue holding at most `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    /// Whether nothing is waiting.
    var isEmpty: Bool { start == bytes.count }

    /// The next bytes to write: the whole lines waiting that fit in `atomic` bytes, or the
    /// start of one longer than that. A pipe takes a write of at most `PIPE_BUF` bytes whole or
    /// not at all, so a line of another writer on the same pipe (stdout and stderr are often
    /// one) never lands inside one of these.
    func next(atomic: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, start + atomic)
        guard end < bytes.count, let last = bytes[start..<end].lastIndex(of: UInt8(ascii: "\n")) else {
            return bytes[start..<end]
        }
        return bytes[start...last]
    }

    /// Whether a line of `count` bytes fits.
    func fits(_ count: Int) -> Bool {
        bytes.count - start + count <= limit
    }

    /// Queues `line`, or counts it dropped when it does not fit; whether it was queued.
    @discardableResult
    mutating func append(_ line: [UInt8]) -> Bool {
        guard fits(line.count) else {
            dropped += 1
            return false
        }
        bytes += line
        return true
    }

    /// Forgets the first `count` bytes, written.
    mutating func remove(_ count: Int) {
        start += count
        // Compacted only once the written part is the larger: each byte moves at most once.
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= limit)
            start = 0
        } else if start > bytes.count / 2 {
            bytes.removeFirst(start)
            start = 0
        }
    }

    /// Forgets every byte waiting, counting the whole lines among them as dropped: the
    /// stream broke, and no reader will have them.
    mutating func discard() {
        dropped += bytes[start...].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        remove(bytes.count - start)
    }

    /// The count of dropped lines, reset: the caller tells the reader of them.
    mutating func takeDropped() -> Int {
        defer { dropped = 0 }
        return dropped
    }
}
