import CodeGateBase
import CodeGateGLib
import CodeGateGtk
import CodeGateFlow
import CAdw
import CGtk
import CodeGateCore

/// The About window: libadwaita's, with the app's name, icon, version, developer, licence and
/// website, as GNOME apps show it. There is one at a time, however often `app.about` comes (the
/// menu, or a D-Bus caller in a loop: each new window cost ~1 MB and made quitting slow).
@MainActor
enum AboutWindow {
    /// The version shown, the one the AppStream metainfo releases.
    static let version = "0.1.0"
    private static var developer: String { localized("CodeGate 开发者") }
    private static let website = "https://github.com/codegate/codegate"
    /// The About window on screen, until it is destroyed.
    private static var shown: UnsafeMutablePointer<GtkWidget>?

    /// Shows the About window over `parent` (the active window, if any): the one already
    /// shown, raised where it is, or a new one once that is closed.
    static func present(over parent: UnsafeMutablePointer<GtkWindow>?) {
        if let shown {
            gtk_window_present(shown.cast())
            return
        }
        adw_init()  // idempotent; lets an app that is not an AdwApplication (the tests) show it
        let window = adw_about_window_new()!
        let about = window.opaque
        adw_about_window_set_application_name(about, "CodeGate")
        adw_about_window_set_application_icon(about, CodeGateApplication.id)
        adw_about_window_set_version(about, version)
        adw_about_window_set_developer_name(about, developer)
        adw_about_window_set_copyright(about, "© 2026 \(developer)")
        adw_about_window_set_license_type(about, GTK_LICENSE_MIT_X11)
        adw_about_window_set_website(about, website)
        adw_about_window_set_issue_url(about, website + "/issues")
        // TRANSLATORS: your name and e-mail, one translator a line; it shows in About.
        let credits = localized("translator-credits")
        // Without a catalog gettext hands back the key itself, which is nobody to credit.
        if credits != "translator-credits" {
            adw_about_window_set_translator_credits(about, credits)
        }
        gtk_window_set_transient_for(window.cast(), parent)
        gtk_window_set_modal(window.cast(), 1)
        gtk_window_set_destroy_with_parent(window.cast(), 1)
        // Named before the guard takes the version button over; it has the focus first.
        if let button = AboutCopyGuard.versionButton(in: window) {
            // TRANSLATORS: the About window's version button, which copies it; {0} is the version.
            cg_accessible_replace_label(button, localized("复制版本号 {0}").filling(version))
        }
        AccessibleNames.fill(in: window, area: localized("关于 CodeGate"))
        AboutCopyGuard.install(on: window, version: version)
        shown = window
        Signal.connect(window, "destroy") { shown = nil }
        gtk_window_present(window.cast())
    }
}
