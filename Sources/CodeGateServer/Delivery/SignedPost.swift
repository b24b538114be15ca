import CodeGateBase
import CSoup
import CodeGateGateway
import CodeGateProtocol

/// One signed POST to a webhook the operator configured — the SMS provider's
/// (`WebhookProvider`) or the alerts' (`AlertWebhook`): the body signed with the shared key
/// (`ProviderHeader`), on one libsoup session on the main loop. Any 2xx is taken; 429 (with
/// its `Retry-After`), 5xx, no connection and no answer within `attemptLimit` are worth a
/// retry; any other status refuses the body for good. Redirects are not followed: a signed
/// body goes where it was configured to, or nowhere.
@MainActor
final class SignedPost {
    /// The longest one attempt may take, connection and answer included.
    static let attemptLimit: Duration = .seconds(10)

    private let session: UnsafeMutablePointer<SoupSession>
    private let url: String
    private let key: [UInt8]
    private let timers: any TimerPort
    private let wallClock: @MainActor () -> Duration

    /// Posts to `url` (checked as a `ServiceURL` is: `https://`, or `http://` to this
    /// machine), signing with `key`; `wallClock` gives the signature's timestamp.
    init(url: String, key: [UInt8], timers: any TimerPort, wallClock: @escaping @MainActor () -> Duration) {
        self.url = url
        self.key = key
        self.timers = timers
        self.wallClock = wallClock
        session = soup_session_new()
        soup_session_set_user_agent(session, "codegate-gateway")
    }

    isolated deinit {
        soup_session_abort(session)
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Posts `body` (JSON) once.
    func post(_ body: [UInt8]) async -> DeliveryOutcome {
        let timestamp = Int64(wallClock().components.seconds)
        guard let request = soup_message_new("POST", url) else { return .rejected(reason: "bad_url") }
        defer { g_object_unref(UnsafeMutableRawPointer(request)) }
        soup_message_add_flags(request, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(request)
        soup_message_headers_replace(headers, ProviderHeader.timestamp, String(timestamp))
        soup_message_headers_replace(
            headers, ProviderHeader.signature, ProviderMessage.signature(of: body, timestamp: timestamp, key: key))
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        soup_message_set_request_body_from_bytes(request, "application/json; charset=utf-8", bytes)
        g_bytes_unref(bytes)

        let cancellable = g_cancellable_new()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        var timedOut = false
        let deadline = timers.schedule(at: timers.now + Self.attemptLimit) {
            timedOut = true
            g_cancellable_cancel(cancellable)
        }
        defer { deadline.cancel() }
        let session = session
        let answered = await AsyncCall.run(
            start: { callback, data in
                soup_session_send_async(session, request, G_PRIORITY_DEFAULT, cancellable, callback, data)
            },
            finish: { result -> Bool in
                var error: UnsafeMutablePointer<GError>?
                guard let stream = soup_session_send_finish(session, result, &error) else {
                    if let error { g_error_free(error) }
                    return false
                }
                // The body is not read: the status says it all, and the connection is then closed.
                g_object_unref(UnsafeMutableRawPointer(stream))
                return true
            })
        guard answered else { return .retry(reason: timedOut ? "timeout" : "unreachable", after: nil) }
        let status = Int(soup_message_get_status(request).rawValue)
        switch status {
        case 200...299: return .delivered
        case 429:
            let wait = soup_message_headers_get_one(
                soup_message_get_response_headers(request), ProtocolHeader.retryAfter
            )
            .flatMap { Int(String(cString: $0)) }.flatMap { (0...86_400).contains($0) ? Duration.seconds($0) : nil }
            return .retry(reason: "status_429", after: wait)
        case 500...599: return .retry(reason: "status_5xx", after: nil)
        default: return .rejected(reason: "status_\(status)")
        }
    }
}
