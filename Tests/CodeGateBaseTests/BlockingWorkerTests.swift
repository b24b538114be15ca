import CodeGateBase
import Glibc
import Testing

/// A blocking call made on the worker's thread while its caller awaits it.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct BlockingWorkerTests {
    @Test func callsRunInOrderOnOneThreadThatIsNotTheCallers() async {
        let worker = BlockingWorker(name: "worker-test")
        let caller = pthread_self()
        let first = await worker.run { pthread_self() }
        let second = await worker.run { pthread_self() }
        #expect(first != caller && second == first)
        #expect(pthread_self() == caller, "the caller resumes where it was")
    }

    @Test func aCallThatBlocksLetsTheCallerGoOn() async {
        let worker = BlockingWorker(name: "worker-test")
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        let (reading, writing) = (pipe[0], pipe[1])
        // The call waits for a byte that only the main actor writes, after the call began.
        let read = Task { @MainActor in
            await worker.run { () -> Int in
                var byte: UInt8 = 0
                return Glibc.read(reading, &byte, 1)
            }
        }
        let wrote = Task { @MainActor in
            var byte: UInt8 = 1
            return Glibc.write(writing, &byte, 1)
        }
        #expect(await wrote.value == 1)
        #expect(await read.value == 1)
        close(reading)
        close(writing)
    }
}
