import CodeGateBase
import CodeGateFlow
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
import Glibc
import Testing

/// A cooldown store in memory that counts what it is asked to do.
@MainActor
private final class MemoryStore: CooldownStore {
    var record: SavedCooldown?
    var saves = 0

    func load() -> SavedCooldown? { record }
    func save(_ record: SavedCooldown) {
        self.record = record
        saves += 1
    }
    func clear() { record = nil }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct CooldownKeeperTests {
    let clock = ManualTimerPort()
    let moment = SystemMoment(bootID: "boot-1", boot: .seconds(5000), wall: .seconds(1_700_000_000))

    @Test func aWholeCycleWithNoWidgetSavesTheCooldownThenClearsItAndLocksTheSlider() async {
        let store = MemoryStore()
        let flow = CodeFlow(
            options: LaunchOptions(), timers: clock,
            service: LocalCodeService(timers: clock, random: SeededRandom(seed: 1)))
        let keeper = CooldownKeeper(countdown: flow.countdown, store: store) { moment }
        flow.phoneChanged("13800138000")
        flow.slider.move(to: 1, by: .drag)
        await flow.requestCode()?.value
        #expect(flow.countdown.isCounting)
        #expect(store.record?.total == .seconds(60))
        #expect(store.record?.remaining(at: moment) == .seconds(60))

        clock.advance(by: .seconds(60))
        #expect(!flow.countdown.isCounting)
        #expect(
            flow.requestButton
                == RequestButtonState(
                    text: "获取验证码", accessibleText: "获取验证码", isSensitive: false,
                    fillFraction: 0, phase: .idle))
        #expect(!flow.slider.isUnlocked, "each request needs a fresh slide")
        #expect(!flow.canRequest)
        #expect(store.record == nil, "an ended cooldown is forgotten")
        clock.advance(by: .seconds(1))
        #expect(flow.slider.value == 0, "the thumb has glided back")
        #expect(clock.pendingCount == 1, "nothing left to wake for but the end of the code's lifetime")
        flow.slider.move(to: 1, by: .drag)
        #expect(flow.canRequest)
        keeper.stop()
    }

    @Test func aSavedCooldownIsResumedWithWhatIsReallyLeft() {
        let store = MemoryStore()
        store.record = SavedCooldown(remaining: .seconds(40), total: .seconds(60), at: moment)
        let later = SystemMoment(bootID: "boot-1", boot: moment.boot + .seconds(15), wall: moment.wall + .seconds(15))
        let countdown = Countdown(timers: clock)
        let keeper = CooldownKeeper(countdown: countdown, store: store) { later }
        #expect(countdown.label == "获取验证码(25)")
        #expect(countdown.total == .seconds(60))
        #expect(store.saves == 0, "resuming is not a new cooldown")
        clock.advance(by: .seconds(25))
        #expect(store.record == nil)
        keeper.stop()
    }

    @Test func aCooldownThatEndedWhileTheAppWasClosedIsCleared() {
        let store = MemoryStore()
        store.record = SavedCooldown(remaining: .seconds(40), total: .seconds(60), at: moment)
        let muchLater = SystemMoment(bootID: "boot-2", boot: .seconds(30), wall: moment.wall + .seconds(3600))
        let countdown = Countdown(timers: clock)
        _ = CooldownKeeper(countdown: countdown, store: store) { muchLater }
        #expect(!countdown.isCounting)
        #expect(store.record == nil)
    }

    @Test func theFileStoreRoundTripsAndReportsWhatItIgnores() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var reports: [String] = []
        let path = folder("state/cooldown")
        let file = CooldownFile(folder: try StateFolder.open(folder("state")).get()) { reports.append($0) }
        #expect(file.load() == nil)
        #expect(reports.isEmpty, "no file yet is not worth a report")
        let record = SavedCooldown(remaining: .seconds(30), total: .seconds(60), at: moment)
        file.save(record)
        #expect(file.load() == record)
        file.clear()
        #expect(file.load() == nil)
        file.clear()
        #expect(reports.isEmpty, "clearing when there is no file is no failure to report")

        #expect(mkfifo(path, 0o600) == 0)
        #expect(file.load() == nil, "a FIFO is refused without blocking")
        unlink(path)
        #expect(symlink("/dev/zero", path) == 0)
        #expect(file.load() == nil)
        unlink(path)
        file.save(record)
        let garbage = open(path, O_WRONLY | O_TRUNC)
        _ = write(garbage, "codegate-cooldown-1 x 9223372036854775807 1 1\n", 46)
        close(garbage)
        #expect(file.load() == nil)
        #expect(reports.count == 3)
        #expect(reports.allSatisfy { $0.hasSuffix("ignored") && !$0.contains("\n") })
        file.save(record)
        #expect(file.load() == record, "a refused file is replaced by the next save")
    }
}
