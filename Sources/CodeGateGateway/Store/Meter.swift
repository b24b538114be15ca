/// One of the rows a store keeps for the gateway's rules above the numbers' own: a budget's
/// bucket, a prefix's decaying counts, a number's trust. The store knows nothing of what it
/// means: two integers and the moment it may be forgotten, all on the wall clock in
/// nanoseconds since 1970, so that every gateway on the store, on any machine, reads the same.
package struct Meter: Equatable, Sendable {
    /// When it was last changed, or what the rule keeping it stamps it with.
    package var stamp: Int64
    /// What it holds, in the rule's own unit.
    package var value: Int64
    /// When no rule needs it any more: the store forgets it then, as if it had never been.
    package var expires: Int64

    /// A meter of these values.
    package init(stamp: Int64, value: Int64, expires: Int64) {
        self.stamp = stamp
        self.value = value
        self.expires = expires
    }
}
