import CodeGateGLib
import CAdw
import CGtk
import CodeGateGtk

/// Keeps libadwaita 1.2's About window from crashing when its version is copied again and again.
///
/// The version button copies the version and shows a "Copied to clipboard" toast. A toast that
/// comes while another is on the overlay waits, then enters over 500 ms, replacing it; if it is
/// dismissed (Escape, its close button) before that entrance ends, its 300 ms exit ends first
/// and libadwaita 1.2 frees the toast's record while the entrance still runs: the entrance's end
/// then unrefs an object through freed memory (SIGSEGV in `adw_animation_skip` →
/// `g_object_unref`; a key storm on About hit it within a minute in most runs). libadwaita 1.3
/// fixed it (commit 1674ebc9, "toast-overlay: Prevent show_done from firing after hide_done");
/// Debian 12 ships 1.2.2. A toast shown while the overlay shows none enters over 300 ms, and no
/// 300 ms exit that starts later ends before that. So the button is given an action of ours: it
/// lets libadwaita copy and show its toast only while no toast is on the overlay, and otherwise
/// copies the version alone — the toast on screen already says it was copied.
@MainActor
enum AboutCopyGuard {
    /// The action group the version button is moved to, and its action.
    private static let group = "codegate-about"
    private static let action = "copy-version"

    /// Moves `about`'s version button (which shows `version`) to the guarded action; does
    /// nothing under a libadwaita that has the fix, or whose About window is built otherwise.
    static func install(on about: UnsafeMutablePointer<GtkWidget>, version: String) {
        guard adw_get_major_version() == 1, adw_get_minor_version() < 3,
              let overlay = descendant(of: about, where: { isInstance($0, of: adw_toast_overlay_get_type()) }),
              let button = versionButton(in: about)
        else { return }
        let copy = g_simple_action_new(action, nil)!
        // The closure holds plain pointers: the action lives in `about`'s own action group.
        Signal.connectActivate(copy) {
            if showsToast(overlay) {
                gdk_clipboard_set_text(gtk_widget_get_clipboard(about), version)
            } else {
                let property = g_variant_ref_sink(g_variant_new_string("version"))
                defer { g_variant_unref(property) }
                gtk_widget_activate_action_variant(about, "about.copy-property", property)
            }
        }
        let actions = g_simple_action_group_new()!
        g_action_map_add_action(OpaquePointer(actions), copy)
        g_object_unref(UnsafeMutableRawPointer(copy))
        gtk_widget_insert_action_group(about, group, OpaquePointer(actions))
        g_object_unref(UnsafeMutableRawPointer(actions))
        // GTK checks the action's parameter against the target at each change: the old action
        // goes first, then its target, then the new action comes without one.
        gtk_actionable_set_action_name(button.opaque, nil)
        gtk_actionable_set_action_target_value(button.opaque, nil)
        gtk_actionable_set_action_name(button.opaque, "\(group).\(action)")
    }

    /// Whether the overlay has a toast on it, entering, shown or leaving: every child but its
    /// content is one.
    private static func showsToast(_ overlay: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let content = adw_toast_overlay_get_child(overlay.opaque)
        var child = gtk_widget_get_first_child(overlay)
        while let current = child {
            if current != content { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    /// libadwaita's button in `about` that copies the version, as libadwaita builds it.
    static func versionButton(in about: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        descendant(of: about, where: isVersionCopyButton)
    }

    /// libadwaita's button that copies the version: `about.copy-property` with "version".
    private static func isVersionCopyButton(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard isInstance(widget, of: gtk_actionable_get_type()),
              let name = gtk_actionable_get_action_name(widget.opaque), String(cString: name) == "about.copy-property",
              let target = gtk_actionable_get_action_target_value(widget.opaque),
              String(cString: g_variant_get_type_string(target)) == "s"
        else { return false }
        return String(cString: g_variant_get_string(target, nil)) == "version"
    }

    private static func isInstance(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
        g_type_check_instance_is_a(widget.cast(), type) != 0
    }

    /// The first widget below `widget`, depth first, that `matches`.
    private static func descendant(
        of widget: UnsafeMutablePointer<GtkWidget>, where matches: (UnsafeMutablePointer<GtkWidget>) -> Bool
    ) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if matches(current) { return current }
            if let found = descendant(of: current, where: matches) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
