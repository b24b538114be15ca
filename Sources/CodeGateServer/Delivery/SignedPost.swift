import CodeGateBase
import CodeGateGateway
import CodeGateHTTP
import CodeGateProtocol

/// One signed POST to a webhook the operator configured — the SMS provider's
/// (`WebhookProvider`) or the alerts' (`AlertWebhook`): the body signed with the shared key
/// (`ProviderHeader`), on the HTTP client's libsoup session (`SoupClient`) on the main loop. Any
/// 2xx is taken; 429 (with its `Retry-After`), 5xx, no connection and no answer within
/// `attemptLimit` are worth a retry; any other status refuses the body for good. Redirects are
/// not followed: a signed body goes where it was configured to, or nowhere.
@MainActor
final class SignedPost {
    /// The longest one attempt may take, connection and answer included.
    static let attemptLimit: Duration = .seconds(10)

    private let client: Result<SoupClient, SoupLoadError>
    private let key: [UInt8]
    private let timers: any TimerPort
    private let wallClock: @MainActor () -> Duration

    /// Posts to `url` (checked as a `ServiceURL` is: `https://`, or `http://` to this
    /// machine), signing with `key`; `wallClock` gives the signature's timestamp.
    init(url: String, key: [UInt8], timers: any TimerPort, wallClock: @escaping @MainActor () -> Duration) {
        client = SoupLibrary.functions.map { SoupClient(soup: $0, baseURL: url, userAgent: "codegate-gateway") }
        self.key = key
        self.timers = timers
        self.wallClock = wallClock
    }

    isolated deinit {
        if case .success(let client) = client { client.abort() }
    }

    /// Posts `body` (JSON) once.
    func post(_ body: [UInt8]) async -> DeliveryOutcome {
        guard case .success(let client) = client else { return .retry(reason: "no_libsoup", after: nil) }
        let timestamp = Int64(wallClock().components.seconds)
        let headers = [
            (ProviderHeader.timestamp, String(timestamp)),
            (ProviderHeader.signature, ProviderMessage.signature(of: body, timestamp: timestamp, key: key)),
        ]
        let cancellation = Cancellation()
        var timedOut = false
        let deadline = timers.schedule(at: timers.now + Self.attemptLimit) {
            timedOut = true
            cancellation.cancel()
        }
        defer { deadline.cancel() }
        // The body is not read: the status says it all.
        let outcome = await client.post("", body: body, headers: headers, cancellation: cancellation, limit: 0)
        switch outcome {
        case nil: return .rejected(reason: "bad_url")
        case .failure?: return .retry(reason: timedOut ? "timeout" : "unreachable", after: nil)
        case .success(let answer)?:
            switch answer.status {
            case 200...299: return .delivered
            case 429: return .retry(reason: "status_429", after: answer.retryAfterSeconds.map { .seconds($0) })
            case 500...599: return .retry(reason: "status_5xx", after: nil)
            default: return .rejected(reason: "status_\(answer.status)")
            }
        }
    }
}
