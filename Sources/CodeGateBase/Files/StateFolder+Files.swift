#if canImport(Glibc)
import Glibc
#endif

/// Small state files in a `StateFolder`, read and written so that nothing found under their
/// name can hang, bloat or fool the app, and nothing written can be read or changed by others.
///
/// Reading refuses anything but a short text file of ours: a FIFO would block the start-up
/// forever, a link to /dev/zero would fill memory, a 100 MB file would stall the window, and a
/// file others can write is not ours to trust. Writing goes through a temporary file renamed
/// over the old one, so a crash leaves the old record or the new one, never half of one; the
/// file gets mode 0600 whatever the umask.
extension StateFolder {
    /// The default cap on a state file's size: a record is one short line, so a few KiB is
    /// already far more than any real one.
    package static let defaultMaxBytes = 4096

    /// A temporary file older than this is left over from a write that died; a younger one may
    /// belong to a write in progress in another instance of the app.
    package static let staleAge: Duration = .seconds(60)

    /// What marks a temporary as the app's own: `.cooldown.codegate-tmp.Ab3dE9`. No user file
    /// ("cooldown.backup", "gateway.bak123") is named like that, so cleaning never takes one.
    private static let temporaryMark = ".codegate-tmp."
    private static let temporarySuffixLength = 6

    /// The text of the file `name`, or why it was refused: `.missing` when there is none; not
    /// a regular file (a symbolic link, FIFO, device, folder); owned by another user or
    /// writable by group or others; larger than `maxBytes`; or not UTF-8 text.
    ///
    /// Never blocks: the file is opened non-blocking, without following a symbolic link, and
    /// checked with `fstat` on the open descriptor before a byte is read.
    package func read(_ name: String, maxBytes: Int = defaultMaxBytes) -> Result<String, StateFileError> {
        // At most 16 MiB whatever is asked, so a limit of Int.max cannot overflow below.
        let limit = min(max(0, maxBytes), 1 << 24)
        guard Self.isFileName(name) else { return refused(name, .badPath) }
        // O_NOCTTY: a terminal device under the name must not become the controlling terminal.
        let file = openat(descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard file >= 0 else {
            let code = errno
            switch code {
            case ENOENT: return refused(name, .missing)
            case ELOOP: return refused(name, .symbolicLink)
            // What open says of a socket.
            case ENXIO: return refused(name, .wrongType("a socket"))
            default: return refused(name, .system(call: "open", code: code))
            }
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { return refused(name, .system(call: "fstat", code: errno)) }
        if let problem = Self.problem(with: status) { return refused(name, problem) }
        guard status.st_size <= limit else { return refused(name, .tooLarge(limit: limit)) }

        // The size can change after fstat: read one byte past the limit to notice a file that grew.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return refused(name, .system(call: "read", code: errno))
            }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        guard bytes.count <= limit else { return refused(name, .tooLarge(limit: limit)) }
        guard let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: Self.isBinary)
        else { return refused(name, .notText) }
        return .success(text)
    }

