import CodeGateBase
import CodeGateProtocol
/// What came back for one request, as far as the protocol looks at it: the status, the few
/// headers it defines, and the body, already bounded by the reader.
package struct HTTPAnswer: Equatable {
    /// The status code.
    package var status: Int
    /// `Content-Type` as sent, if any.
    var contentType: String?
    /// `Retry-After` as sent, if any.
    package var retryAfter: String?
    /// `Idempotent-Replayed` as sent, if any.
    var replayed: String?
    var body: [UInt8]

    /// Whether the body is JSON in UTF-8: `application/json`, with no charset or `utf-8`.
    var isJSON: Bool {
        guard let contentType else { return false }
        let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
        guard parts[0].trimmingSpaces.lowercased() == ProtocolHeader.jsonType else { return false }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return false }
            if pair[0].trimmingSpaces.lowercased() == "charset" {
                let charset = pair[1].trimmingSpaces.lowercased()
                guard charset == "utf-8" || charset == "\"utf-8\"" else { return false }
            }
        }
        return true
    }

    /// `Retry-After` in seconds when it is the delay form, from 1 to a day; the HTTP-date form
    /// is none the protocol uses.
    package var retryAfterSeconds: Int? {
        guard let text = retryAfter?.trimmingSpaces, !text.isEmpty, text.count <= 6, text.allSatisfy(\.isASCIIDigit),
              let seconds = Int(text), (1...ProtocolLimit.longestWait).contains(seconds)
        else { return nil }
        return seconds
    }

    /// The members of the body's JSON object, if it is one by its type and its content, with
    /// at most one object inside (the error body's).
    var json: [String: JSONScalar]? {
        isJSON ? try? JSONReader.object(body, nesting: 1) : nil
    }
}

extension StringProtocol {
    /// Without the spaces and tabs HTTP allows around header values and their parts.
    var trimmingSpaces: String {
        let isText = { (character: Character) in character != " " && character != "\t" }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
        return String(self[first...last])
    }
}
