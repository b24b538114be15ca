/// The body of every error answer: `{"error": {"kind", "message"[, "retry_after_seconds"]}}`.
package struct ErrorAnswer: Equatable, Sendable {
    /// What went wrong, for programs.
    package var kind: ProtocolErrorKind
    /// What went wrong, for people, in the answer's language.
    package var message: String
    /// The seconds to wait, when the error says.
    package var retryAfterSeconds: Int?

    /// An error of `kind`, worded `message`, naming a wait when there is one.
    package init(kind: ProtocolErrorKind, message: String, retryAfterSeconds: Int? = nil) {
        self.kind = kind
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The body as sent.
    package var json: JSONValue {
        var error: [(String, JSONValue)] = [
            (ProtocolField.kind, .string(kind.rawValue)), (ProtocolField.message, .string(message)),
        ]
        if let retryAfterSeconds { error.append((ProtocolField.retryAfterSeconds, .integer(retryAfterSeconds))) }
        return .object([(ProtocolField.error, .object(error))])
    }
}
