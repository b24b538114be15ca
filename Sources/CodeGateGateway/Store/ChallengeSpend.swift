import CodeGateBase

/// A challenge a request for a code spends in the transaction that decides on it: its salt,
/// when it expires (whole seconds of the wall clock), and the request's idempotency key, under
/// which a retry is the same request and may bring it again.
package struct ChallengeSpend: Sendable, Equatable {
    /// The challenge's salt, which names it.
    package let salt: String
    /// Its expiry, in whole seconds of the wall clock.
    package let expires: Int64
    /// The idempotency key of the request that spends it, if any.
    package let key: String?

    package init(salt: String, expires: Int64, key: String?) {
        self.salt = salt
        self.expires = expires
        self.key = key
    }

    /// Whether it has expired at `now`: then no transaction spends it, whoever asks.
    package func hasExpired(at now: SystemMoment) -> Bool {
        expires <= now.wall.components.seconds
    }
}
