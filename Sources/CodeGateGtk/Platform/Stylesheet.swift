import CGtk
import Foundation

/// The controls' CSS (`Resources/codegate.css`), installed once per display at application
/// priority so a theme cannot undo the fill and the unlocked colours, while an app's own
/// user-priority CSS still can.
@MainActor
public enum Stylesheet {
    private static var installed = false

    /// Installs the stylesheet on the default display; later calls do nothing. Widgets call it
    /// themselves, so an app that embeds them needs no set-up.
    public static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        guard let path = Bundle.module.path(forResource: "codegate", ofType: "css") else {
            cg_log_warning("codegate.css is missing from the resource bundle; the controls are unstyled")
            return
        }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
