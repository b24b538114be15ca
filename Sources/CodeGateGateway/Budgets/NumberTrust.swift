import CodeGateBase
import CodeGateService

/// Which numbers are returning ones: a number that verified codes at two moments at least
/// `wait` apart, the later within `memory`. Trust takes time to earn, so an attacker who reads
/// his own texts and types every code gains none in an attack: a number verified minutes ago
/// is still a new one. A returning number passes the guard's suspensions and throttles
/// (`PumpingGuard`) and may spend the part of a shared budget new numbers cannot
/// (`Bucket.reserve`), so an attack on new numbers never locks it out — but never more than the
/// budget: faked conversions raise no one's allowance, and its own number budget still counts.
///
/// One meter per number that verified a code lately: its first verification in `value`, its
/// last in `stamp`, forgotten `memory` after the last.
public struct NumberTrust: Equatable, Sendable {
    /// The least time between two verifications that makes a number a returning one; zero
    /// makes none.
    public var wait: Duration

    /// The trust a gateway runs with when its budgets file says nothing of it: a day, so a
    /// number is a returning one once it verified codes on two days.
    public static let builtIn = NumberTrust(wait: .seconds(86_400))

    /// No number is a returning one.
    public static let off = NumberTrust(wait: .zero)

    /// How long after its last verification a number is remembered.
    public static let memory: Duration = .seconds(30 * 86_400)

    /// Trust earned over `wait`.
    public init(wait: Duration) {
        self.wait = wait
    }

    /// The meter of `number`; none when trust is off.
    package func meters(for number: PhoneNumber) -> [String] {
        wait > .zero ? [Self.meter(number)] : []
    }

    /// Whether `number` is a returning one, as `sending` read its meter.
    package func isReturning(_ number: PhoneNumber, in sending: Sending) -> Bool {
        guard wait > .zero, let meter = sending.meters[Self.meter(number)] else { return false }
        return meter.stamp - meter.value >= wait.wholeNanoseconds
    }

    /// Remembers that `number` verified a code at `sending`'s moment.
    package func countVerified(for number: PhoneNumber, in sending: inout Sending) {
        guard wait > .zero else { return }
        let first = sending.meters[Self.meter(number)].map { min($0.value, sending.wall) } ?? sending.wall
        sending.meters[Self.meter(number)] = Meter(
            stamp: sending.wall, value: first, expires: sending.wall + Self.memory.wholeNanoseconds)
    }

    private static func meter(_ number: PhoneNumber) -> String {
        "trust " + number.e164
    }
}
