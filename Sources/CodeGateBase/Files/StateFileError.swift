#if canImport(Glibc)
import Glibc
#endif

/// Why a state file could not be read, written or removed. One line, for stderr or the log;
/// the path is escaped, since a path can hold any byte but NUL.
package struct StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package enum Reason: Equatable, Sendable {
        /// There is no file: the normal case before the first write, nothing to log.
        case missing
        /// The path is a symbolic link, which a state file must not be (`O_NOFOLLOW`).
        case symbolicLink
        /// The path is a FIFO, a device, a folder or a socket, named here.
        case wrongType(String)
        /// The file belongs to another user.
        case ownedByAnotherUser(uid: UInt32)
        /// Group or others may write the file; the mode is given.
        case writableByOthers(mode: UInt32)
        /// The file is larger than the limit, in bytes.
        case tooLarge(limit: Int)
        /// The file is not UTF-8 text, or holds control characters.
        case notText
        /// The path names no file (empty, ending in "/", ".", "..", or holding a NUL).
        case badPath
        /// The state folder is not one of ours that only we can use; says why.
        case folderNotPrivate(String)
        /// A system call failed with an errno.
        case system(call: String, code: Int32)
        /// The file is text, but not a record of the kind named: damaged, or written by
        /// something else.
        case notARecord(String)
    }

    /// The state file's path, or the state folder's.
    package let path: String
    /// What was wrong.
    package let reason: Reason
    /// Whether `path` is the state folder itself rather than a file in it.
    package let isFolder: Bool

    /// Describes a failure with the file (or, with `isFolder`, the state folder) at `path`.
    package init(path: String, reason: Reason, isFolder: Bool = false) {
        self.path = path
        self.reason = reason
        self.isFolder = isFolder
    }

    /// Whether the file simply does not exist yet, which callers treat as no state, not as an error.
    package var isMissing: Bool { reason == .missing }

    /// "state file /home/a/.local/state/codegate/cooldown: it is a FIFO, not a regular file",
    /// "state folder /home/a/.local/state/codegate: it belongs to user 1001".
    package var description: String {
        let why: String =
            switch reason {
            case .missing: "there is no such file"
            case .symbolicLink: "it is a symbolic link, not a regular file"
            case .wrongType(let type): "it is \(type), not a regular file"
            case .ownedByAnotherUser(let uid): "it belongs to user \(uid), not to us"
            case .writableByOthers(let mode): "others may write it (mode \(String(mode, radix: 8)))"
            case .tooLarge(let limit): "it is larger than \(limit) bytes"
            case .notText: "it is not UTF-8 text"
            case .badPath: "the path names no file"
            case .folderNotPrivate(let why): why
            case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            case .notARecord(let kind): "not a \(kind)"
            }
        return "state \(isFolder ? "folder" : "file") \(path.terminalEscaped): \(why)"
    }
}
