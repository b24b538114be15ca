import CodeGateGateway
import CodeGateBase

/// Tells this gateway when another gateway on the database queued, postponed or finished a
/// message: each such transaction sends `NOTIFY codegate_outbox` at its commit, and this
/// gateway's courier then makes a pass. So a message whose gateway died before delivering it is
/// taken up by the others (once its retry or lease is due) without waiting for a request of
/// their own, and a timer set for another gateway's lease is dropped once that gateway is done.
/// No polling: the connection sits idle until the server writes to it.
///
/// It listens on a connection of its own, which does nothing else. When that connection fails
/// (the server restarted, or cannot be reached), it tries again `firstRetry` later, then after
/// twice as long each time up to `longestRetry`, and once listening again it makes a pass for
/// what it may have missed meanwhile.
@MainActor
final class PostgresOutboxListener: OutboxListener {
    /// The wait before listening again after a failure: a restarting server is back by then.
    static let firstRetry: Duration = .seconds(2)
    /// The longest wait, for a server that stays away: it is not polled.
    static let longestRetry: Duration = .seconds(600)

    private let store: PostgresStore
    private let timers: any TimerPort
    private let watch: SharedState.Watch
    private let changed: @MainActor () -> Void
    private var connection: PostgresConnection?
    /// The thread its connection is opened on.
    private let worker = BlockingWorker(name: "codegate-listen")
    private var opening = false
    private var unwatch: (@MainActor () -> Void)?
    private var retry: (any ScheduledTimer)?
    private var wait: Duration = .zero
    private var stopped = false

    /// A listener on `store`'s database that runs `changed` when another gateway's transaction
    /// changed the outbox (not this gateway's own), its socket watched by `watch`, its retries
    /// timed by `timers`. It listens from the first `listen()`.
    init(
        store: PostgresStore, timers: any TimerPort, watch: @escaping SharedState.Watch,
        changed: @escaping @MainActor () -> Void
    ) {
        self.store = store
        self.timers = timers
        self.watch = watch
        self.changed = changed
    }

    /// Listens, unless it does already, is connecting, waits to try again, or was stopped: the
    /// connection opens on a thread of its own while the gateway goes on serving. A failure is
    /// said once, as the store says its own, and so is listening again after one.
    func listen() {
        guard connection == nil, retry == nil, !stopped, !opening else { return }
        opening = true
        Task.immediate {
            await self.open()
            self.opening = false
        }
    }

    private func open() async {
        let deadline = ContinuousClock.now + PostgresStore.callTimeout
        do {
            let opened = try await PostgresConnection.open(url: store.url, deadline: deadline, on: worker)
            try await opened.run("LISTEN \(PostgresStore.channel)", until: deadline)
            guard !stopped else { return }
            connection = opened
            unwatch = watch(opened.socket) { [weak self] in self?.readable() }
        } catch {
            guard !stopped else { return }
            store.remember("cannot listen for the other gateways' messages: \(error)")
            tryAgainLater()
            return
        }
        guard wait > .zero else { return }
        wait = .zero
        store.remember("listening for the other gateways' messages again")
        changed()
    }

    /// Stops listening for good: no retry, the watch ends and the connection closes.
    func stop() {
        stopped = true
        retry?.cancel()
        retry = nil
        close()
    }

    private func readable() {
        guard let senders = connection?.takeNotifications() else {
            close()
            store.remember("lost the connection that listens for the other gateways' messages")
            tryAgainLater()
            return
        }
        let own = store.backendID
        if senders.contains(where: { $0 != own }) { changed() }
    }

    private func tryAgainLater() {
        wait = min(Self.longestRetry, max(Self.firstRetry, wait * 2))
        retry = timers.schedule(at: timers.now + wait) { [weak self] in
            self?.retry = nil
            self?.listen()
        }
    }

    private func close() {
        unwatch?()
        unwatch = nil
        connection = nil
    }
}