    /// Replaces the file `name` with `text`, atomically: a temporary named as the app's own,
    /// mode 0600 whatever the umask, written in full, synced and renamed over the old file; on
    /// any failure the temporary is removed and the old file kept.
    package func write(_ text: String, to name: String) -> Result<Void, StateFileError> {
        guard Self.isFileName(name) else { return refused(name, .badPath) }
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var temporary = ""
        var file: Int32 = -1
        // O_EXCL with a fresh random name: a name taken (by a write in another instance) is
        // tried again, never opened.
        for _ in 0..<16 where file < 0 {
            let suffix = (0..<Self.temporarySuffixLength).map { _ in alphabet.randomElement(using: &random)! }
            temporary = "." + name + Self.temporaryMark + String(decoding: suffix, as: UTF8.self)
            file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file < 0 && errno != EEXIST { return refused(name, .system(call: "open", code: errno)) }
        }
        guard file >= 0 else { return refused(name, .system(call: "open", code: EEXIST)) }
        var closed = false
        // Whatever goes wrong from here, the temporary must not stay behind.
        func abandon(_ reason: StateFileError.Reason) -> Result<Void, StateFileError> {
            if !closed { close(file) }
            unlinkat(descriptor, temporary, 0)
            return refused(name, reason)
        }
        // The umask can only take bits away from 0600; fchmod sets it exactly.
        guard fchmod(file, 0o600) == 0 else { return abandon(.system(call: "fchmod", code: errno)) }
        if let code = Self.writeAll(Array(text.utf8), to: file) { return abandon(.system(call: "write", code: code)) }
        guard fsync(file) == 0 else { return abandon(.system(call: "fsync", code: errno)) }
        closed = true
        guard close(file) == 0 else { return abandon(.system(call: "close", code: errno)) }
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            return abandon(.system(call: "rename", code: errno))
        }
        // The rename itself lives in the folder: sync it too, or a crash may bring the old file back.
        fsync(descriptor)
        return .success(())
    }

    /// Removes the file `name`; whether there was one to remove.
    @discardableResult
    package func remove(_ name: String) -> Result<Bool, StateFileError> {
        guard Self.isFileName(name) else { return refused(name, .badPath) }
        if unlinkat(descriptor, name, 0) == 0 { return .success(true) }
        let code = errno
        // A read-only file system refuses to unlink even a name that is not there (EROFS,
        // not ENOENT): nothing there is nothing to remove.
        if code == ENOENT { return .success(false) }
        if code == EROFS, case .success(nil) = status(of: name) { return .success(false) }
        return refused(name, .system(call: "unlink", code: code))
    }

    /// Renames the file `name` to `newName` in this folder, replacing whatever had that name.
    package func rename(_ name: String, to newName: String) -> Result<Void, StateFileError> {
        guard Self.isFileName(name), Self.isFileName(newName) else { return refused(name, .badPath) }
        guard renameat(descriptor, name, descriptor, newName) == 0 else {
            return refused(name, .system(call: "rename", code: errno))
        }
        return .success(())
    }

    /// What is at `name`, without following a link: nil when nothing is; else its status.
    package func status(of name: String) -> Result<stat?, StateFileError> {
        guard Self.isFileName(name) else { return refused(name, .badPath) }
        var status = stat()
        if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 { return .success(status) }
        return errno == ENOENT ? .success(nil) : refused(name, .system(call: "stat", code: errno))
    }

    /// Removes the temporaries `write` leaves behind when the app dies mid-write: files named
    /// as the app's temporaries, regular files of ours, older than `age`. Returns how many.
    @discardableResult
    package func removeStaleTemporaries(olderThan age: Duration = staleAge) -> Int {
        // A description of its own: a dup would share the read position with `descriptor`,
        // and the next listing would start where this one ended.
        let listing = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0 else { return 0 }
        // fdopendir owns it from here; closedir closes it.
        guard let directory = fdopendir(listing) else {
            close(listing)
            return 0
        }
        defer { closedir(directory) }
        let cutoff = Duration.reading(CLOCK_REALTIME) - age
        var removed = 0
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard Self.isTemporaryName(entryName) else { continue }
            var status = stat()
            let cName = entryName.map { CChar(bitPattern: $0) } + [0]
            // Only regular files of ours: a link, a folder or someone else's file by that name is
            // not a temporary `write` made.
            guard fstatat(descriptor, cName, &status, AT_SYMLINK_NOFOLLOW) == 0,
                  status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                  Duration(status.st_mtim) <= cutoff
            else { continue }
            if unlinkat(descriptor, cName, 0) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// The record in the file `name`, as `parse` reads its text: nil when there is no file
    /// yet; a failure when the file was refused, or `parse` did not take it
    /// (`notARecord(kind)`). Every state file of the app is loaded this way, so each refuses
    /// the same shapes and is reported alike.
    package func readRecord<Record>(
        _ name: String, maxBytes: Int = defaultMaxBytes, describedAs kind: String, _ parse: (String) -> Record?
    ) -> Result<Record?, StateFileError> {
        switch read(name, maxBytes: maxBytes) {
        case .success(let text):
            guard let record = parse(text) else { return refused(name, .notARecord(kind)) }
            return .success(record)
        case .failure(let error) where error.isMissing:
            return .success(nil)
        case .failure(let error):
            return .failure(error)
        }
    }

    // MARK: - Parts

    private func refused<T>(_ name: String, _ reason: StateFileError.Reason) -> Result<T, StateFileError> {
        .failure(StateFileError(path: path + "/" + name, reason: reason))
    }

    /// What makes `status` unacceptable for a state file: not a regular file, another owner,
    /// or write access for group or others.
    package static func problem(with status: stat) -> StateFileError.Reason? {
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

    /// A name for a file directly in the folder: not empty, no "/", not "." or "..", no NUL.
    private static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// "." + a name + `temporaryMark` + exactly six ASCII letters or digits, as `write` makes them.
    private static func isTemporaryName(_ name: [UInt8]) -> Bool {
        let mark = Array(temporaryMark.utf8)
        guard name.first == UInt8(ascii: "."), name.count > 1 + mark.count + temporarySuffixLength else { return false }
        let suffix = name.suffix(temporarySuffixLength)
        let beforeSuffix = name.dropLast(temporarySuffixLength)
        return beforeSuffix.suffix(mark.count).elementsEqual(mark) && suffix.allSatisfy(\.isASCIIAlphanumeric)
    }

    /// Writes every byte, retrying short writes and interrupted calls; the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to file: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }
}
