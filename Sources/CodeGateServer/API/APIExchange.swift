import CodeGateProtocol

/// A request as the gateway's API sees it, whatever carried it: the HTTP server fills it in
/// from libsoup's message, tests directly.
struct APIRequest {
    var method: String
    /// The path alone, without the query.
    var path: String
    var contentType: String?
    var idempotencyKey: String?
    var acceptLanguage: String?
    var body: [UInt8]
    /// Who sent it (the peer's address), for the rate limit.
    var client: String

    init(
        method: String = "POST", path: String, contentType: String? = ProtocolHeader.jsonType,
        idempotencyKey: String? = nil, acceptLanguage: String? = nil, body: [UInt8] = [], client: String = "127.0.0.1"
    ) {
        self.method = method
        self.path = path
        self.contentType = contentType
        self.idempotencyKey = idempotencyKey
        self.acceptLanguage = acceptLanguage
        self.body = body
        self.client = client
    }
}

/// An answer: its status, the headers of its own (the server adds the content type and
/// `Cache-Control`) and its JSON body.
struct APIAnswer: Equatable {
    var status: Int
    var headers: [(String, String)]
    var body: JSONValue
    /// The number the request was about, masked (`PhoneNumber.masked`), for the request log;
    /// not part of what the client gets.
    var subject: String? = nil

    static func == (a: APIAnswer, b: APIAnswer) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.elementsEqual(b.headers) { $0 == $1 }
    }

    /// The error body's kind, if the answer is a refusal.
    var errorKind: String? {
        guard case .object(let members) = body,
            case .object(let error)? = members.first(where: { $0.0 == ProtocolField.error })?.1,
            case .string(let kind)? = error.first(where: { $0.0 == ProtocolField.kind })?.1
        else { return nil }
        return kind
    }

    /// The value of the header `name`, if the answer has one.
    func header(_ name: String) -> String? {
        headers.first { $0.0 == name }?.1
    }
}
