import CodeGateBase
import CGLib
import Glibc

/// The app's `TimerPort`: each scheduled action is one GLib source on the default main
/// context, removed once it has run or been cancelled.
///
/// The source watches a timerfd on `CLOCK_BOOTTIME`, the clock `ContinuousClock` reads: unlike
/// a GLib timeout, which runs on the monotonic clock that stops during a suspend, it fires as
/// soon as the machine resumes when its time passed while it slept, so the countdown is right
/// on the first frame after a resume.
@MainActor
public final class GLibTimerPort: TimerPort {
    /// The sources of timers not yet run or cancelled, for tests that check nothing is left.
    fileprivate(set) var liveSources: Set<guint> = []

    /// A port on the default main context.
    public init() {}

    public var now: ContinuousClock.Instant { .now }

    public func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @MainActor () -> Void)
        -> any ScheduledTimer
    {
        let timer = BootTimer(port: self)
        let delay = max(.nanoseconds(1), ContinuousClock.now.duration(to: deadline))
        timer.started(Self.addSource(after: delay) { [weak timer] in
            timer?.ended()
            action()
        })
        return timer
    }

    /// A source that runs `fired` once after `delay` on the boot clock. Should the kernel
    /// refuse a timerfd (out of descriptors), a GLib timeout does the same job, minus the
    /// suspend-awareness.
    private static func addSource(after delay: Duration, _ fired: @escaping @MainActor () -> Void) -> guint {
        let fd = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else {
            let (seconds, attoseconds) = delay.components
            let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: milliseconds), { data in
                UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
                return 0 // G_SOURCE_REMOVE
            }, ClosureBox.retain(fired), releaseClosureBox)
        }
        let (seconds, attoseconds) = delay.components
        var setting = itimerspec()
        setting.it_value = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        timerfd_settime(fd, 0, &setting, nil)
        return g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, G_IO_IN,
            { _, _, data in
                UIThread.assume {
                    ClosureBox<(fd: Int32, fired: @MainActor () -> Void)>.unbox(data)?.value.fired()
                }
                return 0  // G_SOURCE_REMOVE
            }, ClosureBox.retain((fd: fd, fired: fired)),
            { data in
                // The descriptor lives as long as the source that watches it.
                UIThread.assume {
                    if let fd = ClosureBox<(fd: Int32, fired: @MainActor () -> Void)>.unbox(data)?.value.fd {
                        close(fd)
                    }
                }
                releaseClosureBox(data)
            })
    }
}

/// One action scheduled on a `GLibTimerPort`.
@MainActor
private final class BootTimer: ScheduledTimer {
    private weak var port: GLibTimerPort?
    /// The GLib source, 0 once it has run or been cancelled.
    private var sourceID: guint = 0

    init(port: GLibTimerPort) {
        self.port = port
    }

    /// The source now waits to run the action.
    func started(_ source: guint) {
        sourceID = source
        port?.liveSources.insert(source)
    }

    /// The source is gone: it ran, or was removed.
    func ended() {
        port?.liveSources.remove(sourceID)
        sourceID = 0
    }

    func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        ended()
    }
}
