/// What a request that got no answer in time fails with: the button comes back at once, and
/// the failure observers hear this instead of waiting on for an answer that may never come.
public struct RequestTimeout: Error, Equatable, Sendable {
    /// The time limit that ran out.
    public let limit: Duration

    /// A request that got no answer within `limit`.
    public init(limit: Duration) {
        self.limit = limit
    }
}
