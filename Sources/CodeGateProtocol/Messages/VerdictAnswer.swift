/// The body of "check a code"'s answer (200).
package struct VerdictAnswer: Equatable, Sendable {
    /// What checking found.
    package var result: ProtocolResult
    /// With `wrong_code`: the guesses left.
    package var attemptsLeft: Int?

    /// A verdict, with the guesses left when it is `wrong_code`.
    package init(_ result: ProtocolResult, attemptsLeft: Int? = nil) {
        self.result = result
        self.attemptsLeft = attemptsLeft
    }

    /// The body as sent.
    package var json: JSONValue {
        .object([(ProtocolField.result, .string(result.rawValue))]
            + (attemptsLeft.map { [(ProtocolField.attemptsLeft, JSONValue.integer($0))] } ?? []))
    }
}
