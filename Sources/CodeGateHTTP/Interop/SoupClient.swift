import CSoup

/// The one libsoup session of a service and the base URL its paths resolve under: keep-alive
/// connections, `User-Agent`, TLS through GIO's default database (glib-networking) and the
/// desktop's proxy through GIO's default resolver, which a new session uses unasked.
@MainActor
package final class SoupClient {
    private let soup: CGSoup
    private let session: UnsafeMutablePointer<SoupSession>
    private let base: OpaquePointer?

    /// A session on libsoup's functions `soup` that calls itself `userAgent`, for paths under
    /// `baseURL`.
    package init(soup: CGSoup, baseURL: String, userAgent: String) {
        self.soup = soup
        base = g_uri_parse(baseURL, G_URI_FLAGS_NONE, nil)
        session = soup.session_new()
        soup.session_set_user_agent(session, userAgent)
        // No compressed answers: a body is at most its limit as sent, not as inflated.
        soup.session_remove_feature_by_type(session, soup.content_decoder_get_type())
    }

    isolated deinit {
        soup.session_abort(session)
        g_object_unref(UnsafeMutableRawPointer(session))
        if let base {
            g_uri_unref(base)
        }
    }

    /// POSTs `body` (JSON) with `headers` to `path` under the base URL ("" for the base URL
    /// itself) and reads the answer, at most `limit` bytes of body — none with a limit of 0, the
    /// connection then closed — until `cancellation` is cancelled. Nil when GLib cannot make a
    /// URL of base and path.
    package func post(
        _ path: String, body: [UInt8], headers: [(String, String)], cancellation: Cancellation, limit: Int
    ) async -> Result<HTTPAnswer, SoupExchange.Failure>? {
        guard let message = message(path, body: body, headers: headers) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        return await SoupExchange.run(message, on: session, soup: soup, cancellable: cancellation.pointer, limit: limit)
    }

    /// Cancels every request under way and closes the idle connections.
    package func abort() {
        soup.session_abort(session)
    }

    private func message(_ path: String, body: [UInt8], headers: [(String, String)]) -> OpaquePointer? {
        guard let base, let uri = g_uri_parse_relative(base, path, G_URI_FLAGS_NONE, nil) else { return nil }
        defer { g_uri_unref(uri) }
        guard let message = soup.message_new_from_uri("POST", uri) else { return nil }
        // The protocol has no redirects: a 3xx is a bad answer, and a POST that carries a code
        // is never re-sent to wherever a Location points. Idempotent, so libsoup may send it on
        // an idle kept-alive connection (it opens a new one for every other POST, lest a
        // connection the server just closed make it re-send one): a code request carries its
        // Idempotency-Key, and a check of a code re-sent after a dropped connection is what
        // the user's own retry would be.
        soup.message_add_flags(
            message, SoupMessageFlags(SOUP_MESSAGE_NO_REDIRECT.rawValue | SOUP_MESSAGE_IDEMPOTENT.rawValue))
        let requestHeaders = soup.message_get_request_headers(message)
        for (name, value) in headers {
            soup.message_headers_replace(requestHeaders, name, value)
        }
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        soup.message_set_request_body_from_bytes(message, "application/json; charset=utf-8", bytes)
        g_bytes_unref(bytes)
        return message
    }
}
