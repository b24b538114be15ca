@testable import CodeGateServer
import Testing

/// The bounded queue behind the gateway's standard streams: whole lines or none, in order,
/// the dropped ones counted, and writes that never cut another writer's line on a pipe.
@Suite struct LineQueueTests {
    static func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    @Test func dropsWholeLinesPastItsBoundAndCountsThem() {
        var queue = LineQueue(limit: 10)
        let queued = ["abcd", "efghij", "klmn", "o"].map { queue.append(Self.line($0)) }
        #expect(queued == [true, false, true, false])
        #expect(queue.dropped == 2)
        let told = queue.takeDropped()
        #expect(told == 2)
        #expect(queue.dropped == 0)
        #expect(String(decoding: queue.next(atomic: 100), as: UTF8.self) == "abcd\nklmn\n")
    }

    @Test func writesOnlyWholeLinesThatFitInOneAtomicWrite() {
        var queue = LineQueue(limit: 100)
        for text in ["aaaa", "bbbb", "cccc"] { queue.append(Self.line(text)) }
        #expect(String(decoding: queue.next(atomic: 12), as: UTF8.self) == "aaaa\nbbbb\n")
        queue.remove(10)
        #expect(String(decoding: queue.next(atomic: 12), as: UTF8.self) == "cccc\n")
        // A line longer than one atomic write goes out in pieces, as no write could keep it whole.
        queue.append(Self.line(String(repeating: "d", count: 20)))
        queue.remove(5)
        #expect(queue.next(atomic: 8).count == 8)
    }

    @Test func aPartWrittenLineIsFinishedBeforeTheNext() {
        var queue = LineQueue(limit: 100)
        queue.append(Self.line("abcdef"))
        queue.append(Self.line("gh"))
        queue.remove(3)
        #expect(String(decoding: queue.next(atomic: 100), as: UTF8.self) == "def\ngh\n")
        queue.remove(7)
        #expect(queue.isEmpty)
        // Room again once written: the bound is on what waits, not on what went through.
        let queued = queue.append(Array(repeating: UInt8(ascii: "x"), count: 99) + [UInt8(ascii: "\n")])
        #expect(queued)
    }

    @Test func aBrokenStreamsLinesAreCountedDropped() {
        var queue = LineQueue(limit: 100)
        for text in ["one", "two", "three"] { queue.append(Self.line(text)) }
        queue.remove(2)
        queue.discard()
        #expect(queue.isEmpty)
        #expect(queue.dropped == 3)
    }
}
