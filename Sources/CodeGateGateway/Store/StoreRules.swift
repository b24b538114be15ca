import CodeGateService

/// The one policy every store keeps its state under (`CodeStore.update`), over any driver's
/// transaction: a closed store refuses, what no rule needs is forgotten, a damaged row is
/// dropped with a line, a new number waits for room, and only what changed is written.
@MainActor
package enum StoreRules {
    /// Runs `decide` on `number`'s record — and on the reply kept under `replyKey`, and on the
    /// spending of `budgets` — inside `transaction`, writing back what it changed. A refusal
    /// of the store's own (`StateProblem.recovering`, `.crowded`) keeps nothing decided.
    /// `challenge` is spent first, before any row of the number's is read, and `decide` sees
    /// in `Sending.challengeSpentElsewhere` whether another request had.
    package static func update<Transaction: StoreTransaction, Answer>(
        in transaction: Transaction, _ number: PhoneNumber, replyKey: String?, budgets: [BudgetWindow],
        challenge: ChallengeSpend?, _ decide: (inout GatewayRecord?, inout GatewayReply?, inout Sending) -> Answer
    ) async throws(Transaction.Failure) -> Result<Answer, StateProblem> {
        if let wait = try await transaction.closedTime() { return .failure(.recovering(secondsLeft: wait)) }
        // First: on PostgreSQL a second spender waits here for the first's commit, holding no
        // counter row the first may need.
        var spentElsewhere = false
        if let challenge {
            spentElsewhere = challenge.hasExpired(at: transaction.now)
            if !spentElsewhere { spentElsewhere = try await !transaction.spend(challenge) }
        }
        try await transaction.prune(except: number)
        let (exists, stored) = try await transaction.record(of: number)
        if exists && stored == nil { transaction.reportDamagedRecord() }
        var record = stored.flatMap { $0.isKept ? $0 : nil }
        var storedReply: GatewayReply?
        if let replyKey { storedReply = try await transaction.reply(for: replyKey) }
        var reply = storedReply
        let read = try await transaction.budgets(budgets)
        var sending = read
        sending.challengeSpentElsewhere = spentElsewhere
        let answer = decide(&record, &reply, &sending)
        // A new number when all those kept still matter: nothing decided is kept.
        if !exists, let record, record.isKept, let wait = try await transaction.waitForRoom() {
            return .failure(.crowded(secondsLeft: wait))
        }
        try await transaction.spend(sending.spent, over: read.spent)
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
