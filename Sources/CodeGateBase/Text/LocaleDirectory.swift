#if canImport(Glibc)
import Glibc
#endif

/// Where CodeGate's translation catalogs are, found from the executable's own path so that no
/// build-time prefix is baked in: `PREFIX/share/locale` for an installed `PREFIX/bin/codegate`
/// (or `codegate-gateway`), `.build/locale` (built from `po/` by `make locale`) for a binary in
/// `.build/<triple>/debug`.
package enum LocaleDirectory {
    /// Paths tried, relative to the executable's folder, in order.
    private static let candidates = ["../share/locale", "../../locale"]

    /// The first candidate folder that exists; nil leaves gettext to the system's folder.
    package static func find() -> String? {
        guard let executable = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(executable) }
        let path = String(cString: executable)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        for candidate in candidates {
            guard let resolved = realpath(folder + "/" + candidate, nil) else { continue }
            defer { free(resolved) }
            var status = stat()
            if stat(resolved, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
                return String(cString: resolved)
            }
        }
        return nil
    }
}
