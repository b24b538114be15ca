import CodeGateCore
/// Where a running cooldown is written down, so that a restarted app shows what is really
/// left: a file in the app, memory in tests.
@MainActor
public protocol CooldownStore: AnyObject {
    /// The saved cooldown, if there is a readable one.
    func load() -> SavedCooldown?
    /// Replaces whatever was saved with `record`.
    func save(_ record: SavedCooldown)
    /// Forgets the saved cooldown.
    func clear()
}
