import CGtk

/// The controls' CSS (`Resources/codegate.css`), installed once per display at application
/// priority so a theme cannot undo the fill and the unlocked colours, while an app's own
/// user-priority CSS still can.
@MainActor
public enum Stylesheet {
    /// Where the GResource bundle compiled from `Resources/codegate.gresource.xml` keeps the CSS.
    private static let resourcePath = "/io/github/codegate/CodeGate/codegate.css"
    private static var installed = false

    /// Installs the stylesheet on the default display; later calls do nothing. Widgets call it
    /// themselves, so an app that embeds them needs no set-up.
    public static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        guard registerResources() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, resourcePath)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// Registers the bundle the build embedded (`compiledResourceBundle`, written by
    /// GResourcePlugin) with GLib, once, so its files resolve under their resource paths.
    private static func registerResources() -> Bool {
        var length: gsize = 0
        let data = g_base64_decode(compiledResourceBundle, &length)
        // GLib frees the decoded data with the bytes; it is g_malloc'd, so aligned as GVariant needs.
        let bytes = g_bytes_new_take(data, length)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            cg_log_warning("The compiled resource bundle is unreadable; the controls are unstyled")
            g_error_free(error)
            return false
        }
        g_resources_register(resource)
        g_resource_unref(resource)
        return true
    }
}
