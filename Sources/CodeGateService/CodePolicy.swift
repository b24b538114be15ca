/// The rules a gateway issues codes under: the app's embedded gateway and `codegate-gateway`
/// take them from their command lines (`PolicyOption`).
public struct CodePolicy: Equatable, Sendable {
    /// Time between two requests for the same number.
    public var cooldown: Duration = .seconds(60)
    /// How long a code stays valid.
    public var codeLifetime: Duration = .seconds(300)
    /// Wrong guesses allowed before the code is locked.
    public var maxAttempts = 5

    /// The defaults: 60 s cooldown, codes valid for 5 minutes, 5 guesses.
    public init() {}
}
