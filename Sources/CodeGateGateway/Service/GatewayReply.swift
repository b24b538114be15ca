import CodeGateBase
import CodeGateService
/// What the gateway remembers of a request it answered with a code, under the request's
/// idempotency key: for which number, how long ago, the times it answered with, and its code's
/// salt, which its verification id is made again from (`IssuedCode`). A client
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
    /// The salt of the code it sent.
    package var codeSalt: [UInt8]

    /// The most keys kept; those answered longest ago go first.
    package static let capacity = 10_000

    /// Whether the key is still remembered: as long as its code lives, or its cooldown runs.
    package var isKept: Bool { age < max(cooldown, lifetime) }

    /// The answer again, with what is left of its times (each at least a second) and the same
    /// verification id, made under `key`.
    func receiptLeft(key: [UInt8]) -> CodeReceipt {
        CodeReceipt(
            cooldown: .seconds(max(1, (cooldown - age).secondsRoundedUp)),
            validFor: .seconds(max(1, (lifetime - age).secondsRoundedUp)),
            verificationID: IssuedCode.verificationID(salt: codeSalt, key: key))
    }
}
