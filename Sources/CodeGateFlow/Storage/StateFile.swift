import CodeGateCore
#if canImport(Glibc)
import Glibc
#endif

/// Small state files (a cooldown, the gateway's records) read and written so that nothing
/// found at their path can hang, bloat or fool the app, and nothing written can be read or
/// changed by other users.
///
/// Reading refuses anything but a short text file of ours: a FIFO would block the start-up
/// forever, a link to /dev/zero would fill memory, a 100 MB file would stall the window, and a
/// file others can write is not ours to trust. Writing goes through a temporary file renamed
/// over the old one, so a crash leaves the old record or the new one, never half of one; the
/// file gets mode 0600 in a 0700 folder whatever the umask.
public enum StateFile {
    /// The default cap on a state file's size: a record is one short line, so a few KiB is
    /// already far more than any real one.
    public static let defaultMaxBytes = 4096

    /// A temporary file older than this is left over from a write that died; a younger one may
    /// belong to a write in progress in another instance of the app.
    public static let staleAge: Duration = .seconds(60)

    /// The text of the state file at `path`, or why it was refused: `.missing` when there is
    /// none; not a regular file (a symbolic link, FIFO, device, folder); owned by another
    /// user or writable by group or others; larger than `maxBytes`; or not UTF-8 text.
    ///
    /// Never blocks: the file is opened non-blocking, without following a symbolic link, and
    /// checked with `fstat` on the open descriptor before a byte is read, so it cannot be
    /// swapped between the check and the read.
    public static func read(path: String, maxBytes: Int = defaultMaxBytes) -> Result<String, StateFileError> {
        // At most 16 MiB whatever is asked, so a limit of Int.max cannot overflow below.
        let limit = min(max(0, maxBytes), 1 << 24)
        guard isUsable(path) else { return .refused(path, .badPath) }
        // O_NOCTTY: a terminal device at the path must not become the app's controlling terminal.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: return .refused(path, .missing)
            case ELOOP: return .refused(path, .symbolicLink)
            default: return .refused(path, .system(call: "open", code: code))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .refused(path, .system(call: "fstat", code: errno)) }
        if let problem = problem(with: status) { return .refused(path, problem) }
        guard status.st_size <= limit else { return .refused(path, .tooLarge(limit: limit)) }

