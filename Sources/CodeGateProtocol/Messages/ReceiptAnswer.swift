/// The body of a sent code's answer (201, or 200 replayed).
package struct ReceiptAnswer: Equatable, Sendable {
    /// Seconds until the number may ask again.
    package var cooldownSeconds: Int
    /// Seconds the code stays valid.
    package var expiresInSeconds: Int
    /// What the requester sends back with the code.
    package var verificationID: String

    /// An answer naming the two times and the verification id.
    package init(cooldownSeconds: Int, expiresInSeconds: Int, verificationID: String) {
        self.cooldownSeconds = cooldownSeconds
        self.expiresInSeconds = expiresInSeconds
        self.verificationID = verificationID
    }

    /// The body as sent.
    package var json: JSONValue {
        .object([
            (ProtocolField.cooldownSeconds, .integer(cooldownSeconds)),
            (ProtocolField.expiresInSeconds, .integer(expiresInSeconds)),
            (ProtocolField.verificationID, .string(verificationID)),
        ])
    }
}
