import CodeGateBase
import CodeGateCore
import CodeGateService

/// The code last sent, as far as the flow knows: to which number, and until when it can be
/// used. It tells `spent` once that code is no use any more — verified, locked by wrong
/// guesses, found expired or gone, or past its lifetime — so that whatever still shows it (a
/// desktop notification) can take it away. A newer code is not told: it takes the older one's
/// place wherever that showed.
@MainActor
final class SentCode {
    /// Told once the code last sent can no longer be used.
    let spent = ObserverList<Void>()
    private var number: PhoneNumber?
    private let timers: any TimerPort
    private let expiry: Alarm

    /// Nothing sent yet; the lifetime runs on `timers`.
    init(timers: any TimerPort) {
        self.timers = timers
        expiry = Alarm(timers: timers)
    }

    /// A code went to `number`, valid for `lifetime` from now: it replaces the one before.
    func sent(to number: PhoneNumber, lifetime: Duration) {
        self.number = number
        expiry.set(at: timers.now + lifetime) { [weak self] in self?.end() }
    }

    /// A code typed for `number` was checked with `result`: anything but a wrong guess with
    /// tries left means the code sent there cannot be used any more.
    func checked(_ result: VerificationResult, for number: PhoneNumber) {
        guard number == self.number else { return }
        switch result {
        case .wrongCode: return
        case .verified, .expired, .locked, .noCodeRequested: end()
        }
    }

    private func end() {
        number = nil
        expiry.cancel()
        spent.notify()
    }
}
