/// A request's body: "send a code" to `phone`, with a challenge and its solution, or, with
/// `code`, "check `code` for `phone`" under the `verificationID` the code's request was
/// answered with.
package struct CodeRequest: Equatable, Sendable {
    /// The number, in E.164.
    package var phone: String
    /// "Send a code": the challenge as the server issued it; nil for none.
    package var challenge: String?
    /// With `challenge`: its solution.
    package var solution: Int?
    /// The digits to check; nil for "send a code".
    package var code: String?
    /// With `code`: what binds the check to the request that sent the code.
    package var verificationID: String?

    /// A request for `phone`, to check `code` under `verificationID` when there is one.
    package init(
        phone: String, challenge: String? = nil, solution: Int? = nil, code: String? = nil,
        verificationID: String? = nil
    ) {
        self.phone = phone
        self.challenge = challenge
        self.solution = solution
        self.code = code
        self.verificationID = verificationID
    }

    /// The body as sent.
    package var json: JSONValue {
        let code = code.map { [(ProtocolField.code, JSONValue.string($0))] } ?? []
        let id = verificationID.map { [(ProtocolField.verificationID, JSONValue.string($0))] } ?? []
        let challenge = challenge.map { [(ProtocolField.challenge, JSONValue.string($0))] } ?? []
        let solution = solution.map { [(ProtocolField.solution, JSONValue.integer($0))] } ?? []
        return .object([(ProtocolField.phone, .string(phone))] + challenge + solution + code + id)
    }
}