        // The size can change after fstat: read one byte past the limit to notice a file that grew.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .refused(path, .system(call: "read", code: errno))
            }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        guard bytes.count <= limit else { return .refused(path, .tooLarge(limit: limit)) }
        guard let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isBinary)
        else { return .refused(path, .notText) }
        return .success(text)
    }

    /// Replaces the state file at `path` with `text`, atomically: a temporary `<name>.XXXXXX`
    /// in the same folder, mode 0600 whatever the umask, written in full, synced and renamed
    /// over the old file; on any failure the temporary is removed and the old file kept.
    /// Creates the folder (and missing parents) with mode 0700, and sets an existing folder
    /// of ours to 0700; refuses a folder that is a link or not ours.
    public static func write(_ text: String, to path: String) -> Result<Void, StateFileError> {
        guard let (folder, name) = split(path) else { return .refused(path, .badPath) }
        let folderDescriptor: Int32
        switch openPrivateFolder(folder, of: path) {
        case .success(let descriptor): folderDescriptor = descriptor
        case .failure(let error): return .failure(error)
        }
        defer { close(folderDescriptor) }

        var template = Array((folder + "/" + name + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return .refused(path, .system(call: "mkstemp", code: errno)) }
        // Not inherited by anything the app spawns (mkostemp, which could say so at once, is
        // not visible to Swift without _GNU_SOURCE).
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        // Whatever goes wrong from here, the temporary must not stay behind.
        func abandon(_ reason: StateFileError.Reason) -> Result<Void, StateFileError> {
            if !closed { close(descriptor) }
            unlink(temporary)
            return .refused(path, reason)
        }
        // mkstemp asks for 0600 but the umask can only take bits away; fchmod sets it exactly.
        guard fchmod(descriptor, 0o600) == 0 else { return abandon(.system(call: "fchmod", code: errno)) }
        if let code = writeAll(Array(text.utf8), to: descriptor) { return abandon(.system(call: "write", code: code)) }
        guard fsync(descriptor) == 0 else { return abandon(.system(call: "fsync", code: errno)) }
        closed = true
        guard close(descriptor) == 0 else { return abandon(.system(call: "close", code: errno)) }
        guard rename(temporary, path) == 0 else { return abandon(.system(call: "rename", code: errno)) }
        // The rename itself lives in the folder: sync it too, or a crash may bring the old file back.
        fsync(folderDescriptor)
        return .success(())
    }

    /// Removes the temporaries `write` leaves behind when the app dies mid-write: files named
    /// `<name>.XXXXXX` next to `path` that are regular files of ours and older than
    /// `olderThan`. Returns how many were removed.
    @discardableResult
    public static func removeStaleTemporaries(for path: String, olderThan age: Duration = staleAge) -> Result<Int, StateFileError> {
        guard let (folder, name) = split(path) else { return .refused(path, .badPath) }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folderDescriptor >= 0 else {
            return errno == ENOENT ? .success(0) : .refused(path, .system(call: "open", code: errno))
        }
        // fdopendir owns the descriptor from here; closedir closes it.
        guard let directory = fdopendir(folderDescriptor) else {
            close(folderDescriptor)
            return .refused(path, .system(call: "fdopendir", code: errno))
        }
        defer { closedir(directory) }
        let cutoff = Duration.reading(CLOCK_REALTIME) - age
        let prefix = Array((name + ".").utf8)
        var removed = 0
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard isTemporaryName(entryName, prefix: prefix) else { continue }
            var status = stat()
            let cName = entryName.map { CChar(bitPattern: $0) } + [0]
            // Only regular files of ours: a link, a folder or someone else's file by that name is
            // not a temporary `write` made.
            guard fstatat(folderDescriptor, cName, &status, AT_SYMLINK_NOFOLLOW) == 0,
                  status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                  Duration(status.st_mtim) <= cutoff
            else { continue }
            if unlinkat(folderDescriptor, cName, 0) == 0 {
                removed += 1
            }
        }
        return .success(removed)
    }

    /// The record in the state file at `path`, as `parse` reads its text, after removing the
    /// temporaries a write that died left behind: nil when there is no file yet; a failure
    /// when the file was refused, or `parse` did not take it (`notARecord(kind)`). Every state
    /// file of the app is loaded this way, so each refuses the same shapes and is reported alike.
    public static func readRecord<Record>(
        path: String, maxBytes: Int = defaultMaxBytes, describedAs kind: String, _ parse: (String) -> Record?
    ) -> Result<Record?, StateFileError> {
        removeStaleTemporaries(for: path)
        switch read(path: path, maxBytes: maxBytes) {
        case .success(let text):
            guard let record = parse(text) else { return .refused(path, .notARecord(kind)) }
            return .success(record)
        case .failure(let error) where error.isMissing:
            return .success(nil)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Removes the state file at `path`; a file that is already gone is no failure.
    public static func remove(path: String) -> Result<Void, StateFileError> {
        guard isUsable(path) else { return .refused(path, .badPath) }
        guard unlink(path) == 0 || errno == ENOENT else {
            return .refused(path, .system(call: "unlink", code: errno))
        }
        return .success(())
    }

    // MARK: - Parts

    /// What makes `status` unacceptable for a state file: not a regular file, another owner,
    /// or write access for group or others.
    private static func problem(with status: stat) -> StateFileError.Reason? {
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else { return .wrongType(typeName(type)) }
        guard status.st_uid == geteuid() else { return .ownedByAnotherUser(uid: status.st_uid) }
        guard status.st_mode & 0o022 == 0 else { return .writableByOthers(mode: status.st_mode & 0o7777) }
        return nil
    }

    private static func typeName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "of unknown type"
        }
    }

    /// Text has no NUL and no controls but tab, newline and carriage return: anything else
    /// means a binary or damaged file.
    private static func isBinary(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar)
    }

    /// Whether C can be handed `path` as it is: not empty, and no NUL to cut it short.
    private static func isUsable(_ path: String) -> Bool {
        !path.isEmpty && !path.utf8.contains(0)
    }

    /// The folder and the file name of `path`; nil when there is no name to give a file.
    private static func split(_ path: String) -> (folder: String, name: String)? {
        let bytes = Array(path.utf8)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let name = String(decoding: bytes[(slash.map { $0 + 1 } ?? 0)...], as: UTF8.self)
        guard isUsable(path), !name.isEmpty, name != ".", name != ".." else { return nil }
        let folder = slash.map { $0 == 0 ? "/" : String(decoding: bytes[..<$0], as: UTF8.self) } ?? "."
        return (folder, name)
    }

    /// Opens the folder of `path`, creating it and its missing parents with mode 0700, and
    /// makes sure it is a folder of ours with mode 0700: the state inside is nobody else's to
    /// list or read.
    private static func openPrivateFolder(_ folder: String, of path: String) -> Result<Int32, StateFileError> {
        if let code = makeFolders(folder) { return .refused(path, .system(call: "mkdir", code: code)) }
        // O_NOFOLLOW: a link put in place of the folder is refused, not written through.
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return .refused(path, code == ELOOP || code == ENOTDIR ? .folderNotPrivate("not a folder") : .system(call: "open", code: code))
        }
        var status = stat()
        let reason: StateFileError.Reason? =
            if fstat(descriptor, &status) != 0 {
                .system(call: "fstat", code: errno)
            } else if status.st_uid != geteuid() {
                .folderNotPrivate("owned by user \(status.st_uid)")
            } else if status.st_mode & 0o777 != 0o700, fchmod(descriptor, 0o700) != 0 {
                .system(call: "fchmod", code: errno)
            } else {
                nil
            }
        guard let reason else { return .success(descriptor) }
        close(descriptor)
        return .refused(path, reason)
    }

    /// `mkdir -p` with mode 0700 for every folder it creates; the errno of the failure, if any.
    private static func makeFolders(_ folder: String) -> Int32? {
        if mkdir(folder, 0o700) == 0 || errno == EEXIST { return nil }
        guard errno == ENOENT, let (parent, _) = split(folder), parent != folder else { return errno }
        if let code = makeFolders(parent) { return code }
        return mkdir(folder, 0o700) == 0 || errno == EEXIST ? nil : errno
    }

    /// Writes every byte, retrying short writes and interrupted calls; the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }

    /// `prefix` ("cooldown.") followed by exactly six ASCII letters or digits, as mkstemp makes them.
    private static func isTemporaryName(_ name: [UInt8], prefix: [UInt8]) -> Bool {
        name.count == prefix.count + 6 && name.starts(with: prefix)
            && name.dropFirst(prefix.count).allSatisfy(\.isASCIIAlphanumeric)
    }
}

