import CGtk

/// The controls' CSS (`Resources/controls.css`), installed once per process on the default
/// display, just below application priority: above the theme, so a theme cannot undo the fill
/// and the unlocked colours, yet below every stylesheet an app adds at
/// `GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`, whichever is added first — so an app restyles
/// the controls with its ordinary CSS, and the user's gtk.css still wins over both.
@MainActor
package enum Stylesheet {
    /// The priority the controls' CSS is added at.
    package static let priority = guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1
    /// The provider on the display, once installed; tests take it off and put it back to
    /// change the order providers were added in.
    package private(set) static var provider: OpaquePointer?
    private static var installed = false

    /// Installs the stylesheet on the default display; later calls do nothing. The controls
    /// call it themselves, so an app that embeds them needs no set-up.
    package static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        guard ResourceBundle.controls.register() else { return }
        let css = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(css, ResourceBundle.controls.basePath + "/controls.css")
        // The display holds the provider for the life of the process; so does this reference.
        provider = OpaquePointer(css)
        gtk_style_context_add_provider_for_display(display, provider, priority)
    }
}
