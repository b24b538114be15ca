/// The rules that tie the slider to the request button: one place, so the widgets only render
/// and forward input.
///
/// A request needs an unlocked slider and no running cooldown; when the cooldown ends the slider
/// locks again, so every request needs a fresh slide.
@MainActor
public final class CodeFlow {
    /// The human check.
    public let slider: SlideUnlock
    /// The request button's cooldown.
    public let countdown: Countdown
    /// How long the button stays disabled after a request.
    public let cooldown: Duration
    /// Called when `canRequest` may have changed.
    public let changes = ObserverList()

    /// Creates the flow over a slider and a countdown that share one clock.
    public init(slider: SlideUnlock, countdown: Countdown, cooldown: Duration) {
        self.slider = slider
        self.countdown = countdown
        self.cooldown = cooldown
        slider.changes.add { [weak self] in self?.changes.notify() }
        countdown.changes.add { [weak self] in self?.countdownChanged() }
    }

    /// Whether the request button may be pressed now.
    public var canRequest: Bool { slider.isUnlocked && !countdown.isCounting }

    /// Requests a code: starts the cooldown. Ignored when a request is not allowed, so a second
    /// click can never start a second request.
    public func requestCode() {
        guard canRequest else { return }
        countdown.start(duration: cooldown)
    }

    private func countdownChanged() {
        if !countdown.isCounting {
            slider.lock()
        }
        changes.notify()
    }
}
