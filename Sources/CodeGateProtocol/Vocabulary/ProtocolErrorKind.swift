/// An error answer's machine-readable `kind` (docs/protocol.md, "Errors").
package enum ProtocolErrorKind: String, CaseIterable, Sendable {
    case invalidRequest = "invalid_request"
    case invalidPhone = "invalid_phone"
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case lengthRequired = "length_required"
    case payloadTooLarge = "payload_too_large"
    case unsupportedMediaType = "unsupported_media_type"
    case idempotencyMismatch = "idempotency_mismatch"
    /// The number belongs to a country or region the gateway sends no codes to.
    case regionNotServed = "region_not_served"
    /// The number is not on a mobile line (fixed, premium-rate, shared-cost, VoIP…), which is
    /// never texted.
    case notAMobileNumber = "not_a_mobile_number"
    /// `POST /v1/codes` without a challenge: a client from before them.
    case challengeRequired = "challenge_required"
    /// A challenge the server did not issue for sending a code, or signed wrongly.
    case challengeInvalid = "challenge_invalid"
    /// A challenge past its expiry.
    case challengeExpired = "challenge_expired"
    /// A solution that does not solve its challenge.
    case challengeUnsolved = "challenge_unsolved"
    /// A challenge another request spent.
    case challengeReplayed = "challenge_replayed"
    case cooldown
    case rateLimited = "rate_limited"
    /// The number's own budget of text messages is spent for this hour or day.
    case numberBudget = "number_budget_exhausted"
    /// The budget of text messages to the number's country calling code (prefix) is spent for
    /// now.
    case countryBudget = "country_budget_exhausted"
    /// The budget of text messages to all numbers is spent for now.
    case globalBudget = "global_budget_exhausted"
    /// The client's own budget of text messages is spent for now.
    case clientBudget = "client_budget_exhausted"
    /// The number's block, range or segment of numbers is suspended for a while: codes sent
    /// there went unverified, as those of SMS pumping do.
    case prefixSuspended = "prefix_suspended"
    /// The number's block, range or segment of numbers is throttled for a while: far more codes
    /// went there than its history makes usual, verified or not.
    case prefixThrottled = "prefix_throttled"
    case `internal`
    /// The store holds as many numbers as it may, each still live.
    case storeFull = "store_full"
    /// A damaged store was set aside; it opens again once the cooldowns it held are over.
    case stateRecovering = "state_recovering"
    case stateUnavailable = "state_unavailable"
}
