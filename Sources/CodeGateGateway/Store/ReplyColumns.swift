import CodeGateBase

/// A reply as every store keeps it under its idempotency key: its columns, their kinds, and
/// the reply to and from their values — written once for every driver.
package enum ReplyColumns {
    /// The columns, in order, as SQL lists them.
    package static let list = "number, boot_id, issued_boot, issued_wall, cooldown, lifetime, code_salt"
    /// What each column holds, in order.
    package static let kinds: [StoreValue.Kind] = [.text, .text, .integer, .integer, .integer, .integer, .bytes]

    /// `reply`'s values at `now`.
    package static func values(of reply: GatewayReply, at now: SystemMoment) -> [StoreValue] {
        let issued = StoredInstant(reply.age, before: now)
        return [
            .text(reply.number.e164), .text(issued.bootID), .integer(issued.boot), .integer(issued.wall),
            .integer(reply.cooldown.wholeNanoseconds), .integer(reply.lifetime.wholeNanoseconds),
            .bytes(reply.codeSalt),
        ]
    }

    /// The reply in `values`, its age measured at `now`; nil when any value is not one a reply
    /// holds (a reply kept before replies kept the salt has none).
    package static func reply(from values: [StoreValue], at now: SystemMoment) -> GatewayReply? {
        guard values.count == kinds.count, case .text(let e164) = values[0], case .text(let bootID) = values[1],
            case .integer(let boot) = values[2], case .integer(let wall) = values[3],
            case .integer(let cooldown) = values[4], case .integer(let lifetime) = values[5]
        else { return nil }
        let salt: [UInt8]? = if case .bytes(let bytes) = values[6] { bytes } else { nil }
        return GatewayReply(
            number: e164, stored: StoredInstant(bootID: bootID, boot: boot, wall: wall), cooldown: cooldown,
            lifetime: lifetime, codeSalt: salt, at: now)
    }
}
