import CSoup

/// The SoupMessage of one protocol call: a POST of a JSON body.
enum SoupPost {
    /// A POST of `body` (JSON) to `path` resolved under `base` (a GUri), with `headers`; nil
    /// when GLib cannot resolve the path. The caller owns the message.
    @MainActor
    static func message(to path: String, under base: OpaquePointer, body: [UInt8], headers: [(String, String)]) -> OpaquePointer? {
        guard let uri = g_uri_parse_relative(base, path, G_URI_FLAGS_NONE, nil) else { return nil }
        defer { g_uri_unref(uri) }
        guard let message = soup_message_new_from_uri("POST", uri) else { return nil }
        // The protocol has no redirects: a 3xx is a bad answer, and a POST that carries a code
        // is never re-sent to wherever a Location points.
        // Idempotent, so libsoup may send it on an idle kept-alive connection (it opens a new
        // one for every other POST, lest a connection the server just closed make it re-send
        // one): a code request carries its Idempotency-Key, and a check of a code re-sent
        // after a dropped connection is what the user's own retry would be.
        soup_message_add_flags(message, SoupMessageFlags(SOUP_MESSAGE_NO_REDIRECT.rawValue | SOUP_MESSAGE_IDEMPOTENT.rawValue))
        let requestHeaders = soup_message_get_request_headers(message)
        for (name, value) in headers {
            soup_message_headers_replace(requestHeaders, name, value)
        }
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        soup_message_set_request_body_from_bytes(message, "application/json; charset=utf-8", bytes)
        g_bytes_unref(bytes)
        return message
    }
}
