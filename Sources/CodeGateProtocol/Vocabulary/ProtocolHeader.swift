/// The headers the protocol reads or writes beyond a plain JSON exchange's.
package enum ProtocolHeader {
    /// "Send a code": the client's key for the request, so a retry sends no second SMS.
    package static let idempotencyKey = "Idempotency-Key"
    /// `true` on an answer repeated for a key seen before.
    package static let idempotentReplayed = "Idempotent-Replayed"
    /// The seconds to wait, on a 429 and a 503 that knows.
    package static let retryAfter = "Retry-After"
    /// The language the client would read the error sentences in, and the one they are in.
    package static let acceptLanguage = "Accept-Language"
    package static let contentLanguage = "Content-Language"
    /// The client behind a trusted reverse proxy.
    package static let forwardedFor = "X-Forwarded-For"
    /// Every body, both ways.
    package static let jsonType = "application/json"
}
