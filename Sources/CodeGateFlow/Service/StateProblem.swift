import CodeGateCore
#if canImport(Glibc)
import Glibc
#endif

/// Why the embedded gateway cannot keep its state just now, in the words users see. The
/// gateway then fails closed: it refuses to send a code it could not remember, since after a
/// restart it would send another at once, and to check one whose guesses it could not count.
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

    /// The seconds until the problem is over, when it says.
    public var secondsLeft: Int? {
        switch self {
        case .crowded(let seconds), .recovering(let seconds): seconds
        default: nil
        }
    }

    /// The problem behind a system call's errno.
    init(errno code: Int32) {
        switch code {
        case ENOSPC, EDQUOT: self = .full
        case EROFS: self = .readOnly
        default: self = .other
        }
    }

    /// The problem behind a state file or folder refused.
    init(_ error: StateFileError) {
        switch error.reason {
        case .system(_, let code): self.init(errno: code)
        case .folderNotPrivate: self = .folder
        default: self = error.isFolder ? .folder : .other
        }
    }

    /// The sentence shown in the window.
    public var message: String {
        switch self {
        case .folder: localized("状态文件夹不能使用，暂时无法发送或核对验证码")
        case .full: localized("磁盘已满，暂时无法发送或核对验证码")
        case .readOnly: localized("状态文件夹只读，暂时无法发送或核对验证码")
        case .busy: localized("另一个 CodeGate 正在使用验证码记录，请稍后再试")
        case .other: localized("无法读写验证码记录，暂时无法发送或核对验证码")
        case .crowded(let seconds) where seconds > 120:
            localized("验证码记录已满，请 {0} 分钟后再试", "验证码记录已满，请 {0} 分钟后再试", count: (seconds + 59) / 60).filling((seconds + 59) / 60)
        case .crowded(let seconds): localized("验证码记录已满，请 {0} 秒后再试", "验证码记录已满，请 {0} 秒后再试", count: seconds).filling(seconds)
        case .recovering(let seconds) where seconds > 120:
            localized("验证码记录损坏后已重建，为免重复发送，请 {0} 分钟后再试", "验证码记录损坏后已重建，为免重复发送，请 {0} 分钟后再试",
                      count: (seconds + 59) / 60).filling((seconds + 59) / 60)
        case .recovering(let seconds):
            localized("验证码记录损坏后已重建，为免重复发送，请 {0} 秒后再试", "验证码记录损坏后已重建，为免重复发送，请 {0} 秒后再试",
                      count: seconds).filling(seconds)
        }
    }
}
