import CGtk

/// The controls' CSS (`Resources/controls.css`), installed once per process on the default
/// display, just below application priority: above the theme, so a theme cannot undo the fill
/// and the unlocked colours, yet below every stylesheet an app adds at
/// `GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`, whichever is added first — so an app restyles
/// the controls with its ordinary CSS, and the user's gtk.css still wins over both.
@MainActor
public enum Stylesheet {
    /// The priority the controls' CSS is added at.
    public static let priority = guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1
    private static var installed = false

    /// Installs the stylesheet on the default display; later calls do nothing. The controls
    /// call it themselves, so an app that embeds them needs no set-up.
    public static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        guard ResourceBundle.controls.register() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, ResourceBundle.controls.basePath + "/controls.css")
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority)
        g_object_unref(provider)
    }
}
