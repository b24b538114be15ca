import CodeGateCore
import Testing

@Suite(.timeLimit(.minutes(1))) struct TimeoutTests {
    @Test func fastOperationWins() async throws {
        let clock = ManualClock()
        let value = try await withTimeout(.seconds(10), clock: clock) { 42 }
        #expect(value == 42)
    }

    @Test func slowOperationTimesOutAndIsCancelled() async {
        let clock = ManualClock()
        let task = Task {
            try await withTimeout(.seconds(10), clock: clock) {
                try await clock.sleep(for: .seconds(60))
                return 1
            }
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(9_999))
        #expect(clock.sleeperCount == 2, "nothing is due before the limit")
        clock.advance(by: .milliseconds(1))
        await #expect(throws: TimeoutError.self) { try await task.value }
        #expect(clock.sleeperCount == 0, "the operation was cancelled, not left sleeping")
    }
}
