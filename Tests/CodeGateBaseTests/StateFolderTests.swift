import CodeGateBase
import Glibc
import CodeGateTestSupport
import Testing

/// The permission bits of `path`, without following a link.
private func mode(of path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
}

private func reason<T>(_ result: Result<T, StateFileError>) -> StateFileError.Reason? {
    result.failure?.reason
}

// Serialized: one test sets the process's umask for a moment.
// A class, so that deinit removes each test's folder (Swift Testing makes one instance a test).
@Suite(.serialized) final class StateFolderTests {
    let folder: TemporaryFolder
    /// The test's folder, opened as the app opens its state folder.
    let state: StateFolder

    init() throws {
        folder = try TemporaryFolder()
        state = try StateFolder.open(folder.path).get()
    }

    deinit { folder.remove() }

    @Test func roundTripGivesMode0600InA0700FolderWhateverTheUmask() throws {
        let previous = umask(0)
        let opened = StateFolder.open(folder("state/codegate"))
        let written = opened.flatMap { $0.write("codegate-cooldown-1 - 1 2 3\n", to: "cooldown") }
        umask(previous)
        try written.get()
        #expect(try opened.get().read("cooldown").get() == "codegate-cooldown-1 - 1 2 3\n")
        #expect(mode(of: folder("state/codegate/cooldown")) == 0o600)
        #expect(mode(of: folder("state/codegate")) == 0o700)
        #expect(mode(of: folder("state")) == 0o700)
        #expect(names(in: folder("state/codegate")) == ["cooldown"])
    }

    @Test func rewritingReplacesTheFileAndTightensAnExistingFolder() throws {
        mkdir(folder("open"), 0o755)
        chmod(folder("open"), 0o755)
        let open = try StateFolder.open(folder("open")).get()
        try open.write("first\n", to: "cooldown").get()
        try open.write("second\n", to: "cooldown").get()
        #expect(try open.read("cooldown").get() == "second\n")
        #expect(mode(of: folder("open")) == 0o700)
        #expect(names(in: folder("open")) == ["cooldown"])
    }

    /// On a read-only file system unlinking a name that is not there fails with EROFS: the
    /// probe saw "unlink failed … the old cooldown stays saved" logged with no cooldown file.
    @Test(.enabled(if: SmallFileSystem.canMount, Comment(rawValue: SmallFileSystem.requirement)))
    func removingNothingOnAReadOnlyDiskIsNoFailure() throws {
        let mountPoint = folder("readonly")
        mkdir(mountPoint, 0o700)
        try #require(mount("tmpfs", mountPoint, "tmpfs", 0, "size=64k,mode=0700") == 0)
        defer { umount2(mountPoint, Int32(MNT_DETACH)) }
        let opened = try StateFolder.open(mountPoint).get()
        try opened.write("kept\n", to: "kept").get()
        #expect(mount("tmpfs", mountPoint, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0)
        #expect(try opened.remove("cooldown").get() == false)
        #expect(reason(opened.remove("kept")) == .system(call: "unlink", code: EROFS))
    }

    @Test func aMissingFileSaysSo() throws {
        let result = state.read("nothing")
        #expect(reason(result) == .missing)
        #expect(try #require(result.failure).isMissing)
    }

