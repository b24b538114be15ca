import CodeGateProtocol
import CodeGateService

extension ChallengeRefusal {
    /// The status and kind the protocol answers this refusal with (docs/protocol.md, "Errors"):
    /// the one table the gateway words it by and the client reads it back from.
    package var wire: (status: Int, kind: ProtocolErrorKind) {
        switch self {
        case .required: (400, .challengeRequired)
        case .invalid: (403, .challengeInvalid)
        case .expired: (403, .challengeExpired)
        case .unsolved: (403, .challengeUnsolved)
        case .replayed: (403, .challengeReplayed)
        }
    }

    /// The refusal an answer of `status` and `kind` says; nil when it says none.
    package init?(status: Int, kind: ProtocolErrorKind) {
        guard let refusal = Self.allCases.first(where: { $0.wire == (status, kind) }) else { return nil }
        self = refusal
    }
}
