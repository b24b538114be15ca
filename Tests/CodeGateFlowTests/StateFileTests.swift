import CodeGateFlow
import CodeGateCore
import Glibc
import CodeGateTestSupport
import Testing

/// A fresh folder under /tmp, removed with everything in it by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/codegate-test.XXXXXX".utf8CString)
        let made = mkdtemp(&template)
        try #require(made != nil)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path of `name` inside the folder.
    func callAsFunction(_ name: String) -> String { path + "/" + name }

    func remove() { Self.removeTree(path) }

    private static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            names(in: path).forEach { removeTree(path + "/" + $0) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

/// The permission bits of `path`, without following a link.
private func mode(of path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
}

/// Writes `bytes` to a new file at `path` with `permissions`, bypassing StateFile.
func makeFile(_ path: String, bytes: [UInt8], permissions: mode_t = 0o600) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, permissions)
    precondition(descriptor >= 0)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fchmod(descriptor, permissions)
    close(descriptor)
}

/// The names in folder `path`, without "." and "..".
func names(in path: String) -> Set<String> {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: Set<String> = []
    while let entry = readdir(directory) {
        names.insert(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return names.subtracting([".", ".."])
}

private func reason<T>(_ result: Result<T, StateFileError>) -> StateFileError.Reason? {
    result.failure?.reason
}

// Serialized: one test sets the process's umask for a moment.
// A class, so that deinit removes each test's folder (Swift Testing makes one instance a test).
@Suite(.serialized) final class StateFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    deinit { folder.remove() }

    @Test func roundTripGivesMode0600InA0700FolderWhateverTheUmask() throws {
        let path = folder("state/codegate/cooldown")
        let previous = umask(0)
        let written = StateFile.write("codegate-cooldown-1 - 1 2 3\n", to: path)
        umask(previous)
        try written.get()
        #expect(try StateFile.read(path: path).get() == "codegate-cooldown-1 - 1 2 3\n")
        #expect(mode(of: path) == 0o600)
        #expect(mode(of: folder("state/codegate")) == 0o700)
        #expect(mode(of: folder("state")) == 0o700)
        #expect(names(in: folder("state/codegate")) == ["cooldown"])
    }

    @Test func rewritingReplacesTheFileAndTightensAnExistingFolder() throws {
        mkdir(folder("open"), 0o755)
        chmod(folder("open"), 0o755)
        let path = folder("open/cooldown")
        try StateFile.write("first\n", to: path).get()
        try StateFile.write("second\n", to: path).get()
        #expect(try StateFile.read(path: path).get() == "second\n")
        #expect(mode(of: folder("open")) == 0o700)
        #expect(names(in: folder("open")) == ["cooldown"])
    }

    @Test func aMissingFileSaysSo() throws {
        let result = StateFile.read(path: folder("nothing"))
        #expect(reason(result) == .missing)
        #expect(try #require(result.failure).isMissing)
    }

    /// The FIFO at the state path blocked the start-up forever.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutBlocking() {
        let path = folder("cooldown")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(reason(StateFile.read(path: path)) == .wrongType("a FIFO"))
    }

    /// The link to /dev/zero grew memory by 400 MB/s.
    @Test func aLinkToDevZeroIsRefused() {
        let path = folder("cooldown")
        #expect(symlink("/dev/zero", path) == 0)
        #expect(reason(StateFile.read(path: path)) == .symbolicLink)
    }

    @Test func aLinkToARegularFileIsRefused() {
        makeFile(folder("elsewhere"), bytes: Array("codegate-cooldown-1 - 1 2 3\n".utf8))
        #expect(symlink(folder("elsewhere"), folder("cooldown")) == 0)
        #expect(reason(StateFile.read(path: folder("cooldown"))) == .symbolicLink)
    }

    @Test func aFolderOrADeviceIsRefused() {
        #expect(mkdir(folder("cooldown"), 0o700) == 0)
        #expect(reason(StateFile.read(path: folder("cooldown"))) == .wrongType("a folder"))
        #expect(reason(StateFile.read(path: "/dev/null")) == .wrongType("a character device"))
    }

    /// The 100 MB file delayed the window by 11 s and peaked at 300 MB.
    @Test func aHugeSparseFileIsRefusedFast() {
        let path = folder("cooldown")
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(descriptor, 100_000_000) == 0)
        close(descriptor)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(reason(StateFile.read(path: path)) == .tooLarge(limit: 4096))
        #expect(clock.now - start < .milliseconds(100))
    }

    @Test func theSizeLimitIsExact() throws {
        makeFile(folder("fits"), bytes: Array(repeating: UInt8(ascii: "a"), count: 4096))
        makeFile(folder("over"), bytes: Array(repeating: UInt8(ascii: "a"), count: 4097))
        #expect(try StateFile.read(path: folder("fits")).get().utf8.count == 4096)
        #expect(reason(StateFile.read(path: folder("over"))) == .tooLarge(limit: 4096))
        #expect(reason(StateFile.read(path: folder("fits"), maxBytes: 100)) == .tooLarge(limit: 100))
        #expect(reason(StateFile.read(path: folder("fits"), maxBytes: .max)) == nil)
        #expect(reason(StateFile.read(path: folder("fits"), maxBytes: -1)) == .tooLarge(limit: 0))
    }

    @Test(arguments: [[0x00, 0x01, 0xFF, 0xFE], [0x63, 0xC3, 0x28], Array("a\u{1B}]0;x\u{07}".utf8), [0x61, 0x00, 0x62],
                      [0xED, 0xA0, 0x80]])
    func binaryOrInvalidUTF8IsRefused(bytes: [UInt8]) {
        makeFile(folder("cooldown"), bytes: bytes)
        #expect(reason(StateFile.read(path: folder("cooldown"))) == .notText)
    }

    @Test func textWithTabsAndChineseIsAccepted() throws {
        makeFile(folder("cooldown"), bytes: Array("获取验证码\tok\r\n".utf8))
        #expect(try StateFile.read(path: folder("cooldown")).get() == "获取验证码\tok\r\n")
    }

    @Test(arguments: [mode_t(0o666), 0o620, 0o602, 0o622])
    func aFileOthersMayWriteIsRefused(permissions: mode_t) {
        makeFile(folder("cooldown"), bytes: Array("x\n".utf8), permissions: permissions)
        #expect(reason(StateFile.read(path: folder("cooldown"))) == .writableByOthers(mode: UInt32(permissions)))
    }

    // Only root can give a file away; others cannot make one to test with.
    @Test(.enabled(if: geteuid() == 0)) func aFileOfAnotherUserIsRefused() {
        makeFile(folder("cooldown"), bytes: Array("x\n".utf8))
        #expect(chown(folder("cooldown"), 65534, 65534) == 0)
        #expect(reason(StateFile.read(path: folder("cooldown"))) == .ownedByAnotherUser(uid: 65534))
    }

    @Test func staleTemporariesAreRemovedAndNothingElse() throws {
        let path = folder("cooldown")
        try StateFile.write("live\n", to: path).get()
        let hourAgo = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        for name in ["cooldown.Ab12Z9", "cooldown.x", "cooldown.Ab12Z9x", "other.Ab12Z9", "cooldown.fresh1"] {
            makeFile(folder(name), bytes: [0x61])
            if name != "cooldown.fresh1" { utimensat(AT_FDCWD, folder(name), hourAgo, 0) }
        }
        makeFile(folder("target"), bytes: [0x61])
        symlink(folder("target"), folder("cooldown.Link99"))
        mkdir(folder("cooldown.Dir999"), 0o700)

        #expect(try StateFile.removeStaleTemporaries(for: path).get() == 1)
        #expect(names(in: folder.path) == ["cooldown", "cooldown.x", "cooldown.Ab12Z9x", "other.Ab12Z9", "cooldown.fresh1", "target",
                                           "cooldown.Link99", "cooldown.Dir999"])
        // A fresh one goes too when nothing is too young.
        #expect(try StateFile.removeStaleTemporaries(for: path, olderThan: .seconds(-60)).get() == 1)
        #expect(!names(in: folder.path).contains("cooldown.fresh1"))
        #expect(try StateFile.removeStaleTemporaries(for: folder("absent/cooldown")).get() == 0)
    }

    @Test func aFailedWriteLeavesNoTemporaryAndKeepsTheOldFile() throws {
        // rename cannot replace a folder with a file.
        #expect(mkdir(folder("cooldown"), 0o700) == 0)
        let result = StateFile.write("new\n", to: folder("cooldown"))
        #expect(reason(result) == .system(call: "rename", code: EISDIR))
        #expect(names(in: folder.path) == ["cooldown"])
    }

    @Test func aFolderThatIsALinkIsRefused() {
        mkdir(folder("real"), 0o700)
        symlink(folder("real"), folder("link"))
        #expect(reason(StateFile.write("x\n", to: folder("link/cooldown"))) == .folderNotPrivate("not a folder"))
        #expect(names(in: folder("real")).isEmpty)
    }

    @Test func pathsThatNameNoFileAreRefused() {
        for path in ["", folder.path + "/", folder("."), folder(".."), folder("a\u{0}b")] {
            #expect(reason(StateFile.write("x\n", to: path)) == .badPath, "\(path.terminalEscaped)")
        }
    }

    @Test func removeDeletesAndAMissingFileIsFine() throws {
        try StateFile.write("x\n", to: folder("cooldown")).get()
        try StateFile.remove(path: folder("cooldown")).get()
        #expect(reason(StateFile.read(path: folder("cooldown"))) == .missing)
        try StateFile.remove(path: folder("cooldown")).get()
    }

    @Test func errorsAreOneEscapedLine() {
        let path = folder("evil\n\u{1B}[31mname")
        #expect(mkfifo(path, 0o600) == 0)
        let error = StateFile.read(path: path).failure
        #expect(error?.description == "state file \(folder.path)/evil\\n\\u{1B}[31mname: it is a FIFO, not a regular file")
        #expect(StateFileError(path: "/x", reason: .system(call: "open", code: EACCES)).description
            == "state file /x: open failed: Permission denied")
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
