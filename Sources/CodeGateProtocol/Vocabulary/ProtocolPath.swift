/// The protocol's paths (docs/protocol.md), each written here once for the client and the
/// gateway. A path is absolute, as the gateway routes it; the client puts it under the
/// server's base URL with `relative`.
package enum ProtocolPath {
    /// `POST`: a challenge to solve before sending a code.
    package static let challenges = "/v1/challenges"
    /// `POST`: send a code.
    package static let codes = "/v1/codes"
    /// `POST`: check a code.
    package static let verify = "/v1/codes/verify"
    /// `GET`: whether the gateway can keep its state now.
    package static let health = "/healthz"
    /// `GET`: the gateway's counters for Prometheus.
    package static let metrics = "/metrics"
    /// Every path the gateway answers.
    package static let all = [challenges, codes, verify, health, metrics]

    /// `path` without its leading slash, to resolve under a base URL that may have a path.
    package static func relative(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }
}