extension Result where Failure == StateFileError {
    /// A failure of the state file at `path` for `reason`.
    fileprivate static func refused(_ path: String, _ reason: StateFileError.Reason) -> Self {
        .failure(StateFileError(path: path, reason: reason))
    }
}

/// Why a state file could not be read, written or removed. One line, for stderr or the log;
/// the path is escaped, since a path can hold any byte but NUL.
public struct StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
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
        /// The file's folder is not one of ours that only we can use; says why.
        case folderNotPrivate(String)
        /// A system call failed with an errno.
        case system(call: String, code: Int32)
        /// The file is text, but not a record of the kind named: damaged, or written by
        /// something else.
        case notARecord(String)
    }

    /// The state file's path.
    public let path: String
    /// What was wrong.
    public let reason: Reason

    /// Describes a failure with the file at `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// Whether the file simply does not exist yet, which callers treat as no state, not as an error.
    public var isMissing: Bool { reason == .missing }

    /// "state file /home/a/.local/state/codegate/cooldown: it is a FIFO, not a regular file".
    public var description: String {
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
            case .folderNotPrivate(let why): "its folder is not private to us: \(why)"
            case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            case .notARecord(let kind): "not a \(kind)"
            }
        return "state file \(path.terminalEscaped): \(why)"
    }
}
