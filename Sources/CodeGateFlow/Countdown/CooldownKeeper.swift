import CodeGateBase
import CodeGateCore
/// Keeps a `Countdown` across restarts of the app: resumes the cooldown its store holds, saves
/// each cooldown that starts and clears the store when it ends — because the countdown ends
/// itself on its timers, this holds whether or not anything displays it.
@MainActor
package final class CooldownKeeper {
    private let countdown: Countdown
    private let store: any CooldownStore
    private let moment: @MainActor () -> SystemMoment
    private var savedDeadline: ContinuousClock.Instant?
    private var observation: ObservationToken?

    /// Resumes the cooldown saved in `store`, if one is still running, and keeps `countdown`'s
    /// cooldowns there from now on. `moment` reads the machine's clocks.
    package init(
        countdown: Countdown, store: any CooldownStore, moment: @escaping @MainActor () -> SystemMoment = { .now() }
    ) {
        self.countdown = countdown
        self.store = store
        self.moment = moment
        if let saved = store.load() {
            countdown.resume(remaining: saved.remaining(at: moment()), of: saved.total)
        }
        savedDeadline = countdown.deadline
        if !countdown.isCounting {
            store.clear()
        }
        observation = countdown.changes.add { [weak self] in self?.countdownChanged() }
    }

    /// Stops keeping the countdown; what is saved stays saved.
    public func stop() {
        if let observation {
            countdown.changes.remove(observation)
        }
        observation = nil
    }

    private func countdownChanged() {
        guard countdown.deadline != savedDeadline else { return }
        savedDeadline = countdown.deadline
        if countdown.isCounting {
            store.save(SavedCooldown(remaining: countdown.remaining, total: countdown.total, at: moment()))
        } else {
            store.clear()
        }
    }
}
