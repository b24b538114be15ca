/// A running cooldown written down, so that a restarted app shows what is really left.
///
/// Within the same boot the end is kept on the boot clock, which neither stops during a suspend
/// nor moves when someone sets the wall clock; after a reboot only the wall clock can tell.
public struct SavedCooldown: Equatable, Sendable {
    /// The boot the boot-clock end belongs to.
    public let bootID: String
    /// When the cooldown ends, on the boot clock.
    public let bootEnd: Duration
    /// When the cooldown ends, on the wall clock.
    public let wallEnd: Duration
    /// The cooldown's whole length, for the fill.
    public let total: Duration

    /// Records a cooldown with `remaining` of `total` left at `moment`.
    public init(remaining: Duration, total: Duration, at moment: SystemMoment) {
        bootID = moment.bootID
        bootEnd = moment.boot + remaining
        wallEnd = moment.wall + remaining
        self.total = total
    }

    /// What is left of the cooldown at `moment`, between zero and its whole length.
    public func remaining(at moment: SystemMoment) -> Duration {
        let left = !bootID.isEmpty && moment.bootID == bootID ? bootEnd - moment.boot : wallEnd - moment.wall
        return min(total, max(.zero, left))
    }

    private static let magic = "codegate-cooldown-1"

    /// The record as one line of text.
    public var text: String {
        [Self.magic, bootID.isEmpty ? "-" : bootID, "\(bootEnd.wholeNanoseconds)", "\(wallEnd.wholeNanoseconds)",
         "\(total.wholeNanoseconds)"].joined(separator: " ") + "\n"
    }

    /// Reads a record written by `text`; nil for anything else, so a damaged file is ignored.
    public init?(text: String) {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 5, fields[0] == Self.magic,
              let bootEnd = Int64(fields[2]), let wallEnd = Int64(fields[3]), let total = Int64(fields[4]), total > 0
        else { return nil }
        bootID = fields[1] == "-" ? "" : String(fields[1])
        self.bootEnd = .nanoseconds(bootEnd)
        self.wallEnd = .nanoseconds(wallEnd)
        self.total = .nanoseconds(total)
    }
}
