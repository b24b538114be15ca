/// Why the embedded gateway cannot keep its state just now. The gateway then fails closed: it
/// refuses to send a code it could not remember, since after a restart it would send another
/// at once, and to check one whose guesses it could not count.
public enum StateProblem: Error, Equatable, Sendable {
    /// The state folder is not a private folder of the user's (or there is no home to put it in).
    case folder
    /// The disk (or the user's quota) is full.
    case full
    /// The file system is read-only.
    case readOnly
    /// Another CodeGate held the state longer than the gateway waits.
    case busy
    /// Anything else: no file descriptors left, an I/O error, a database of a newer CodeGate.
    case other
    /// The store holds as many numbers as it may, each still under its cooldown or with a
    /// live code: none is forgotten to make room, so a new number waits `secondsLeft`, until
    /// the first of them is over.
    case crowded(secondsLeft: Int)
    /// The state database was damaged and set aside with the cooldowns it held: no code is
    /// sent until the longest of them is surely over, in `secondsLeft`.
    case recovering(secondsLeft: Int)
    /// The database server the state is kept on cannot be reached, or did not answer in time:
    /// the gateway tries again at a request after `secondsLeft`.
    case unreachable(secondsLeft: Int)

    /// The seconds until the problem is over, when it says.
    public var secondsLeft: Int? {
        switch self {
        case .crowded(let seconds), .recovering(let seconds), .unreachable(let seconds): seconds
        default: nil
        }
    }
}
