import CSoup

/// libsoup 3, loaded the first time a client needs it rather than linked: an app on its
/// embedded gateway then never maps libsoup and what it brings (nghttp2, Kerberos, brotli,
/// psl), which would cost every start time and memory for nothing.
@MainActor
package enum SoupLibrary {
    /// libsoup 3's soname, as Debian's libsoup-3.0-0 installs it.
    static let name = "libsoup-3.0.so.0"

    /// libsoup's functions, loaded on first use; the same answer for the rest of the process.
    package static let functions: Result<CGSoup, SoupLoadError> = {
        var error: UnsafePointer<CChar>?
        guard let table = cg_soup_load(name, &error) else {
            return .failure(SoupLoadError(message: error.map { String(cString: $0) } ?? "\(name) not loaded"))
        }
        return .success(table.pointee)
    }()
}

/// Why libsoup cannot be used, in the dynamic loader's words.
public struct SoupLoadError: Error, Equatable {
    /// What the loader said, which names the library.
    public let message: String
}
