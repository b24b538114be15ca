#if canImport(Glibc)
import Glibc
#endif

/// One reading of the machine's clocks, enough to carry an instant across a restart of the
/// app: the boot clock with the id of the boot it belongs to, and the wall clock.
package struct SystemMoment: Equatable, Sendable {
    /// The kernel's id of the current boot (`/proc/sys/kernel/random/boot_id`).
    package let bootID: String
    /// `CLOCK_BOOTTIME`, the clock behind `ContinuousClock` on Linux.
    package let boot: Duration
    /// `CLOCK_REALTIME`: time since the Unix epoch.
    package let wall: Duration

    /// Describes a reading.
    package init(bootID: String, boot: Duration, wall: Duration) {
        self.bootID = bootID
        self.boot = boot
        self.wall = wall
    }

    /// Whether `recordedBootID`, read from a record, names this moment's boot, so that the
    /// record's boot-clock reading can be compared with this one; an unknown boot ("") never
    /// does, and the wall clock then tells.
    package func isSameBoot(as recordedBootID: String) -> Bool {
        !recordedBootID.isEmpty && recordedBootID == bootID
    }

    /// A boot id as a state file holds it: "-" for none (read as ""), else 1 to 64 ASCII
    /// letters, digits and dashes as in `/proc/sys/kernel/random/boot_id`; nil for anything
    /// else, which makes the record damaged.
    package static func recordedBootID(_ field: some StringProtocol) -> String? {
        if field == "-" { return "" }
        guard (1...64).contains(field.utf8.count),
              field.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0.isASCIIAlphanumeric })
        else { return nil }
        return String(field)
    }

    /// The field a state file holds for `bootID`: the id, or "-" when it is unknown or is not
    /// one a record can hold.
    package static func bootIDField(_ bootID: String) -> String {
        recordedBootID(bootID).flatMap { $0.isEmpty ? nil : $0 } ?? "-"
    }

    /// Reads the clocks now.
    package static func now() -> SystemMoment {
        SystemMoment(bootID: currentBootID, boot: .reading(CLOCK_BOOTTIME), wall: .reading(CLOCK_REALTIME))
    }

    private static let currentBootID: String = {
        let descriptor = open("/proc/sys/kernel/random/boot_id", O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self).filter { !$0.isWhitespace }
    }()
}
