import CodeGateCore

/// SplitMix64: a small seeded generator, so codes in tests are repeatable.
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ManualClock {
    /// Lets other tasks run until `count` of them sleep on this clock. Bounded: gives up after
    /// a generous number of turns, and the test's expectations then fail.
    func waitForSleepers(_ count: Int) async {
        for _ in 0..<100_000 where sleeperCount < count {
            await Task.yield()
        }
    }
}

extension PhoneNumber {
    /// A valid mainland number.
    static let sample = PhoneNumber.check("13800138000").number!
}
