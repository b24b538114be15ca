/// The ways the slide-to-unlock thumb can be asked to move.
public enum SlideInput: Equatable, Sendable {
    /// The pointer drags the thumb itself.
    case drag
    /// An arrow key moves it by one step, pressed again and again or held down.
    case step
    /// Page Up/Down.
    case page
    /// Home/End.
    case boundary
    /// A jump without a drag: a click on the trough or a mouse-wheel turn.
    case jump

    /// Only deliberate, continuous movement counts as a human sliding: a drag, or arrow-key
    /// steps all the way to the end. Jumps of any kind would unlock with one click.
    public var canMoveThumb: Bool {
        switch self {
        case .drag, .step: true
        case .page, .boundary, .jump: false
        }
    }
}
