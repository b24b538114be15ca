/// The body of a sent code's answer (201, or 200 replayed).
package struct ReceiptAnswer: Equatable, Sendable {
    /// Seconds until the number may ask again.
    package var cooldownSeconds: Int
    /// Seconds the code stays valid.
    package var expiresInSeconds: Int

    /// An answer naming the two times.
    package init(cooldownSeconds: Int, expiresInSeconds: Int) {
        self.cooldownSeconds = cooldownSeconds
        self.expiresInSeconds = expiresInSeconds
    }

    /// The body as sent.
    package var json: JSONValue {
        .object([
            (ProtocolField.cooldownSeconds, .integer(cooldownSeconds)),
            (ProtocolField.expiresInSeconds, .integer(expiresInSeconds)),
        ])
    }
}
