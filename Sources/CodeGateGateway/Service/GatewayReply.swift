import CodeGateCore
import CodeGateService
/// What the gateway remembers of a request it answered with a code, under the request's
/// idempotency key: for which number, how long ago, and the times it answered with. A client
/// that never got the answer (a timeout, a reset) sends the key again and gets the same answer
/// back, with what is left of those times, instead of a second SMS — from this process or any
/// other on the same state, before or after a restart.
package struct GatewayReply: Equatable {
    /// The number the key's request was for.
    package var number: PhoneNumber
    /// How long ago it was answered, at the transaction's moment.
    package var age: Duration
    /// The cooldown and lifetime it was answered with.
    package var cooldown: Duration
    package var lifetime: Duration

    /// The most keys kept; those answered longest ago go first.
    package static let capacity = 10_000

    /// Whether the key is still remembered: as long as its code lives, or its cooldown runs.
    package var isKept: Bool { age < max(cooldown, lifetime) }

    /// The answer again, with what is left of its times (each at least a second).
    var receiptLeft: CodeReceipt {
        CodeReceipt(
            cooldown: .seconds(max(1, (cooldown - age).secondsRoundedUp)),
            validFor: .seconds(max(1, (lifetime - age).secondsRoundedUp)))
    }
}
