import CodeGateBase

/// A number's record as every store keeps it, after the number itself: its columns, their
/// kinds, and the record to and from their values — written once for every driver.
package enum RecordColumns {
    /// The columns, in order, as SQL lists them.
    package static let list = "boot_id, issued_boot, issued_wall, cooldown, lifetime, attempts_left, salt, digest"
    /// What each column holds, in order.
    package static let kinds: [StoreValue.Kind] = [
        .text, .integer, .integer, .integer, .integer, .integer, .bytes, .bytes,
    ]

    /// `record`'s values at `now`: when it was issued on both clocks, its rules, its code.
    package static func values(of record: GatewayRecord, at now: SystemMoment) -> [StoreValue] {
        let issued = StoredInstant(record.age, before: now)
        let code = record.storedCode
        return [
            .text(issued.bootID), .integer(issued.boot), .integer(issued.wall),
            .integer(record.cooldown.wholeNanoseconds), .integer(record.lifetime.wholeNanoseconds),
            code.map { .integer($0.attempts) } ?? .null, code.map { .bytes($0.salt) } ?? .null,
            code.map { .bytes($0.digest) } ?? .null,
        ]
    }

    /// The record in `values`, its age measured at `now`; nil when any value is not one a
    /// record holds.
    package static func record(from values: [StoreValue], at now: SystemMoment) -> GatewayRecord? {
        guard values.count == kinds.count, case .text(let bootID) = values[0], case .integer(let boot) = values[1],
            case .integer(let wall) = values[2], case .integer(let cooldown) = values[3],
            case .integer(let lifetime) = values[4]
        else { return nil }
        let code: (Int64, [UInt8], [UInt8])?
        switch (values[5], values[6], values[7]) {
        case (.null, .null, .null): code = nil
        case (.integer(let attempts), .bytes(let salt), .bytes(let digest)): code = (attempts, salt, digest)
        default: return nil
        }
        return GatewayRecord(
            stored: StoredInstant(bootID: bootID, boot: boot, wall: wall), cooldown: cooldown, lifetime: lifetime,
            code: code, at: now)
    }
}
