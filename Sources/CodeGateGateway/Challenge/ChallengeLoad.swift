#if canImport(Glibc)
import Glibc
#endif

/// How hard this gateway's challenges are now: their work rises with the rate they are asked
/// for, in levels as mCaptcha's do, so a script that pumps pays more for each request the harder
/// it pushes, while a person, whose app solves the challenge while they type and slide, never
/// waits: the highest level asks 16 times the work (800,000 hashes at most by default, a few
/// tens of milliseconds for the app). The rate is this gateway's own — the challenges it issued
/// lately, halving every minute — so it costs no store call and needs no shared state: each
/// gateway behind a balancer sees its share of an attack.
struct ChallengeLoad {
    /// The challenges issued lately, decayed to `at`.
    private var count = 0.0
    private var at: Duration?

    /// The time in which the count halves.
    static let halfLife: Duration = .seconds(60)

    /// From each rate of challenges a second on, the work is multiplied by its factor.
    static let levels: [(perSecond: Double, factor: Int)] = [(5, 2), (20, 4), (80, 8), (320, 16)]

    /// Counts a challenge issued at `now` (the wall clock) and returns the factor its work is
    /// multiplied by, as the rate stood before it.
    mutating func issue(at now: Duration) -> Int {
        if let at, now > at { count *= exp2(-((now - at) / Self.halfLife)) }
        at = max(at ?? now, now)
        // A steady rate r leaves r × halfLife / ln 2 in the count.
        let rate = count * log(2) / (Self.halfLife / .seconds(1))
        count += 1
        return Self.levels.last { rate >= $0.perSecond }?.factor ?? 1
    }
}
