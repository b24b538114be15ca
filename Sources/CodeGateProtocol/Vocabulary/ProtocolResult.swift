/// The verdict of "check a code" (`result`).
package enum ProtocolResult: String, CaseIterable, Sendable {
    case verified
    case wrongCode = "wrong_code"
    case expired
    case locked
    case noCode = "no_code"
}
