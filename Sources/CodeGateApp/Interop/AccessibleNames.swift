import CodeGateBase
import CAdw
import CGtk
import CodeGateFlow
import CodeGateGtk

/// Names what GTK 4.8 and libadwaita 1.2 leave nameless inside the windows they build for us
/// (the Keyboard Shortcuts window, About, the main menu): AT-SPI then calls each object by its
/// class ("GtkImage" for an icon button, "GtkSearchEntry", "GtkStackPage"), which a screen
/// reader reads out. Walked once, when the window is built; each name is translated. Stack
/// pages not shown are hidden from the tree.
@MainActor
enum AccessibleNames {
    /// Names the nameless objects under `root`: icon buttons after what they do, a window title
    /// after its text, a shortcut after its keys, scroll bars as such, stack pages after their
    /// title, and the remaining containers and pictures after `area`, the window they are in.
    static func fill(in root: UnsafeMutablePointer<GtkWidget>, area: String) {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            let name = name(of: widget, area: area)
            if let name {
                cg_accessible_replace_label(widget, name)
            }
            // Not a stop of its own, as in GTK 4.8: what it holds takes the focus and is scrolled
            // into view. GTK 4.18 makes a scrolled window focusable, and nameless (a generic role).
            if isInstance(widget, of: gtk_scrolled_window_get_type()) {
                gtk_widget_set_focusable(widget, 0)
            }
            if isInstance(widget, of: gtk_stack_get_type()) {
                nameStackPages(of: widget, area: area)
                hidePagesNotShown(in: widget) { gtk_stack_get_visible_child($0.opaque) }
            } else if isInstance(widget, of: adw_leaflet_get_type()) {
                hidePagesNotShown(in: widget) { adw_leaflet_get_visible_child($0.opaque) }
            }
            // A named button's icon is its content, which GTK 4.8 would add to its name.
            if name == nil || !isInstance(widget, of: gtk_button_get_type()) {
                fill(in: widget, area: area)
            }
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// Names the nameless objects under `root` as `fill` does, once, when it is first shown: by
    /// then GTK has set up what it shows, its own names and relations among it (which differ
    /// between GTK 4.8 and 4.18), so the names given after them are the ones that hold.
    static func fillWhenShown(_ root: UnsafeMutablePointer<GtkWidget>, area: String) {
        let handler = HandlerID()
        handler.id = Signal.connect(root, "map") {
            g_signal_handler_disconnect(root, handler.id)
            fill(in: root, area: area)
        }
    }

    /// A signal handler's id, for the handler that disconnects itself.
    private final class HandlerID {
        var id: gulong = 0
    }

    /// Names the scroll bars of `scrolled` and the range inside each `name`, which GTK 4.8
    /// would name by their class; the hidden one too, which stays in the tree.
    static func nameScrollbars(of scrolled: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        for case let scrollbar? in [
            gtk_scrolled_window_get_vscrollbar(scrolled.opaque), gtk_scrolled_window_get_hscrollbar(scrolled.opaque),
        ] {
            cg_accessible_set_label(scrollbar, name)
            if let range = gtk_widget_get_first_child(scrollbar) {
                cg_accessible_set_label(range, name)
            }
        }
    }

    /// The name `widget` needs, or nil when it has one (its own text, a label of ours) or is
    /// passed over.
    private static func name(of widget: UnsafeMutablePointer<GtkWidget>, area: String) -> String? {
        switch String(cString: g_type_name_from_instance(widget.cast())) {
        case "GtkButton", "GtkToggleButton":
            guard let icon = gtk_widget_get_first_child(widget), isInstance(icon, of: gtk_image_get_type()) else {
                return nil
            }
            return iconButtonName(icon)
        // Of the windows walked, only Keyboard Shortcuts has a search and a section menu.
        case "GtkSearchEntry": return localized("搜索快捷键")
        case "GtkMenuButton": return localized("选择快捷键分区")
        case "AdwWindowTitle":
            guard let title = adw_window_title_get_title(widget.opaque) else { return area }
            return String(cString: title)
        case "GtkShortcutLabel":
            // A shortcut of an action gets its keys from the application once shown.
            Signal.connectNotify(widget, property: "accelerator") {
                if let keys = shortcutText(widget) { cg_accessible_set_label(widget, keys) }
            }
            return shortcutText(widget)
        // A menu item, after its text: GTK 4.8 names it so itself, GTK 4.18 does not.
        case "GtkModelButton":
            guard let text = cg_object_dup_string(widget, "text") else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        case "GtkScrollbar": return localized("滚动条")
        case "GtkRange"
        where gtk_widget_get_parent(widget).map { isInstance($0, of: gtk_scrollbar_get_type()) } ?? false:
            return localized("滚动条")
        case "GtkImage"
        where gtk_image_get_icon_name(widget.opaque).map { String(cString: $0) } == CodeGateApplication.id:
            return "CodeGate"
        case "GtkImage", "GtkBuiltinIcon", "GtkPopoverContent", "GtkActionBar", "GtkListBox", "GtkTextView",
             "GtkScrolledWindow", "AdwLeaflet", "AdwClampScrollable":
            return area
        default: return nil
        }
    }

    /// An icon button's name, after what its icon stands for here.
    private static func iconButtonName(_ icon: UnsafeMutablePointer<GtkWidget>) -> String? {
        switch gtk_image_get_icon_name(icon.opaque).map({ String(cString: $0) }) {
        case "edit-find-symbolic": localized("搜索快捷键")
        case "go-previous-symbolic", "go-next-symbolic": localized("返回")
        default: nil
        }
    }

    /// The keys a GtkShortcutLabel draws, as the desktop writes them ("Ctrl+?"); several
    /// shortcuts of one action, one after the other.
    private static func shortcutText(_ label: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let accelerator = gtk_shortcut_label_get_accelerator(label.opaque) else { return nil }
        let keys = String(cString: accelerator).split(separator: " ").compactMap { accelerator -> String? in
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            guard gtk_accelerator_parse(String(accelerator), &key, &modifiers) != 0,
                  let text = gtk_accelerator_get_label(key, modifiers) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        return keys.isEmpty ? nil : keys.joined(separator: " / ")
    }

    /// Names each page of `stack` after its title, or `area`.
    private static func nameStackPages(of stack: UnsafeMutablePointer<GtkWidget>, area: String) {
        guard let pages = gtk_stack_get_pages(stack.opaque) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pages)) }
        for index in 0..<g_list_model_get_n_items(pages) {
            guard let page = g_list_model_get_item(pages, index) else { continue }
            defer { g_object_unref(page) }
            let title = gtk_stack_page_get_title(OpaquePointer(page)).map { String(cString: $0) }
            cg_stack_page_set_label(OpaquePointer(page), title ?? area)
        }
    }

    /// Hides from assistive technologies each page of `pages` (a stack, a leaflet) but the one
    /// `shown` gives, now and whenever it changes: GTK 4.8 keeps them all in the tree ("No
    /// Results Found" before any search, About's subpages). They stay visible to GTK, which
    /// shows only visible pages.
    private static func hidePagesNotShown(
        in pages: UnsafeMutablePointer<GtkWidget>,
        shown: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?
    ) {
        @MainActor func update() {
            let current = shown(pages)
            var child = gtk_widget_get_first_child(pages)
            while let page = child {
                cg_accessible_set_hidden(page, page == current ? 0 : 1)
                child = gtk_widget_get_next_sibling(page)
            }
        }
        update()
        Signal.connectNotify(pages, property: "visible-child") { update() }
    }

    private static func isInstance(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
        g_type_check_instance_is_a(widget.cast(), type) != 0
    }
}
