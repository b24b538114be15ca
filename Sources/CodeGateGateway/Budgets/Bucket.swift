import CodeGateBase

/// A budget kept as a bucket (the generic cell rate algorithm): at most `cap` messages in any
/// `period`, however its start is chosen. The bucket holds `burst` messages and takes one back
/// every `interval`; it is one instant in the store — when it is full again — so it refills
/// smoothly instead of opening all at once when a calendar hour or day begins, and no two
/// budgets turn over at the same moment.
///
/// In any span of `period`, a full bucket gives its `burst`, then one an `interval`: `burst +
/// ⌈period / interval⌉ − 1`, which `interval` makes exactly `cap` whatever the burst. A budget
/// many numbers share gives half its cap at once, so that a burst never closes it for the rest
/// of the period; one number's or one client's gives all of it, then one a period. A `reserve`
/// may be kept back from some spenders: the part of a shared budget new numbers cannot take,
/// which returning ones still can (`NumberTrust`).
package struct Bucket: Equatable, Sendable {
    /// The meter in the store: "budget prefix +86 hour".
    package let name: String
    /// Messages in any span of `period`; 0 is none at all.
    package let cap: Int
    /// The span the cap counts over: an hour or a day.
    package let period: Duration

    /// An hour.
    package static let hour: Duration = .seconds(3600)
    /// A day.
    package static let day: Duration = .seconds(86_400)

    /// The messages a full bucket gives at once: at least one, at most `cap`.
    package let burst: Int

    /// A bucket for `cap` messages in any `period`, kept under `name`; `shared` by many numbers,
    /// it gives half of them at once (rounded up), else all.
    package init(name: String, cap: Int, period: Duration, shared: Bool) {
        self.name = name
        self.cap = cap
        self.period = period
        burst = max(1, shared ? (cap + 1) / 2 : cap)
    }

    /// What a shared budget keeps back for returning numbers: a quarter of what it gives at once.
    package var reserve: Int { burst / 4 }

    /// The time in which the bucket takes one message back, in nanoseconds.
    private var interval: Int64 { period.wholeNanoseconds / Int64(max(1, cap - burst + 1)) }

    /// Nil when a message may go at `sending`'s moment with `kept` messages of the bucket left
    /// in it; else how long until one may.
    package func wait(in sending: Sending, keeping kept: Int = 0) -> Duration? {
        guard cap > 0 else { return period }
        let excess = full(in: sending) + interval - sending.wall - Int64(burst - min(kept, burst - 1)) * interval
        return excess > 0 ? .nanoseconds(excess) : nil
    }

    /// Takes one message from the bucket.
    package func take(in sending: inout Sending) {
        let full = full(in: sending) + interval
        sending.meters[name] = Meter(stamp: full, value: 0, expires: full)
    }

    /// The moment the bucket is full again (its theoretical arrival time): now when it is full
    /// or the store forgot it. One further ahead than the whole bucket is no instant of ours: as
    /// good as an empty bucket, never a fuller one.
    private func full(in sending: Sending) -> Int64 {
        guard let stamp = sending.meters[name]?.stamp, stamp > sending.wall else { return sending.wall }
        return min(stamp, sending.wall + Int64(burst) * interval)
    }
}
