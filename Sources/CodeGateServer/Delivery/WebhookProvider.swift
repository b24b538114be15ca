import CodeGateBase
import CodeGateGateway

/// `--sms-webhook URL`: each attempt POSTs the message's JSON (`ProviderMessage`) to the URL,
/// signed with the shared key (`SignedPost`, which says what each answer means).
@MainActor
final class WebhookProvider: SMSProvider {
    private let poster: SignedPost

    /// A provider at `url`, signing with `key`; `wallClock` gives the signature's timestamp.
    init(url: String, key: [UInt8], timers: any TimerPort, wallClock: @escaping @MainActor () -> Duration) {
        poster = SignedPost(url: url, key: key, timers: timers, wallClock: wallClock)
    }

    func deliver(_ message: OutboxMessage) async -> DeliveryOutcome {
        await poster.post(ProviderMessage.body(of: message))
    }
}
