import CodeGateGLib
import CodeGateCore
import CodeGateGtk
import CodeGateFlow
import CGtk

/// The actions and keyboard shortcuts every GNOME app has: `app.quit` (Ctrl+Q), `app.about`,
/// `window.close` (Ctrl+W, GtkWindow's own action) and `win.show-help-overlay` (Ctrl+?, which
/// `CodeGateWindow` adds to its window).
@MainActor
enum ApplicationActions {
    /// Each action with the keys that trigger it, in GTK's accelerator syntax.
    static let accelerators: [(action: String, keys: [String])] = [
        ("app.quit", ["<Control>q"]),
        ("window.close", ["<Control>w"]),
        ("win.show-help-overlay", ["<Control>question"]),
    ]

    /// Adds `app.quit` and `app.about` to `application` and binds every accelerator.
    static func install(on application: UnsafeMutablePointer<GtkApplication>) {
        add("quit", to: application) { quit(application) }
        add("about", to: application) { AboutWindow.present(over: gtk_application_get_active_window(application)) }
        for (action, keys) in accelerators {
            var strings = keys.map { strdup($0) } + [nil]
            defer { for string in strings { free(string) } }
            strings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_application_set_accels_for_action(application, action, $0)
                }
            }
        }
    }

    private static func add(
        _ name: String, to application: UnsafeMutablePointer<GtkApplication>, _ handler: @escaping @MainActor () -> Void
    ) {
        let action = g_simple_action_new(name, nil)!
        Signal.connectActivate(action, handler)
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Closes every window rather than stopping the loop under them, so each window's destroy
    /// handlers run; GApplication ends when the last window is gone.
    private static func quit(_ application: UnsafeMutablePointer<GtkApplication>) {
        let windows = g_list_copy(gtk_application_get_windows(application))
        defer { g_list_free(windows) }
        var node = windows
        while let current = node {
            gtk_window_destroy(current.pointee.data.assumingMemoryBound(to: GtkWindow.self))
            node = current.pointee.next
        }
    }
}
