/// How the embedded gateway misbehaves on purpose, to try the unhappy paths in the real app.
public struct GatewaySimulation: Equatable, Sendable {
    /// A failure every request meets.
    public enum Failure: String, CaseIterable, Sendable {
        /// The gateway cannot be reached.
        case network
        /// The gateway refuses: too many requests.
        case rateLimited = "rate-limited"
        /// The gateway never answers, so the request times out.
        case timeout
    }

    /// Delay before each answer, as if over a network.
    public var latency: Duration = .zero
    /// The failure every request meets, if any.
    public var failure: Failure?

    /// A gateway that answers at once and never fails.
    public init(latency: Duration = .zero, failure: Failure? = nil) {
        self.latency = latency
        self.failure = failure
    }
}