    /// The FIFO at the state path blocked the start-up forever.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutBlocking() {
        #expect(mkfifo(folder("cooldown"), 0o600) == 0)
        #expect(reason(state.read("cooldown")) == .wrongType("a FIFO"))
    }

    /// The link to /dev/zero grew memory by 400 MB/s.
    @Test func aLinkToDevZeroIsRefused() {
        #expect(symlink("/dev/zero", folder("cooldown")) == 0)
        #expect(reason(state.read("cooldown")) == .symbolicLink)
    }

    @Test func aLinkToARegularFileIsRefused() {
        makeFile(folder("elsewhere"), bytes: Array("codegate-cooldown-1 - 1 2 3\n".utf8))
        #expect(symlink(folder("elsewhere"), folder("cooldown")) == 0)
        #expect(reason(state.read("cooldown")) == .symbolicLink)
    }

    @Test func aFolderOrASocketIsRefused() throws {
        #expect(mkdir(folder("cooldown"), 0o700) == 0)
        #expect(reason(state.read("cooldown")) == .wrongType("a folder"))
        #expect(mknod(folder("gateway"), S_IFSOCK | 0o600, 0) == 0)
        #expect(reason(state.read("gateway")) == .wrongType("a socket"))
    }

    /// The 100 MB file delayed the window by 11 s and peaked at 300 MB.
    @Test func aHugeSparseFileIsRefusedFast() {
        let descriptor = open(folder("cooldown"), O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(descriptor, 100_000_000) == 0)
        close(descriptor)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(reason(state.read("cooldown")) == .tooLarge(limit: 4096))
        #expect(clock.now - start < .milliseconds(100))
    }

    @Test func theSizeLimitIsExact() throws {
        makeFile(folder("fits"), bytes: Array(repeating: UInt8(ascii: "a"), count: 4096))
        makeFile(folder("over"), bytes: Array(repeating: UInt8(ascii: "a"), count: 4097))
        #expect(try state.read("fits").get().utf8.count == 4096)
        #expect(reason(state.read("over")) == .tooLarge(limit: 4096))
        #expect(reason(state.read("fits", maxBytes: 100)) == .tooLarge(limit: 100))
        #expect(reason(state.read("fits", maxBytes: .max)) == nil)
        #expect(reason(state.read("fits", maxBytes: -1)) == .tooLarge(limit: 0))
    }

    @Test(arguments: [
        [0x00, 0x01, 0xFF, 0xFE], [0x63, 0xC3, 0x28], Array("a\u{1B}]0;x\u{07}".utf8), [0x61, 0x00, 0x62],
        [0xED, 0xA0, 0x80],
    ])
    func binaryOrInvalidUTF8IsRefused(bytes: [UInt8]) {
        makeFile(folder("cooldown"), bytes: bytes)
        #expect(reason(state.read("cooldown")) == .notText)
    }

    @Test func textWithTabsAndChineseIsAccepted() throws {
        makeFile(folder("cooldown"), bytes: Array("获取验证码\tok\r\n".utf8))
        #expect(try state.read("cooldown").get() == "获取验证码\tok\r\n")
    }

    @Test(arguments: [mode_t(0o666), 0o620, 0o602, 0o622])
    func aFileOthersMayWriteIsRefused(permissions: mode_t) {
        makeFile(folder("cooldown"), bytes: Array("x\n".utf8), permissions: permissions)
        #expect(reason(state.read("cooldown")) == .writableByOthers(mode: UInt32(permissions)))
    }

    // Only root can give a file away; others cannot make one to test with.
    @Test(.enabled(if: geteuid() == 0)) func aFileOfAnotherUserIsRefused() {
        makeFile(folder("cooldown"), bytes: Array("x\n".utf8))
        #expect(chown(folder("cooldown"), 65534, 65534) == 0)
        #expect(reason(state.read("cooldown")) == .ownedByAnotherUser(uid: 65534))
    }

    /// The probe's `cooldown.backup` and `gateway.bak123`, older than a minute, were deleted
    /// as if they were the app's temporaries; only names `write` makes are taken now.
    @Test func staleTemporariesAreRemovedAndNoUserFile() throws {
        try state.write("live\n", to: "cooldown").get()
        let hourAgo = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        let userFiles = [
            "cooldown.backup", "gateway.bak123", "cooldown.Ab12Z9", ".cooldown.codegate-tmp.Ab12Z",
            "cooldown.codegate-tmp.Ab12Z9",
        ]
        for name in userFiles + [
            ".cooldown.codegate-tmp.Ab12Z9", ".gateway.codegate-tmp.x9Y8z7", ".cooldown.codegate-tmp.fresh1",
        ] {
            makeFile(folder(name), bytes: [0x61])
            if name != ".cooldown.codegate-tmp.fresh1" { utimensat(AT_FDCWD, folder(name), hourAgo, 0) }
        }
        makeFile(folder("target"), bytes: [0x61])
        symlink(folder("target"), folder(".cooldown.codegate-tmp.Link99"))
        mkdir(folder(".cooldown.codegate-tmp.Dir999"), 0o700)

        #expect(state.removeStaleTemporaries() == 2)
        #expect(
            names(in: folder.path)
                == Set(
                    userFiles + [
                        "cooldown", ".cooldown.codegate-tmp.fresh1", "target",
                        ".cooldown.codegate-tmp.Link99", ".cooldown.codegate-tmp.Dir999",
                    ]))
        // A fresh one goes too when nothing is too young.
        #expect(state.removeStaleTemporaries(olderThan: .seconds(-60)) == 1)
        #expect(!names(in: folder.path).contains(".cooldown.codegate-tmp.fresh1"))
    }

    @Test func aFailedWriteLeavesNoTemporaryAndKeepsTheOldFile() throws {
        // rename cannot replace a folder with a file.
        #expect(mkdir(folder("cooldown"), 0o700) == 0)
        let result = state.write("new\n", to: "cooldown")
        #expect(reason(result) == .system(call: "rename", code: EISDIR))
        #expect(names(in: folder.path) == ["cooldown"])
    }

    /// What GNU Stow makes: the state folder a link to a private folder elsewhere. The probe
    /// saw every save fail ("not a folder") and a second SMS after a restart.
    @Test func aLinkToAPrivateFolderOfOursIsFollowed() throws {
        mkdir(folder("dotfiles"), 0o700)
        symlink(folder("dotfiles"), folder("codegate"))
        let linked = try StateFolder.open(folder("codegate")).get()
        try linked.write("x\n", to: "cooldown").get()
        #expect(names(in: folder("dotfiles")) == ["cooldown"])
    }

    @Test func aLinkToAFolderOthersMayUseIsRefusedAndLeftAlone() {
        mkdir(folder("shared"), 0o755)
        chmod(folder("shared"), 0o755)
        symlink(folder("shared"), folder("codegate"))
        let error = StateFolder.open(folder("codegate")).failure
        #expect(error?.reason == .folderNotPrivate("it is a link to a folder others may use (mode 755)"))
        #expect(
            error?.description
                == "state folder \(folder.path)/codegate: it is a link to a folder others may use (mode 755)")
        #expect(mode(of: folder("shared")) == 0o755)
    }

    /// The probe swapped the folder for a link after its check and the app wrote a `gateway`
    /// file into the other folder. Every write now goes through the descriptor opened first.
    @Test func aFolderSwappedForALinkIsNeverWrittenThrough() throws {
        mkdir(folder("codegate"), 0o700)
        mkdir(folder("victim"), 0o700)
        let opened = try StateFolder.open(folder("codegate")).get()
        #expect(rename(folder("codegate"), folder("moved")) == 0)
        #expect(symlink(folder("victim"), folder("codegate")) == 0)
        try opened.write("x\n", to: "gateway").get()
        opened.remove("cooldown")
        #expect(names(in: folder("victim")).isEmpty)
        #expect(names(in: folder("moved")) == ["gateway"])
    }

    @Test func namesThatAreNoFileInTheFolderAreRefused() {
        for name in ["", "/", ".", "..", "a/b", "a\u{0}b"] {
            #expect(reason(state.write("x\n", to: name)) == .badPath, "\(name.terminalEscaped)")
        }
        #expect(reason(StateFolder.open("relative/codegate")) == .badPath)
    }

    @Test func removeSaysWhetherThereWasAFile() throws {
        try state.write("x\n", to: "cooldown").get()
        #expect(try state.remove("cooldown").get() == true)
        #expect(reason(state.read("cooldown")) == .missing)
        #expect(try state.remove("cooldown").get() == false)
    }

    /// The XDG spec: a relative `XDG_STATE_HOME` is invalid and ignored. The probe, started
    /// from two folders, kept two states and sent a second SMS at once.
    @Test func aRelativeXDGStateHomeIsIgnored() {
        func path(_ variables: [String: String]) -> String? { StateFolder.defaultPath { variables[$0] } }
        #expect(path(["XDG_STATE_HOME": "/s", "HOME": "/home/a"]) == "/s/codegate")
        #expect(path(["XDG_STATE_HOME": "state", "HOME": "/home/a"]) == "/home/a/.local/state/codegate")
        #expect(path(["XDG_STATE_HOME": "", "HOME": "/home/a"]) == "/home/a/.local/state/codegate")
        #expect(path(["HOME": "/"]) == "/.local/state/codegate")
        #expect(path(["XDG_STATE_HOME": "./s", "HOME": "home"]) == nil)
        #expect(path([:]) == nil)
    }

    @Test func errorsAreOneEscapedLine() {
        #expect(mkfifo(folder("evil\n\u{1B}[31mname"), 0o600) == 0)
        let error = state.read("evil\n\u{1B}[31mname").failure
        #expect(
            error?.description == "state file \(folder.path)/evil\\n\\u{1B}[31mname: it is a FIFO, not a regular file")
        #expect(
            StateFileError(path: "/x", reason: .system(call: "open", code: EACCES)).description
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
