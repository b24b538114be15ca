#if canImport(Glibc)
import Glibc
#endif

/// The folder the app keeps its state in (`$XDG_STATE_HOME/codegate`), opened once and used
/// only through that open descriptor: every file inside is opened, renamed and removed
/// relative to it (`openat`, `renameat`, `unlinkat`), so swapping the folder for a link after
/// it was checked cannot redirect a single write.
///
/// Opening it creates the folder (and missing parents) with mode 0700. A folder of ours is set
/// to 0700; a symbolic link is followed only to a folder that is already ours and private
/// (what GNU Stow and other dotfile managers make), never to one others can use, whose mode
/// the app has no business changing.
package final class StateFolder {
    /// The folder's path, for messages.
    package let path: String
    /// The open folder, which every file operation goes through.
    package let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The app's state folder as the XDG Base Directory spec places it: `$XDG_STATE_HOME`
    /// when that is an absolute path (the spec says a relative one is to be ignored, since it
    /// would name a different folder from every working directory), else `~/.local/state`;
    /// `codegate` inside. Nil when neither variable gives an absolute path.
    package static func defaultPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } })
        -> String?
    {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return state + "/codegate"
        }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return (home == "/" ? "" : home) + "/.local/state/codegate"
    }

    /// Opens the folder at `defaultPath()`, or says why it cannot be used (also when there is
    /// no absolute path to put it in): the state every CodeGate process on the machine shares.
    package static func openDefault() -> Result<StateFolder, StateFileError> {
        guard let path = defaultPath() else {
            return .failure(
                StateFileError(
                    path: "$HOME", reason: .folderNotPrivate("neither XDG_STATE_HOME nor HOME is an absolute path"),
                    isFolder: true))
        }
        return open(path)
    }

    /// Opens the folder at `path` (absolute), creating it if need be, or says why it cannot
    /// be used.
    package static func open(_ path: String) -> Result<StateFolder, StateFileError> {
        func refused(_ reason: StateFileError.Reason) -> Result<StateFolder, StateFileError> {
            .failure(StateFileError(path: path, reason: reason, isFolder: true))
        }
        guard path.hasPrefix("/"), !path.utf8.contains(0) else { return refused(.badPath) }
        if let code = makeFolders(path) { return refused(.system(call: "mkdir", code: code)) }
        var link = stat()
        guard lstat(path, &link) == 0 else { return refused(.system(call: "lstat", code: errno)) }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        // The checks below are made on the open descriptor, whatever the path pointed at
        // between the lstat and the open.
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (isLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let code = errno
            return refused(
                code == ENOTDIR ? .folderNotPrivate("it is not a folder") : .system(call: "open", code: code))
        }
        var status = stat()
        let reason: StateFileError.Reason? =
            if fstat(descriptor, &status) != 0 {
                .system(call: "fstat", code: errno)
            } else if status.st_uid != geteuid() {
                .folderNotPrivate("it belongs to user \(status.st_uid)")
            } else if status.st_mode & 0o077 == 0 {
                nil
            } else if isLink {
                .folderNotPrivate(
                    "it is a link to a folder others may use (mode \(String(status.st_mode & 0o777, radix: 8)))")
            } else if fchmod(descriptor, 0o700) != 0 {
                .system(call: "fchmod", code: errno)
            } else {
                nil
            }
        guard let reason else { return .success(StateFolder(path: path, descriptor: descriptor)) }
        close(descriptor)
        return refused(reason)
    }

    /// The folder's canonical path, read back from the open descriptor: for SQLite, which
    /// opens by path, so that the path it is given has no link in it to be swapped (it opens
    /// with `SQLITE_OPEN_NOFOLLOW`, which refuses any).
    package func canonicalPath() -> Result<String, StateFileError> {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else {
            return .failure(StateFileError(path: path, reason: .system(call: "readlink", code: errno), isFolder: true))
        }
        let resolved = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "/gone (deleted)": the folder was removed after it was opened.
        guard resolved.hasPrefix("/"), !resolved.hasSuffix(" (deleted)") else {
            return .failure(StateFileError(path: path, reason: .folderNotPrivate("it was removed"), isFolder: true))
        }
        return .success(resolved)
    }

    /// `mkdir -p` with mode 0700 for every folder it creates; the errno of the failure, if any.
    private static func makeFolders(_ folder: String) -> Int32? {
        if mkdir(folder, 0o700) == 0 || errno == EEXIST { return nil }
        guard errno == ENOENT, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash != folder.utf8.startIndex
        else { return errno }
        if let code = makeFolders(String(folder[..<slash])) { return code }
        return mkdir(folder, 0o700) == 0 || errno == EEXIST ? nil : errno
    }
}
