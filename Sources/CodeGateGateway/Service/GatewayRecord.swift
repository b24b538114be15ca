/// What the gateway remembers about one number, with the rules it was issued under: a later
/// start with other options applies those to later codes only.
package struct GatewayRecord: Equatable {
    /// How long ago its last code was requested (and issued), at the transaction's moment.
    package var age: Duration
    /// The time between two requests for the number, fixed when the code was issued.
    package var cooldown: Duration
    /// How long the code stays valid, fixed when it was issued.
    package var lifetime: Duration
    /// Its live code; nil once used.
    package var code: IssuedCode?

    /// The longest cooldown or lifetime a stored record may claim: a day, far beyond what the
    /// options allow (`PolicyOption.seconds`), so a damaged record cannot hold a number for
    /// years.
    package static let longestRule: Duration = .seconds(86_400)

    /// How long an expired code is remembered, so that typing it says it expired rather than
    /// that none was requested.
    package static let expiryMemory: Duration = .seconds(3600)

    /// Whether the record is still needed: its cooldown runs, or its code is valid or was
    /// valid less than `expiryMemory` ago.
    package var isKept: Bool {
        age < cooldown || (code != nil && age < lifetime + Self.expiryMemory)
    }
}
