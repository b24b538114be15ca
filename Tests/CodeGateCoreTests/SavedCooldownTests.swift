import CodeGateCore
import Testing

@Suite struct SavedCooldownTests {
    let saved = SavedCooldown(
        remaining: .seconds(40), total: .seconds(60),
        at: SystemMoment(bootID: "boot-a", boot: .seconds(500), wall: .seconds(1_800_000_000))
    )

    @Test func sameBootCountsOnTheBootClock() {
        // The wall clock was set back an hour meanwhile: it must not matter.
        let later = SystemMoment(bootID: "boot-a", boot: .seconds(525), wall: .seconds(1_800_000_000 - 3600))
        #expect(saved.remaining(at: later) == .seconds(15))
    }

    @Test func suspendCountsBecauseTheBootClockDoes() {
        let afterSuspend = SystemMoment(bootID: "boot-a", boot: .seconds(500 + 3600), wall: .seconds(1_800_003_600))
        #expect(saved.remaining(at: afterSuspend) == .zero)
    }

    @Test func afterARebootTheWallClockTells() {
        let rebooted = SystemMoment(bootID: "boot-b", boot: .seconds(20), wall: .seconds(1_800_000_030))
        #expect(saved.remaining(at: rebooted) == .seconds(10))
    }

    @Test func remainingNeverExceedsTheWholeCooldown() {
        let clockSetBack = SystemMoment(bootID: "boot-b", boot: .seconds(20), wall: .seconds(1_700_000_000))
        #expect(saved.remaining(at: clockSetBack) == .seconds(60))
    }

    @Test func textRoundTrips() {
        #expect(saved.text == "codegate-cooldown-1 boot-a 540000000000 1800000040000000000 60000000000\n")
        #expect(SavedCooldown(text: saved.text) == saved)
        let unknownBoot = SavedCooldown(remaining: .seconds(1), total: .seconds(2), at: SystemMoment(bootID: "", boot: .zero, wall: .zero))
        #expect(SavedCooldown(text: unknownBoot.text) == unknownBoot)
    }

    @Test(arguments: ["", "garbage", "codegate-cooldown-1 a 1 2", "codegate-cooldown-1 a x 2 3", "codegate-cooldown-1 a 1 2 0",
                      "codegate-cooldown-9 a 1 2 3"])
    func damagedRecordsAreIgnored(text: String) {
        #expect(SavedCooldown(text: text) == nil)
    }

    @Test func realMomentsHaveABootID() {
        let moment = SystemMoment.now()
        #expect(moment.bootID.count == 36)
        #expect(moment.wall > .seconds(1_700_000_000))
    }
}
