import CodeGateCore
/// The control that needs the user next, as `CodeFlow.focusMoves` tells it.
public enum FlowFocus: Equatable, Sendable {
    /// The phone number field: starting over.
    case phone
    /// The slider: a request failed or was asked for before the slide, so a slide comes next.
    case slider
    /// The code field: a code is on its way.
    case code
    /// The completion message and its "start over" button.
    case completion
}
