import CodeGateCore
import CodeGateGtk
import CodeGateFlow
import CGtk

/// Where the app's translation catalogs are, found from the executable's own path so that no
/// build-time prefix is baked in: `PREFIX/share/locale` for an installed `PREFIX/bin/codegate`,
/// `.build/locale` (built from `po/` by `make locale`) for a binary in `.build/<triple>/debug`.
@MainActor
enum LocaleDirectory {
    /// Paths tried, relative to the executable's folder, in order.
    private static let candidates = ["../share/locale", "../../locale"]

    /// The first candidate folder that exists; nil leaves gettext to the system's folder.
    static func find() -> String? {
        guard let executable = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(executable) }
        let folder = g_path_get_dirname(executable)
        defer { g_free(folder) }
        for candidate in candidates {
            guard let path = g_canonicalize_filename(candidate, folder) else { continue }
            defer { g_free(path) }
            if g_file_test(path, G_FILE_TEST_IS_DIR) != 0 {
                return String(cString: path)
            }
        }
        return nil
    }
}
