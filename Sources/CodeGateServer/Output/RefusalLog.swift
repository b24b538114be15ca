import CodeGateBase

/// The request log, with refusals said once a window: a line for each request served, but a
/// refusal (4xx, 5xx) of a kind — method, path, status and error kind — already said within the
/// last `window` is only counted, and the count said in one line when that window ends
/// (`… ×N more in the last 10 s`). An attacker's refusals once wrote 11.2 MB in a minute; now
/// each kind costs two lines a window, whatever the rate.
///
/// One alarm, set only while a count waits to be said, for the first window to end: an idle
/// gateway wakes for nothing. At most `maxKinds` kinds are held (an attacker may make a new one
/// with each path); refusals of any other kind meanwhile are counted together as `otherKind`.
@MainActor
final class RefusalLog {
    /// How long after a kind was said its next refusals are only counted.
    nonisolated static let window: Duration = .seconds(10)
    /// The most kinds held at once, besides `otherKind`.
    static let maxKinds = 64
    /// The kind refusals are counted under once `maxKinds` others are held.
    static let otherKind = "other refusals"

    /// A kind said at `began`, and the refusals of it counted since.
    private struct Said {
        let began: ContinuousClock.Instant
        /// The order kinds were said in, for the order of their summaries.
        let order: Int
        var more = 0

        var ends: ContinuousClock.Instant { began + RefusalLog.window }
    }

    private let timers: any TimerPort
    private let write: @MainActor (String) -> Void
    private let alarm: Alarm
    private var said: [String: Said] = [:]
    private var saidCount = 0
    /// When the alarm is set for, while it is.
    private var alarmDeadline: ContinuousClock.Instant?

    /// A log that writes its lines with `write` and keeps its windows on `timers`.
    init(timers: any TimerPort, write: @escaping @MainActor (String) -> Void) {
        self.timers = timers
        self.write = write
        alarm = Alarm(timers: timers)
    }

    /// Logs `line`, a request's line, answered with `status`: a refusal of `kind` said within
    /// the window is counted instead of written.
    func log(_ line: String, status: Int, kind: String) {
        guard status >= 400 else { return write(line) }
        let now = timers.now
        // A window that ended before its alarm ran (the loop was busy) is closed first, so that
        // no count is said for more than its window.
        closeWindows(endedBy: now)
        let held = said.count - (said[Self.otherKind] == nil ? 0 : 1)
        let key = said[kind] != nil || held < Self.maxKinds ? kind : Self.otherKind
        guard said[key] != nil else {
            write(line)
            saidCount += 1
            said[key] = Said(began: now, order: saidCount)
            return
        }
        said[key]?.more += 1
        if let ends = said[key]?.ends, alarmDeadline.map({ ends < $0 }) ?? true { setAlarm(at: ends) }
    }

    /// Says every count still waiting, over the time its window has run so far, and forgets
    /// every window: the gateway is stopping.
    func flush() {
        say(said, at: timers.now)
        said = [:]
        alarm.cancel()
        alarmDeadline = nil
    }

    private func setAlarm(at deadline: ContinuousClock.Instant) {
        alarmDeadline = deadline
        alarm.set(at: deadline) { [weak self] in
            guard let self else { return }
            alarmDeadline = nil
            closeWindows(endedBy: self.timers.now)
        }
    }

    /// Says the counts of the windows ended by `now` and forgets them; the alarm is then set
    /// for the next window with a count, or left unset.
    private func closeWindows(endedBy now: ContinuousClock.Instant) {
        let ended = said.filter { $0.value.ends <= now }
        guard !ended.isEmpty else { return }
        say(ended, at: now)
        for key in ended.keys { said[key] = nil }
        let next = said.values.filter { $0.more > 0 }.map(\.ends).min()
        guard next != alarmDeadline else { return }
        if let next {
            setAlarm(at: next)
        } else {
            alarm.cancel()
            alarmDeadline = nil
        }
    }

    /// One line for each of `windows` with refusals counted, in the order their kinds were
    /// said: how many, over the window's time until `now` (in whole seconds, at most the window).
    private func say(_ windows: [String: Said], at now: ContinuousClock.Instant) {
        for (kind, entry) in windows.sorted(by: { $0.value.order < $1.value.order }) where entry.more > 0 {
            let seconds = max(1, min(Self.window, entry.began.duration(to: now)).secondsRoundedUp)
            write("\(kind) ×\(entry.more) more in the last \(seconds) s")
        }
    }
}
