/// Everything the slide-to-unlock control shows, computed by `SlideUnlock`.
public struct SliderState: Equatable, Sendable {
    /// Where the slider stands in its check.
    public enum Phase: Equatable, Sendable {
        /// Waiting for a slide; the thumb rests or is held somewhere on the track.
        case locked
        /// Let go early: the thumb is on its way back to the start.
        case gliding
        /// The check is passed.
        case unlocked
    }

    /// The thumb's position, 0…1.
    public let position: Double
    /// Locked, gliding or unlocked.
    public let phase: Phase
    /// The text on the track.
    public let hint: String
    /// What a screen reader calls the control: it says whether the check is passed.
    public let accessibleName: String
    /// The position in words, instead of a bare fraction.
    public let valueText: String
    /// What a screen reader hears besides the name: how to pass the check, how far the thumb
    /// is after a step, or that it went back. GTK 4.8 sends no event for a range's value, so
    /// this, which changes with each step, is what is heard.
    public let description: String
    /// The text on the track while the control has keyboard focus: how to pass the check by
    /// keyboard, or how far the thumb is in steps — or, dragged by the pointer, the hint itself:
    /// a pointer user sees where the thumb is, and counts no steps.
    public let focusHint: String

    /// Describes what the control shows.
    public init(
        position: Double, phase: Phase, hint: String, accessibleName: String, valueText: String, description: String,
        focusHint: String
    ) {
        self.position = position
        self.phase = phase
        self.hint = hint
        self.accessibleName = accessibleName
        self.valueText = valueText
        self.description = description
        self.focusHint = focusHint
    }
}
