/// A request's body: "send a code" to `phone`, or, with `code`, "check `code` for `phone`".
package struct CodeRequest: Equatable, Sendable {
    /// The number, in E.164.
    package var phone: String
    /// The digits to check; nil for "send a code".
    package var code: String?

    /// A request for `phone`, to check `code` when there is one.
    package init(phone: String, code: String? = nil) {
        self.phone = phone
        self.code = code
    }

    /// The body as sent.
    package var json: JSONValue {
        let code = code.map { [(ProtocolField.code, JSONValue.string($0))] } ?? []
        return .object([(ProtocolField.phone, .string(phone))] + code)
    }
}
