import CodeGateGateway
import CodeGateProtocol

/// What `GET /metrics` tells a Prometheus scraper, in its text exposition format (0.0.4):
/// requests by route and status, their latency as a histogram, codes sent and open connections,
/// and with a provider, the outbox: messages pending, retries by reason, messages given up by
/// reason; and requests refused by a budget, by budget and prefix.
///
/// Counters only grow for the process's life; labels come from a fixed set (unknown paths are
/// one route, `other`), so no client can make the series grow without bound.
@MainActor
final class GatewayMetrics {
    /// The latency buckets' upper bounds, in seconds.
    static let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private var requests: [String: Int] = [:]
    private var latencyCounts = [Int](repeating: 0, count: buckets.count)
    private var latencyTotal = 0
    private var latencySum: Duration = .zero
    private var codesSent = 0
    private var retries: [String: Int] = [:]
    private var givenUp: [String: Int] = [:]
    private var budgetRefusals: [String: Int] = [:]
    private var issued: [String: Int] = [:]
    private var checked: [String: Int] = [:]
    private var numbersRefused: [String: Int] = [:]
    private var suspensions: [String: Int] = [:]

    /// The route label for `path`.
    static func route(of path: String) -> String {
        ProtocolPath.all.contains(path) ? path : "other"
    }

    /// Counts one answered request.
    func record(route: String, status: Int, took elapsed: Duration) {
        requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        for (index, bound) in Self.buckets.enumerated() where seconds <= bound {
            latencyCounts[index] += 1
        }
        latencyTotal += 1
        latencySum += elapsed
    }

    /// Counts one text message delivered.
    func codeSent() {
        codesSent += 1
    }

    /// Counts what the outbox's courier did.
    func record(_ event: CourierEvent) {
        switch event {
        case .delivered: codesSent += 1
        case .retried(let reason): retries["reason=\"\(reason)\"", default: 0] += 1
        case .gaveUp(let reason, let count): givenUp["reason=\"\(reason)\"", default: 0] += count
        }
    }

    /// Counts a suspension or throttle this gateway started. A prefix is suspended only after
    /// as many codes as the guard's threshold, and a throttle is told once per level and
    /// country while it lasts: the series grow no faster than the codes sent.
    func record(_ suspension: PrefixSuspension) {
        let kind = suspension.kind == .throttled ? "throttled" : "suspended"
        suspensions["kind=\"\(kind)\",level=\"\(suspension.level)\",prefix=\"\(suspension.prefix)\"", default: 0] += 1
    }

    /// Counts what a code request or check came to.
    func record(_ outcome: APIOutcome) {
        switch outcome {
        case .issued(let prefix): issued["prefix=\"\(prefix)\"", default: 0] += 1
        case .checked(let prefix, let result): checked["prefix=\"\(prefix)\",result=\"\(result)\"", default: 0] += 1
        case .numberRefused(let reason, let region):
            numbersRefused["reason=\"\(reason)\",region=\"\(region)\"", default: 0] += 1
        case .overBudget(let refusal): record(refusal)
        }
    }

    /// Counts a request a budget refused. Prefixes are calling codes (three digits at most) or
    /// those of the budgets file: a bounded set.
    private func record(_ refusal: BudgetRefusal) {
        let budget =
            switch refusal.kind {
            case .number: "number"
            case .country: "country"
            case .suspended: "suspended"
            case .throttled: "throttled"
            case .global: "global"
            case .client: "client"
            }
        budgetRefusals["budget=\"\(budget)\",prefix=\"\(refusal.prefix)\"", default: 0] += 1
    }

    /// The exposition text, with `connections` open now and `pending` messages in the outbox
    /// (nil: no outbox, or the store cannot say).
    func text(connections: Int, pending: Int? = nil) -> String {
        var lines = [
            "# HELP codegate_requests_total Requests answered, by route and status.",
            "# TYPE codegate_requests_total counter",
        ]
        lines += requests.keys.sorted().map { "codegate_requests_total{\($0)} \(requests[$0] ?? 0)" }
        lines += ["# HELP codegate_request_duration_seconds Time from a request's headers to its answer.",
                  "# TYPE codegate_request_duration_seconds histogram"]
        lines += zip(Self.buckets, latencyCounts).map { "codegate_request_duration_seconds_bucket{le=\"\($0)\"} \($1)" }
        let sum = Double(latencySum.components.seconds) + Double(latencySum.components.attoseconds) / 1e18
        lines += [
            "codegate_request_duration_seconds_bucket{le=\"+Inf\"} \(latencyTotal)",
            "codegate_request_duration_seconds_sum \(sum)", "codegate_request_duration_seconds_count \(latencyTotal)",
            "# HELP codegate_codes_sent_total Text messages with a code delivered (to the provider, or standard output).",
            "# TYPE codegate_codes_sent_total counter",
            "codegate_codes_sent_total \(codesSent)",
            "# HELP codegate_open_connections Client connections open now.", "# TYPE codegate_open_connections gauge",
            "codegate_open_connections \(connections)",
        ]
        if let pending {
            lines += [
                "# HELP codegate_sms_outbox_pending Text messages in the outbox, not yet delivered or given up.",
                "# TYPE codegate_sms_outbox_pending gauge", "codegate_sms_outbox_pending \(pending)",
            ]
        }
        for (name, help, counts) in [
            ("codegate_sms_retries_total", "Failed delivery attempts retried later, by reason.", retries),
            (
                "codegate_sms_given_up_total",
                "Text messages given up: their code expired first, or the provider refused them.", givenUp
            ),
            (
                "codegate_budget_refusals_total", "Code requests refused by a budget, by budget and prefix.",
                budgetRefusals
            ),
            ("codegate_codes_issued_total", "Codes issued (201), by calling code.", issued),
            (
                "codegate_verifications_total",
                "Codes checked, by calling code and result: issued against verified is a prefix's conversion.", checked
            ),
            (
                "codegate_numbers_refused_total",
                "Code requests for numbers never texted, by refusal kind and region (ZZ: none).", numbersRefused
            ),
            (
                "codegate_prefix_suspensions_total",
                "Prefixes of numbers the guard suspended (unverified codes) or throttled (volume), by kind, level and prefix.",
                suspensions
            ),
        ] {
            lines += ["# HELP \(name) \(help)", "# TYPE \(name) counter"]
            lines += counts.keys.sorted().map { "\(name){\($0)} \(counts[$0] ?? 0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
