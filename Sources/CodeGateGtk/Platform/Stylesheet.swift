import CGtk

/// The controls' CSS (`Resources/codegate.css`), installed once per display at application
/// priority so a theme cannot undo the fill and the unlocked colours, while an app's own
/// user-priority CSS still can.
@MainActor
public enum Stylesheet {
    /// Where the GResource bundle compiled from `Resources/codegate.gresource.xml` keeps the CSS.
    private static let resourcePath = ResourceBundle.basePath + "/codegate.css"
    private static var installed = false

    /// Installs the stylesheet on the default display; later calls do nothing. Widgets call it
    /// themselves, so an app that embeds them needs no set-up.
    public static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        guard ResourceBundle.register() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, resourcePath)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
