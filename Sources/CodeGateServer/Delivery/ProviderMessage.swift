import CodeGateBase
import CodeGateGateway
import CodeGateProtocol

/// The bytes a provider receives for one message: `{"id", "to", "text", "created"}` as one line
/// of JSON (docs/gateway.md), the webhook's body and the command's standard input alike.
enum ProviderMessage {
    /// The JSON of `message`.
    static func body(of message: OutboxMessage) -> [UInt8] {
        JSONValue.object([
            (ProviderField.id, .string(message.id)), (ProviderField.to, .string(message.recipient.e164)),
            (ProviderField.text, .string(message.text)),
            (ProviderField.created, .integer(Int(message.created.components.seconds))),
        ]).encoded
    }

    /// The signature header's value for `body` sent at `timestamp` (seconds since 1970) under
    /// `key`: `sha256=` and the hex HMAC-SHA256 of "TIMESTAMP.BODY".
    static func signature(of body: [UInt8], timestamp: Int64, key: [UInt8]) -> String {
        let digest = HMAC.sha256(key: key, Array("\(timestamp).".utf8) + body)
        return ProviderHeader.signatureScheme + Hex.encode(digest)
    }
}
