import CodeGateBase
import CodeGateFlow
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
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
        let unknownBoot = SavedCooldown(
            remaining: .seconds(1), total: .seconds(2), at: SystemMoment(bootID: "", boot: .zero, wall: .zero))
        #expect(SavedCooldown(text: unknownBoot.text) == unknownBoot)
    }

    @Test(arguments: [
        "", "garbage", "codegate-cooldown-1 a 1 2", "codegate-cooldown-1 a x 2 3", "codegate-cooldown-1 a 1 2 0",
        "codegate-cooldown-9 a 1 2 3", "codegate-cooldown-1 a 1 2 3000000000 4",
    ])
    func damagedRecordsAreIgnored(text: String) {
        #expect(SavedCooldown(text: text) == nil)
    }

    /// The issue's crash loop: a total of 300 days, or any field at an extreme, must be refused
    /// rather than honoured or trapped on.
    @Test(arguments: [
        "codegate-cooldown-1 a 1 2 25920000000000000",  // 300 days
        "codegate-cooldown-1 a 1 2 315360000000000000",  // ten years
        "codegate-cooldown-1 a 1 2 3600000000001",  // one nanosecond over an hour
        "codegate-cooldown-1 a 1 2 999999999",  // under a second
        "codegate-cooldown-1 a 1 2 -60000000000",
        "codegate-cooldown-1 a 1 2 9223372036854775807",
        "codegate-cooldown-1 a 1 2 -9223372036854775808",
        "codegate-cooldown-1 a 9223372036854775807 2 60000000000",
        "codegate-cooldown-1 a 1 9223372036854775807 60000000000",
        "codegate-cooldown-1 a -9223372036854775808 2 60000000000",
        "codegate-cooldown-1 a 1 -9223372036854775808 60000000000",
        "codegate-cooldown-1 a -1 2 60000000000",
        "codegate-cooldown-1 a 1 99999999999999999999 60000000000",
        "codegate-cooldown-1 a\u{1B}]0;x 1 2 60000000000",
        "codegate-cooldown-1 a/b 1 2 60000000000",
        "codegate-cooldown-1 \(String(repeating: "a", count: 65)) 1 2 60000000000",
        "codegate-cooldown-1 a 1 2 60000000000" + String(repeating: " ", count: 300),
    ])
    func extremeFieldsAreRefused(text: String) {
        #expect(SavedCooldown(text: text) == nil)
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let longest = try #require(SavedCooldown(text: "codegate-cooldown-1 a 0 0 3600000000000"))
        #expect(longest.total == SavedCooldown.longest)
        let shortest = try #require(SavedCooldown(text: "codegate-cooldown-1 - 1 1 1000000000\n"))
        #expect(shortest.total == SavedCooldown.shortest)
        #expect(shortest.bootID.isEmpty)
    }

    @Test func aRecordIsClampedToWhatCanBeSaved() {
        let moment = SystemMoment(bootID: "boot-a", boot: .seconds(10), wall: .seconds(1_800_000_000))
        let tooLong = SavedCooldown(remaining: .seconds(864_000), total: .seconds(864_000), at: moment)
        #expect(tooLong.total == SavedCooldown.longest)
        #expect(tooLong.remaining(at: moment) == SavedCooldown.longest)
        #expect(SavedCooldown(text: tooLong.text) == tooLong)
        let negative = SavedCooldown(remaining: .seconds(-5), total: .zero, at: moment)
        #expect(negative.total == SavedCooldown.shortest)
        #expect(negative.remaining(at: moment) == .zero)
        let oddBoot = SavedCooldown(
            remaining: .seconds(5), total: .seconds(9), at: SystemMoment(bootID: "a b", boot: .zero, wall: .zero))
        #expect(oddBoot.bootID.isEmpty)
        #expect(SavedCooldown(text: oddBoot.text) == oddBoot)
    }

    @Test func extremeMomentsNeverTrap() throws {
        let record = try #require(
            SavedCooldown(text: "codegate-cooldown-1 a 9223368436854775807 9223368436854775807 3600000000000"))
        for moment in Self.extremeDurations {
            for bootID in ["a", "b"] {
                let left = record.remaining(at: SystemMoment(bootID: bootID, boot: moment, wall: moment))
                #expect(left >= .zero && left <= record.total)
            }
        }
    }

    static let extremeDurations: [Duration] = [
        .zero, .nanoseconds(1), .nanoseconds(-1), .nanoseconds(Int64.max), .nanoseconds(Int64.min),
        .seconds(Int64.max), .seconds(Int64.min), .seconds(Int64.max) + .seconds(Int64.max),
        .seconds(Int64.min) + .seconds(Int64.min),
    ]

    /// Thousands of hostile lines: random bytes, random field counts, integers at and around
    /// every limit. None may trap, and any accepted record must give a remaining time within
    /// zero…its total, which is at most an hour, at any moment.
    @Test func randomLinesNeverTrapAndAcceptedOnesStayWithinAnHour() {
        var random = SeededRandom(seed: 2024)
        var accepted = 0
        for _ in 0..<20_000 {
            let text = Self.hostileLine(using: &random)
            guard let record = SavedCooldown(text: text) else { continue }
            accepted += 1
            #expect(record.total >= SavedCooldown.shortest && record.total <= SavedCooldown.longest, "\(text)")
            #expect(SavedCooldown(text: record.text) == record)
            for _ in 0..<4 {
                let moment = SystemMoment(
                    bootID: Bool.random(using: &random) ? record.bootID : "other",
                    boot: Self.randomDuration(using: &random), wall: Self.randomDuration(using: &random))
                let left = record.remaining(at: moment)
                #expect(left >= .zero && left <= record.total && left <= .seconds(3600), "\(text)")
            }
        }
        // The generator must reach the accepting path, or the property says nothing.
        #expect(accepted > 500)
    }

    private static let extremeIntegers: [Int64] = [
        .max, .min, .max - 1, .min + 1, 0, 1, -1, 999_999_999, 1_000_000_000, 60_000_000_000,
        3_600_000_000_000, 3_600_000_000_001, 25_920_000_000_000_000, .max - 3_600_000_000_000,
        .max - 3_600_000_000_000 + 1,
    ]

    private static func randomInteger(using random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: "\(extremeIntegers.randomElement(using: &random)!)"
        case 1: "\(Int64.random(in: .min ... .max, using: &random))"
        case 2: "\(Int64.random(in: 1_000_000_000...3_600_000_000_000, using: &random))"
        case 3: "\(Int64.random(in: 0...4_000_000_000_000_000_000, using: &random))"
        case 4: ["99999999999999999999", "+5", "-0", "0x10", "1e9", "", "٣"].randomElement(using: &random)!
        default: "\(Int64.random(in: -10...10, using: &random))"
        }
    }

    private static func randomDuration(using random: inout SeededRandom) -> Duration {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: extremeDurations.randomElement(using: &random)!
        case 1: .nanoseconds(Int64.random(in: .min ... .max, using: &random))
        default: .nanoseconds(Int64.random(in: 0...4_000_000_000_000_000_000, using: &random))
        }
    }

    private static func hostileLine(using random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            return String(decoding: bytes, as: UTF8.self)
        case 1:
            // A well-formed record with one field replaced by something random.
            var fields = ["codegate-cooldown-1", "boot-a", "540000000000", "1800000040000000000", "60000000000"]
            fields[Int.random(in: 0..<5, using: &random)] = randomInteger(using: &random)
            return fields.joined(separator: " ")
        default:
            var fields: [String] = []
            for index in 0..<Int.random(in: 0...7, using: &random) {
                if index == 0, Int.random(in: 0..<4, using: &random) > 0 {
                    fields.append("codegate-cooldown-1")
                } else if index == 1 {
                    fields.append(
                        ["-", "boot-a", "a\u{0}b", "é", String(repeating: "f", count: 70)].randomElement(
                            using: &random)!)
                } else {
                    fields.append(randomInteger(using: &random))
                }
            }
            return fields.joined(separator: [" ", "\t", "\n", "  "].randomElement(using: &random)!)
        }
    }

    @Test func realMomentsHaveABootID() {
        let moment = SystemMoment.now()
        #expect(moment.bootID.count == 36)
        #expect(moment.wall > .seconds(1_700_000_000))
    }
}
