/// Why a server refused the challenge a request for a code carried (docs/protocol.md,
/// "Errors"): none reaches the SMS rules, so none sends or spends anything but the challenge.
public enum ChallengeRefusal: String, CaseIterable, Equatable, Sendable {
    /// The request carried no challenge: a client from before them.
    case required
    /// Not a challenge the server issued for sending a code: malformed, of another version,
    /// algorithm or purpose, or wrongly signed.
    case invalid
    /// The challenge is past its expiry.
    case expired
    /// The solution does not solve the challenge.
    case unsolved
    /// Another request spent the challenge already.
    case replayed

    /// Whether a fresh challenge, solved, would pass where this one did not: all but
    /// `.required`, which says the client sent none.
    public var isCuredByAFreshChallenge: Bool {
        self != .required
    }
}
