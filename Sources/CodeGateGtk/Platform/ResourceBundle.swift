import CodeGateBase
import CGtk
import CodeGateCore

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
        guard let decoded = Base64.decode(encoded) else { return unreadable() }
        // g_bytes_new copies into g_malloc'd memory, aligned as GVariant needs.
        let bytes = decoded.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            g_error_free(error)
            return unreadable()
        }
        g_resources_register(resource)
        g_resource_unref(resource)
        registered = true
        return true
    }

    private func unreadable() -> Bool {
        cg_log_warning("A compiled resource bundle is unreadable: \(basePath) is missing")
        registered = false
        return false
    }
}
