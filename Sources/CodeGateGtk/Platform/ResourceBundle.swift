import CGtk

/// The GResource bundle the build embeds (`compiledResourceBundle`, written by GResourcePlugin
/// from `Resources/codegate.gresource.xml`): the CSS, the shortcuts window and the app icon.
@MainActor
enum ResourceBundle {
    /// Where the bundle's files live, which is also GtkApplication's resource base path for the
    /// app ID, so GTK finds the icons under it by itself.
    static let basePath = "/io/github/codegate/CodeGate"
    private static var registered: Bool?

    /// Registers the bundle with GLib, once, so its files resolve under `basePath`; returns
    /// whether it is available. The app calls it before GtkApplication's start-up, which looks
    /// for the icons in it; widgets call it through `Stylesheet.install`.
    @discardableResult
    static func register() -> Bool {
        if let registered { return registered }
        var length: gsize = 0
        let data = g_base64_decode(compiledResourceBundle, &length)
        // GLib frees the decoded data with the bytes; it is g_malloc'd, so aligned as GVariant needs.
        let bytes = g_bytes_new_take(data, length)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            cg_log_warning("The compiled resource bundle is unreadable; the controls are unstyled")
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
