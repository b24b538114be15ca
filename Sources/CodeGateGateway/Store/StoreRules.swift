import CodeGateService

/// The one policy every store keeps its state under (`CodeStore.update`), over any driver's
/// transaction: a closed store refuses, what no rule needs is forgotten, a damaged row is
/// dropped with a line, a new number waits for room, and only what changed is written.
@MainActor
package enum StoreRules {
    /// The most clients whose rate is tracked at once, on every store: a newcomer beyond them
    /// is admitted, and those closest to a whole allowance are forgotten to make room.
    package nonisolated static let maxClients = 4096

    /// Runs `decide` on `number`'s record — and on the reply kept under `replyKey`, and on the
    /// meters named `meters` — inside `transaction`, writing back what it changed. A refusal
    /// of the store's own (`StateProblem.recovering`, `.crowded`) keeps nothing decided.
    /// `challenge` is spent only when `decide` sends a code (`Sending.spendsChallenge`), after
    /// it decided: a request refused leaves no row behind, so a flood of them cannot fill the
    /// store. When another request had spent it, `decide` is asked again, seeing so in
    /// `Sending.challengeSpentElsewhere`, and nothing is written — a request refused is asked
    /// too, so a replay is told as one whatever the number's rules say.
    package static func update<Transaction: StoreTransaction, Answer>(
        in transaction: Transaction, _ number: PhoneNumber, replyKey: String?, meters names: [String],
        challenge: ChallengeSpend?, _ decide: (inout GatewayRecord?, inout GatewayReply?, inout Sending) -> Answer
    ) async throws(Transaction.Failure) -> Result<Answer, StateProblem> {
        if let wait = try await transaction.closedTime() { return .failure(.recovering(secondsLeft: wait)) }
        try await transaction.prune(except: number)
        let (exists, stored) = try await transaction.record(of: number)
        if exists && stored == nil { transaction.reportDamagedRecord() }
        let kept = stored.flatMap { $0.isKept ? $0 : nil }
        var record = kept
        var storedReply: GatewayReply?
        if let replyKey { storedReply = try await transaction.reply(for: replyKey) }
        var reply = storedReply
        let read = try await transaction.meters(names)
        let wall = transaction.now.wall.wholeNanoseconds
        var sending = Sending(wall: wall, meters: read)
        sending.challengeSpentElsewhere = challenge?.hasExpired(at: transaction.now) ?? false
        let answer = decide(&record, &reply, &sending)
        // A new number when all those kept still matter: nothing decided is kept.
        if !exists, let record, record.isKept, let wait = try await transaction.waitForRoom() {
            return .failure(.crowded(secondsLeft: wait))
        }
        if let challenge, !sending.challengeSpentElsewhere,
            try await sending.spendsChallenge ? !transaction.spend(challenge) : transaction.hasSpent(challenge)
        {
            var record = kept
            var reply = storedReply
            var replayed = Sending(wall: wall, meters: read)
            replayed.challengeSpentElsewhere = true
            return .success(decide(&record, &reply, &replayed))
        }
        try await transaction.write(sending.meters, over: read)
        if let message = sending.message {
            try await transaction.enqueue(message.sms, id: message.id, lifetime: message.lifetime)
        }
        if let replyKey, reply != storedReply {
            try await transaction.store(reply, for: replyKey)
        }
        if let record, record.isKept {
            // A record decided as it was read (a request in its cooldown, a locked code) is not
            // written again: only what changed costs a write.
            if record != stored { try await transaction.save(record, for: number) }
        } else if exists {
            try await transaction.delete(number)
        }
        return .success(answer)
    }
}
