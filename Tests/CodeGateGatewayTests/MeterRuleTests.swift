import CodeGateBase
import CodeGateGateway
import Testing

/// The rules over the store's meters, on their own: a budget's bucket (`Bucket`) and a
/// prefix's decaying count (`DecayingCount`), read and changed at moments a test picks, and
/// kept by no store — what a transaction reads is what the last one wrote.
@Suite struct MeterRuleTests {
    private static let second: Int64 = 1_000_000_000

    /// `sending` read again `seconds` later, its meters as they were written.
    private func later(_ sending: Sending, by seconds: Int64) -> Sending {
        let wall = sending.wall + seconds * Self.second
        return Sending(wall: wall, meters: sending.meters.filter { $0.value.expires > wall })
    }

    @Test func aSharedBucketGivesHalfAtOnceThenOneAnIntervalAndNeverMoreThanItsCap() {
        let bucket = Bucket(name: "budget global hour", cap: 10, period: .seconds(3600), shared: true)
        #expect(bucket.burst == 5 && bucket.reserve == 1)
        var sending = Sending(wall: 1_000 * Self.second, meters: [:])
        var given = 0
        while bucket.wait(in: sending) == nil, given < 100 {
            bucket.take(in: &sending)
            given += 1
        }
        #expect(given == 5)
        // Then one every 3600 s / (10 − 5 + 1) = 600 s.
        #expect(bucket.wait(in: sending) == .seconds(600))
        sending = later(sending, by: 599)
        #expect(bucket.wait(in: sending) == .seconds(1))
        sending = later(sending, by: 1)
        #expect(bucket.wait(in: sending) == nil)
        // Full again an hour after it was emptied: the meter is gone, as the store forgets it.
        sending = later(sending, by: 3000)
        #expect(sending.meters.isEmpty)
    }

    @Test func aNumbersBucketGivesItsWholeCapThenOneAPeriod() {
        let bucket = Bucket(name: "budget number +8613800138000 hour", cap: 3, period: .seconds(3600), shared: false)
        var sending = Sending(wall: 0, meters: [:])
        for _ in 0..<3 {
            #expect(bucket.wait(in: sending) == nil)
            bucket.take(in: &sending)
        }
        #expect(bucket.wait(in: sending) == .seconds(3600))
        let none = Bucket(name: "none", cap: 0, period: .seconds(86_400), shared: true)
        #expect(none.wait(in: sending) == .seconds(86_400))
    }

    @Test func theReserveIsKeptFromThoseWhoKeepIt() {
        let bucket = Bucket(name: "budget prefix +86 hour", cap: 16, period: .seconds(3600), shared: true)
        #expect(bucket.burst == 8 && bucket.reserve == 2)
        var sending = Sending(wall: 0, meters: [:])
        var new = 0
        while bucket.wait(in: sending, keeping: bucket.reserve) == nil, new < 100 {
            bucket.take(in: &sending)
            new += 1
        }
        var returning = 0
        while bucket.wait(in: sending) == nil, returning < 100 {
            bucket.take(in: &sending)
            returning += 1
        }
        #expect(new == 6 && returning == 2)
    }

    /// A meter a hostile or damaged store holds — the bucket's instant a year ahead — is as
    /// good as an empty bucket, never a fuller one, and never a longer wait than an empty one.
    @Test func aBucketFullFarAheadCountsAsEmpty() {
        let bucket = Bucket(name: "budget global day", cap: 4, period: .seconds(86_400), shared: true)
        let year = 365 * 86_400 * Self.second
        let sending = Sending(
            wall: 0, meters: [bucket.name: Meter(stamp: year, value: 0, expires: year)])
        // Two at once from 4, one every 86,400 s / 3: an empty bucket waits one interval.
        #expect(bucket.wait(in: sending) == .seconds(28_800))
    }

    @Test func aCountHalvesEveryHalfLifeAndIsForgottenOnceNegligible() {
        let count = DecayingCount(name: "sent +861700123", halfLife: .seconds(3600))
        var sending = Sending(wall: 0, meters: [:])
        for _ in 0..<8 { count.add(1, in: &sending) }
        #expect(count.value(in: sending) == 8)
        sending = later(sending, by: 3600)
        #expect(count.value(in: sending) == 4)
        #expect(count.time(toDecayTo: 1, in: sending) == .seconds(7200))
        count.add(1, in: &sending)
        #expect(count.value(in: later(sending, by: 3600)) == 2.5)
        // 5 decays below a twentieth in log2(5 / 0.05) = 6.64 half-lives.
        #expect(later(sending, by: 23_900).meters.count == 1)
        #expect(later(sending, by: 24_000).meters.isEmpty)
    }
}
