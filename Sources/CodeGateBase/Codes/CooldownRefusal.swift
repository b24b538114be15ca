/// An error a request handler may throw when the server refuses because the number is still
/// cooling down from an earlier request (HTTP 429 with `Retry-After`, say). The button then
/// counts down what the server says is left, rather than coming back at once and inviting a
/// request that is bound to be refused again.
public protocol CooldownRefusal: Error {
    /// How long the server says the number still cools down; nil or zero when it does not say.
    var cooldownLeft: Duration? { get }
}
