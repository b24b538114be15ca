import CodeGateService

/// What the gateway's HTTP API asks of the gateway behind it: a code under an idempotency
/// key, worded in the request's language; a check; each client's rate; and its health.
/// `LocalCodeService` is the one, on any `CodeStore`.
@MainActor
package protocol GatewayService: AnyObject {
    /// A code for `number`
    /// (`LocalCodeService.requestCode(for:idempotencyKey:client:proof:wording:)`).
    func requestCode(
        for number: PhoneNumber, idempotencyKey key: String?, client: String?, proof: ChallengeProof?,
        wording: SMSWording
    ) async throws(CodeServiceError) -> KeyedReceipt
    /// A fresh challenge for a request for a code; nil when the gateway asks for none.
    func challenge() throws(CodeServiceError) -> IssuedChallenge?
    /// Checks `code` for `number` under `verificationID` (`CodeService.verify`).
    func verify(_ code: String, for number: PhoneNumber, verificationID: String) async throws(CodeServiceError)
        -> VerificationResult
    /// Counts a request from `client` against `limit` a minute: nil when admitted, else the
    /// whole seconds until it would be.
    func admit(_ client: String, limit: Int) async throws(CodeServiceError) -> Int?
    /// What a request would meet now; nil when the gateway is healthy.
    func healthProblem() async -> StateProblem?
}

extension LocalCodeService: GatewayService {}
