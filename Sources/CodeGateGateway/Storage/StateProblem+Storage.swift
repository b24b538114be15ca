import CodeGateBase
import CodeGateService
#if canImport(Glibc)
import Glibc
#endif

// What the state folder's errors mean to the gateway's rules: the store's failures, as the
// service reports them.
extension StateProblem {
    /// The problem behind a system call's errno.
    package init(errno code: Int32) {
        switch code {
        case ENOSPC, EDQUOT: self = .full
        case EROFS: self = .readOnly
        default: self = .other
        }
    }

    /// The problem behind a state file or folder refused.
    package init(_ error: StateFileError) {
        switch error.reason {
        case .system(_, let code): self.init(errno: code)
        case .folderNotPrivate: self = .folder
        default: self = error.isFolder ? .folder : .other
        }
    }
}
