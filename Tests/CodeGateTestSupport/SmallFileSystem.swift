import Glibc

/// A small tmpfs of a test's own, for a full or read-only disk: only where this process may
/// mount one (root with CAP_SYS_ADMIN, which some containers withhold even from root). A test
/// that needs it is enabled by `canMount`, so elsewhere it is reported as skipped, not passed.
public enum SmallFileSystem {
    /// Whether a tmpfs can be mounted here, found by mounting and unmounting one once.
    public static let canMount: Bool = {
        guard geteuid() == 0 else { return false }
        var template = Array("/tmp/codegate-mount.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { return false }
        defer { rmdir(template) }
        guard mount("tmpfs", template, "tmpfs", 0, "size=4k,mode=0700") == 0 else { return false }
        umount2(template, Int32(MNT_DETACH))
        return true
    }()

    /// Why a test is skipped without it.
    public static let requirement = "mounting a tmpfs needs root with CAP_SYS_ADMIN"
}
