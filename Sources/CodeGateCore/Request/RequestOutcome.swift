/// How a request button's last request cycle came out: what a screen reader should hear where
/// the focus is, once, as it happens.
public enum RequestOutcome: Sendable {
    /// The request was answered; its cooldown runs.
    case sent(Duration)
    /// The request failed or timed out, with the app's error or a `RequestTimeout`.
    case failed(any Error)
    /// The cooldown ended: a new code may be requested.
    case cooldownEnded
}
