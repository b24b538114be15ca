import CodeGateBase
import Testing

/// Turns at a connection: a turn that awaits keeps the others out until it ends, thrown or not.
@MainActor
@Suite struct TurnQueueTests {
    /// What the turns did, in order.
    @MainActor final class Log {
        var lines: [String] = []
    }

    @Test func aTurnThatAwaitsKeepsTheNextOutUntilItEnds() async {
        let turns = TurnQueue()
        let worker = BlockingWorker(name: "turn-test")
        let log = Log()
        let first = Task { @MainActor in
            await turns.turn {
                log.lines.append("first begins")
                // The main actor is free meanwhile: the second task starts and asks for its turn.
                await worker.run {}
                log.lines.append("first ends")
            }
        }
        let second = Task { @MainActor in await turns.turn { log.lines.append("second") } }
        await first.value
        await second.value
        #expect(log.lines == ["first begins", "first ends", "second"])
    }

    @Test func aTurnThatThrowsPassesTheTurnOn() async {
        struct Refused: Error {}
        let turns = TurnQueue()
        let worker = BlockingWorker(name: "turn-test")
        let first = Task { @MainActor () async throws -> Void in
            try await turns.turn { () async throws(Refused) in
                await worker.run {}
                throw Refused()
            }
        }
        let second = Task { @MainActor in await turns.turn { "served" } }
        await #expect(throws: Refused.self) { try await first.value }
        #expect(await second.value == "served")
    }
}
