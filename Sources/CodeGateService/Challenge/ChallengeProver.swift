import CodeGateBase

/// Keeps a solved challenge ready for the next request for a code, so that nobody waits for
/// the work: a client asks it to get ready when its person begins to slide (`prepare`), and
/// takes the proof when the request goes (`proof`), which readies the next one at once —
/// during the cooldown that follows. The same for every way a person slides: nothing here
/// knows how.
///
/// The challenge is fetched on the caller's actor and solved on a worker thread of the
/// prover's own, which sleeps between solves; nothing runs on a timer, so a window left alone
/// makes no wake-ups. A proof taken is never handed out again: the server spends it.
@MainActor
public final class ChallengeProver {
    /// Gets a fresh challenge from the server: nil when the server issues none (an older one),
    /// and requests then go without.
    public typealias Fetch = @MainActor () async throws(CodeServiceError) -> IssuedChallenge?

    /// A proof ready, or the server's word that it wants none, and until when it holds.
    private struct Ready {
        let proof: ChallengeProof?
        let goodUntil: ContinuousClock.Instant
    }

    /// How long before its expiry a challenge is no longer handed out: the time a request
    /// may take to reach the server, and then some.
    static let margin: Duration = .seconds(30)
    /// How long the word that a server issues no challenges is trusted before asking again.
    static let noneFor: Duration = .seconds(300)

    private let fetch: Fetch
    private let timers: any TimerPort
    /// Stops the solves started since the last `close`.
    private var stop = ChallengeSolver.Stop()
    private var worker: BlockingWorker?
    private var ready: Ready?
    private var making: Task<Result<Ready, CodeServiceError>, Never>?
    /// Counts the fetches started, so one a `close` let go of leaves nothing behind.
    private var started = 0

    /// A prover of the challenges `fetch` gets, timed on `timers`.
    public init(timers: any TimerPort, fetch: @escaping Fetch) {
        self.timers = timers
        self.fetch = fetch
    }

    isolated deinit {
        close()
    }

    /// Readies a proof, unless one is ready and fresh, or on its way.
    public func prepare() {
        if let ready, isFresh(ready) { return }
        ready = nil
        start()
    }

    /// A proof for one request, nil when the server wants none: the one ready when fresh,
    /// else one made now. Throws what fetching the challenge met, or `.badAnswer` when the
    /// server's challenge has no solution.
    public func proof() async throws(CodeServiceError) -> ChallengeProof? {
        if let ready, isFresh(ready) { return take(ready) }
        // What was under way may have been asked for long ago: when it comes stale, one asked
        // for now is handed out whatever its age, as none can be fresher; the server judges it.
        if let made = try await made(), isFresh(made) { return take(made) }
        guard let made = try await made() else { throw .badAnswer }
        return take(made)
    }

    /// `ready`'s proof, which its request spends: the next is readied at once. The server's
    /// "none" is kept for the next request.
    private func take(_ ready: Ready) -> ChallengeProof? {
        if ready.proof != nil {
            self.ready = nil
            start()
        }
        return ready.proof
    }

    /// The challenge under way, or one started now, once made; nil when a `close` let it go.
    private func made() async throws(CodeServiceError) -> Ready? {
        ready = nil
        start()
        guard let making else { return nil }
        // A request given up on gives up its challenge's fetch too: the next starts afresh.
        let made = await withTaskCancellationHandler {
            await making.value
        } onCancel: {
            making.cancel()
        }
        if case .failure(let error) = made { throw error }
        return ready
    }

    /// What `request` answers, given a proof; when the server refuses the proof for a reason
    /// a fresh challenge cures — it expired on its way, or a server restarted with a new key —
    /// `request` again with a fresh one, once, so the person sees no refusal of this kind.
    public func withProof<Answer>(
        _ request: (ChallengeProof?) async throws(CodeServiceError) -> Answer
    ) async throws(CodeServiceError) -> Answer {
        do {
            return try await request(try await proof())
        } catch .challengeRefused(let refusal) where refusal.isCuredByAFreshChallenge {
            close()
            return try await request(try await proof())
        }
    }

    /// Stops the solve under way and forgets the proof ready: the window that would have used
    /// it is gone, or its server refused it. A later `prepare` or `proof` starts afresh.
    public func close() {
        stop.request()
        stop = ChallengeSolver.Stop()
        making?.cancel()
        making = nil
        ready = nil
        worker = nil
    }

    private func isFresh(_ ready: Ready) -> Bool {
        timers.now < ready.goodUntil
    }

    /// Starts fetching and solving a challenge, unless that is under way.
    private func start() {
        guard making == nil else { return }
        started += 1
        let number = started
        // Main-actor code throughout, whose waits resume on the main queue: no job of it starts
        // libdispatch's workers, and none takes a loop turn more than it needs.
        making = Task { [weak self] in
            guard let self else { return .failure(.badAnswer) }
            return await makeAndKeep(number)
        }
    }

    /// A challenge fetched and solved, kept for the next proof when it was.
    private func makeAndKeep(_ number: Int) async -> Result<Ready, CodeServiceError> {
        let result = await make()
        guard number == started, making != nil else { return result }
        making = nil
        if case .success(let made) = result { ready = made }
        return result
    }

    /// A challenge fetched and solved, and until when it may be handed out.
    private func make() async -> Result<Ready, CodeServiceError> {
        let asked = timers.now
        let issued: IssuedChallenge?
        do {
            issued = try await fetch()
        } catch {
            return .failure(error)
        }
        guard let issued else { return .success(Ready(proof: nil, goodUntil: asked + Self.noneFor)) }
        let worker = worker ?? BlockingWorker(name: "codegate-solve")
        self.worker = worker
        let challenge = issued.challenge
        let stop = stop
        guard let solution = await worker.run({ ChallengeSolver.solve(challenge) { stop.isRequested } }) else {
            return .failure(.badAnswer)
        }
        // Timed from the asking, not the answer: the server's clock started no later.
        let proof = ChallengeProof(challenge: challenge, solution: solution)
        return .success(Ready(proof: proof, goodUntil: asked + issued.validFor - Self.margin))
    }
}
