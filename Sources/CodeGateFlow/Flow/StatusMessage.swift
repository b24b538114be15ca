import CodeGateCore
/// A line of feedback shown inline under a control.
public struct StatusMessage: Equatable, Sendable {
    /// How the line is styled.
    public enum Kind: Equatable, Sendable {
        case info, success, error
    }

    /// The sentence.
    public let text: String
    /// Info, success or error.
    public let kind: Kind

    /// Describes a line of feedback.
    public init(_ text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }
}
