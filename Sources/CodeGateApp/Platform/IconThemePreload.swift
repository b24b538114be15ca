import CGtk
import CodeGateGtk

/// Keeps the icon theme's reading off the main thread at start-up.
///
/// GTK reads the icon theme on a worker thread as soon as the display has one, in
/// GtkApplication's start-up. That start-up, then libadwaita's, add their icon resource paths,
/// and each addition throws the theme read so far away. Left so, the first icon the window
/// measures reads the whole theme again on the main thread, before the window can map: a
/// sixth of the main thread's work up to then, and so in every libadwaita app on GTK 4.8
/// (docs/performance.md).
enum IconThemePreload {
    /// Has GTK read the theme again on its worker thread while the window is being built.
    /// Call after the application's start-up, before the first widget is shown.
    static func restart() {
        // GtkIconTheme starts that read whenever the setting that names the theme is notified.
        // The name is unchanged, so nothing else follows: no theme change, no restyle.
        guard let settings = gtk_settings_get_default() else { return }
        g_object_notify(settings.cast(), "gtk-icon-theme-name")
    }
}
