import CodeGateCore

/// The gateway's limit on requests per client: at most `limit` in any minute (a sliding
/// window), so one misbehaving client cannot have the gateway hammer the SMS provider or try
/// codes by the thousand. Clients are told how long to wait.
struct RateLimiter {
    /// Requests a minute per client; 0 turns the limit off.
    let limit: Int
    static let window: Duration = .seconds(60)
    /// The most clients tracked; beyond it, those idle for a whole window are forgotten.
    static let maxClients = 1024

    private var recent: [String: [ContinuousClock.Instant]] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a request from `client` at `now`: nil when it is admitted, else the whole seconds
    /// until it would be.
    mutating func admit(_ client: String, at now: ContinuousClock.Instant) -> Int? {
        guard limit > 0 else { return nil }
        if recent[client] == nil && recent.count >= Self.maxClients {
            recent = recent.filter { $0.value.last.map { $0.duration(to: now) < Self.window } ?? false }
            // Still full of active clients: a newcomer waits a window.
            if recent.count >= Self.maxClients { return Int((Self.window.components.seconds)) }
        }
        var times = recent[client, default: []].filter { $0.duration(to: now) < Self.window }
        if times.count >= limit {
            recent[client] = times
            return max(1, (Self.window - times[0].duration(to: now)).secondsRoundedUp)
        }
        times.append(now)
        recent[client] = times
        return nil
    }
}
