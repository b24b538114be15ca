/// Everything the request button shows, computed by `CodeFlow`.
public struct RequestButtonState: Equatable, Sendable {
    /// Where the button stands in the request cycle.
    public enum Phase: Equatable, Sendable {
        /// No request under way and no cooldown: pressable when `isSensitive`.
        case idle
        /// A request is waiting for the service.
        case sending
        /// The cooldown after a request runs.
        case counting
    }

    /// The label: "获取验证码", "发送中…" or "获取验证码(59)".
    public let text: String
    /// What a screen reader says the button is, with the seconds left while counting: a
    /// display shows each second's to a screen reader's review, but does not rename the
    /// focused button every second, which would be spoken each time.
    public let accessibleText: String
    /// Whether pressing it would request a code now.
    public let isSensitive: Bool
    /// How much of the button the fill covers, 0…1, in whole steps of the countdown's
    /// `fillResolution`, so that a display drawing it in that many pixels never needs rounding.
    public let fillFraction: Double
    /// Idle, sending or counting.
    public let phase: Phase

    /// Describes what the button shows.
    public init(text: String, accessibleText: String, isSensitive: Bool, fillFraction: Double, phase: Phase) {
        self.text = text
        self.accessibleText = accessibleText
        self.isSensitive = isSensitive
        self.fillFraction = fillFraction
        self.phase = phase
    }
}
