#if canImport(Glibc)
import Glibc
#endif

/// Where translation catalogs are, found from the path of the binary that reads them so that
/// no build-time prefix is baked in.
package enum LocaleDirectory {
    /// CodeGate's own catalogs, relative to the executable's folder: `PREFIX/share/locale` for
    /// an installed `PREFIX/bin/codegate` (or `codegate-gateway`), `.build/locale` (built from
    /// `po/` by `make locale`) for a binary in `.build/<triple>/debug`.
    private static let candidates = ["../share/locale", "../../locale"]

    /// CodeGate's own catalogs for the running executable; nil leaves gettext to the system's
    /// folder.
    package static func find() -> String? {
        guard let executable = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(executable) }
        let path = String(cString: executable)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return first(of: candidates, in: String(path[..<slash]))
    }

    /// The first of `candidates`, paths relative to `folder`, that is a folder, resolved.
    package static func first(of candidates: [String], in folder: String) -> String? {
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
