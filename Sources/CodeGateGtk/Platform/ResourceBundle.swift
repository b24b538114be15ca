import CGtk

/// A GResource bundle that EmbedPlugin compiled into a target (its base64
/// `compiledResourceBundle`), registered with GLib once so its files resolve under `basePath`.
/// The controls have one of their own; the app has another, under its application id.
@MainActor
package final class ResourceBundle {
    /// Where the bundle's files live.
    package let basePath: String
    private let encoded: String
    private var registered: Bool?

    /// The bundle `encoded`, whose files live under `basePath`.
    package init(basePath: String, encoded: String) {
        self.basePath = basePath
        self.encoded = encoded
    }

    /// The controls' own bundle: their stylesheet.
    package static let controls = ResourceBundle(
        basePath: "/io/github/codegate/controls", encoded: compiledResourceBundle)

    /// Registers the bundle with GLib, once; returns whether it is available.
    @discardableResult
    package func register() -> Bool {
        if let registered { return registered }
        var length: gsize = 0
        let data = g_base64_decode(encoded, &length)
        // GLib frees the decoded data with the bytes; it is g_malloc'd, so aligned as GVariant needs.
        let bytes = g_bytes_new_take(data, length)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            cg_log_warning("A compiled resource bundle is unreadable: \(basePath) is missing")
            g_error_free(error)
            registered = false
            return false
        }
        g_resources_register(resource)
        g_resource_unref(resource)
        registered = true
        return true
    }
}
