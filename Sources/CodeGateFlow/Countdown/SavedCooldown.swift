import CodeGateBase
import CodeGateCore
/// A running cooldown written down, so that a restarted app shows what is really left.
///
/// Within the same boot the end is kept on the boot clock, which neither stops during a suspend
/// nor moves when someone sets the wall clock; after a reboot only the wall clock can tell.
///
/// A record comes from a file anyone with the user's rights can edit, so reading one checks
/// every field and nothing in here traps, whatever the numbers: a damaged record is refused or
/// clamped, never a crash at every start.
public struct SavedCooldown: Equatable, Sendable {
    /// The shortest cooldown a record may hold, the same as `--duration` allows.
    public static let shortest: Duration = .seconds(1)
    /// The longest cooldown a record may hold, the same as `--duration` allows: a longer total
    /// in a file is damage, not a cooldown to honour for years.
    public static let longest: Duration = .seconds(3600)

    /// The boot the boot-clock end belongs to; empty when unknown.
    public let bootID: String
    /// When the cooldown ends, on the boot clock.
    public let bootEnd: Duration
    /// When the cooldown ends, on the wall clock.
    public let wallEnd: Duration
    /// The cooldown's whole length, for the fill: within `shortest`…`longest`.
    public let total: Duration

    /// Records a cooldown with `remaining` of `total` left at `moment`. `total` is clamped to
    /// `shortest`…`longest` and `remaining` to zero…`total`, and a boot id a record cannot hold
    /// is dropped (the wall clock then tells), so that the record reads back.
    package init(remaining: Duration, total: Duration, at moment: SystemMoment) {
        let total = min(Self.longest, max(Self.shortest, total))
        let remaining = min(total, max(.zero, remaining))
        bootID = SystemMoment.recordedBootID(moment.bootID) ?? ""
        bootEnd = moment.boot + remaining
        wallEnd = moment.wall + remaining
        self.total = total
    }

    /// What is left of the cooldown at `moment`, between zero and its whole length: an end
    /// further away than a whole cooldown (the clock was set back, or the file lies) counts as
    /// a whole cooldown.
    package func remaining(at moment: SystemMoment) -> Duration {
        moment.isSameBoot(as: bootID)
            ? left(until: bootEnd, from: moment.boot) : left(until: wallEnd, from: moment.wall)
    }

    /// `end - now` clamped to zero…`total`, compared before subtracting so that no moment, however
    /// far off, can overflow.
    private func left(until end: Duration, from now: Duration) -> Duration {
        if now >= end { return .zero }
        if now <= end - total { return total }
        return end - now
    }

    private static let magic = "codegate-cooldown-1"

    /// The record as one line of text.
    public var text: String {
        [
            Self.magic, SystemMoment.bootIDField(bootID), "\(bootEnd.wholeNanoseconds)", "\(wallEnd.wholeNanoseconds)",
            "\(total.wholeNanoseconds)",
        ].joined(separator: " ") + "\n"
    }

    /// A record is one short line; anything longer is not one, and is not split into fields.
    private static let longestText = 256

    /// Ends on either clock, in nanoseconds: not before the clock's start, and far enough from
    /// `Int64.max` that an end plus a whole cooldown still fits in `Int64` nanoseconds.
    private static let possibleEnds: ClosedRange<Int64> = 0...(Int64.max - longest.wholeNanoseconds)

    /// Reads a record written by `text`; nil for anything else, so a damaged file is ignored.
    /// Every field is checked: the magic, a boot id of letters, digits and dashes, both ends
    /// within `possibleEnds`, and a total within `shortest`…`longest`.
    public init?(text: String) {
        guard text.utf8.count <= Self.longestText else { return nil }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 5, fields[0] == Self.magic, let bootID = SystemMoment.recordedBootID(fields[1]),
              let bootEnd = Int64(fields[2]), Self.possibleEnds.contains(bootEnd),
              let wallEnd = Int64(fields[3]), Self.possibleEnds.contains(wallEnd),
              let total = Int64(fields[4]),
              (Self.shortest.wholeNanoseconds...Self.longest.wholeNanoseconds).contains(total)
        else { return nil }
        self.bootID = bootID
        self.bootEnd = .nanoseconds(bootEnd)
        self.wallEnd = .nanoseconds(wallEnd)
        self.total = .nanoseconds(total)
    }
}
