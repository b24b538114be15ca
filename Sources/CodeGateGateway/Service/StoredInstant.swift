import CodeGateBase
import CodeGateService

/// An instant as a store keeps it: the boot it was read in, the boot clock and the wall clock
/// in nanoseconds (`SystemMoment`). Every store reads its rows back through here, so a row
/// that lies is refused the same way whatever database held it.
package struct StoredInstant: Equatable {
    /// The boot id field as stored ("-" for none).
    package var bootID: String
    package var boot: Int64
    package var wall: Int64

    /// An instant read from a row.
    package init(bootID: String, boot: Int64, wall: Int64) {
        self.bootID = bootID
        self.boot = boot
        self.wall = wall
    }

    /// The instant `age` before `now`, as a row keeps it.
    package init(_ age: Duration, before now: SystemMoment) {
        self.init(
            bootID: SystemMoment.bootIDField(now.bootID), boot: (now.boot - age).wholeNanoseconds,
            wall: (now.wall - age).wholeNanoseconds)
    }

    /// The time since the instant at `now`: on the boot clock within the same boot, else on the
    /// wall clock; nil when the boot id is not one a row holds. An instant in the future (the
    /// clock was set back, or the row lies) counts as now, which keeps a cooldown whole rather
    /// than lifting it. Durations hold any difference of two Int64 nanosecond counts, so this
    /// cannot overflow.
    package func age(at now: SystemMoment) -> Duration? {
        guard let recorded = SystemMoment.recordedBootID(bootID) else { return nil }
        let age = now.isSameBoot(as: recorded) ? now.boot - .nanoseconds(boot) : now.wall - .nanoseconds(wall)
        return max(.zero, age)
    }

    /// The cooldowns and lifetimes a row may claim.
    package static let rules = 0...GatewayRecord.longestRule.wholeNanoseconds
}

extension GatewayRecord {
    /// The record a row holds, its age measured at `now`: issued at `stored`, under `cooldown`
    /// and `lifetime` (nanoseconds), with its code's attempts left, salt and digest, if it has
    /// one. Nil when any field is not one a record holds: a row that lies in one place cannot
    /// be trusted in the others.
    package init?(
        stored: StoredInstant, cooldown: Int64, lifetime: Int64,
        code: (attempts: Int64, salt: [UInt8], digest: [UInt8])?,
        at now: SystemMoment
    ) {
        guard let age = stored.age(at: now), StoredInstant.rules.contains(cooldown),
            StoredInstant.rules.contains(lifetime)
        else { return nil }
        var issued: IssuedCode?
        if let (attempts, salt, digest) = code {
            guard IssuedCode.possibleAttempts.contains(Int(attempts)), salt.count == IssuedCode.saltSize,
                digest.count == IssuedCode.digestSize
            else { return nil }
            issued = IssuedCode(salt: salt, digest: digest, attemptsLeft: Int(attempts))
        }
        self.init(age: age, cooldown: .nanoseconds(cooldown), lifetime: .nanoseconds(lifetime), code: issued)
    }

    /// The row's fields for the code: its attempts left, salt and digest; nil when it has none.
    package var storedCode: (attempts: Int64, salt: [UInt8], digest: [UInt8])? {
        code.map { (Int64($0.attemptsLeft), $0.salt, $0.digest) }
    }
}

extension GatewayReply {
    /// The reply a row holds for `number` (as E.164), answered at `stored` with `cooldown` and
    /// `lifetime` (nanoseconds) and a code of `codeSalt`, its age measured at `now`; nil when
    /// any field is not one a reply holds (a reply kept before replies kept the salt has none).
    package init?(
        number e164: String, stored: StoredInstant, cooldown: Int64, lifetime: Int64, codeSalt: [UInt8]?,
        at now: SystemMoment
    ) {
        guard let number = PhoneNumber(e164: e164), let age = stored.age(at: now),
            StoredInstant.rules.contains(cooldown), StoredInstant.rules.contains(lifetime),
            let codeSalt, codeSalt.count == IssuedCode.saltSize
        else { return nil }
        self.init(
            number: number, age: age, cooldown: .nanoseconds(cooldown), lifetime: .nanoseconds(lifetime),
            codeSalt: codeSalt)
    }
}
