import CAdw
import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import XCTest

/// What every GNOME app does around its content: the actions and their keys, the Keyboard
/// Shortcuts window, About, and Ctrl+W.
final class ShellTests: XCTestCase {
    typealias H = GtkHarness

    func testActionsExistWithTheirAccelerators() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            let expected = [
                "app.quit": ["<Control>q"], "window.close": ["<Control>w"],
                "win.show-help-overlay": ["<Control>question"],
            ]
            for (action, keys) in expected {
                XCTAssertEqual(Self.accelerators(for: action), keys, action)
            }
            let application = OpaquePointer(H.application)
            XCTAssertNotEqual(g_action_group_has_action(application, "quit"), 0)
            XCTAssertNotEqual(g_action_group_has_action(application, "about"), 0)
            XCTAssertNotEqual(g_action_group_has_action(window.window.opaque, "show-help-overlay"), 0)
        }
    }

    /// The main menu's tooltip says its key, and stays on one line however narrow GTK lays it
    /// out (its label wrapped before "（" at GTK's tooltip width).
    func testTheMenuTooltipIsOneLine() throws {
        try MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            let titlebar = try XCTUnwrap(gtk_window_get_titlebar(window.window.cast()))
            let button = try XCTUnwrap(H.descendant(of: titlebar, named: "menubutton"))
            XCTAssertEqual(gtk_widget_get_tooltip_text(button).map { String(cString: $0) }, "主菜单（F10）")
            let markup = try XCTUnwrap(gtk_widget_get_tooltip_markup(button))
            let layout = try XCTUnwrap(gtk_widget_create_pango_layout(button, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_markup(layout, markup, -1)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, PANGO_SCALE)
            XCTAssertEqual(pango_layout_get_line_count(layout), 1)
        }
    }

    func testShowHelpOverlayPresentsTheShortcutsWindow() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            XCTAssertNil(gtk_application_window_get_help_overlay(window.window.cast()), "built on first use")
            gtk_widget_activate_action_variant(window.window, "win.show-help-overlay", nil)
            guard let overlay = gtk_application_window_get_help_overlay(window.window.cast()) else {
                return XCTFail("the action builds the shortcuts window")
            }
            XCTAssertEqual(Self.typeName(UnsafeMutableRawPointer(overlay)), "GtkShortcutsWindow")
            XCTAssertEqual(
                String(cString: gtk_window_get_title(UnsafeMutablePointer<GtkWindow>(overlay))), "键盘快捷键",
                "named, not after its class")
            XCTAssertEqual(gtk_window_get_transient_for(UnsafeMutablePointer<GtkWindow>(overlay)), window.window.cast())
            XCTAssertTrue(H.pump { gtk_widget_get_mapped(UnsafeMutablePointer<GtkWidget>(overlay)) != 0 })
            gtk_window_close(UnsafeMutablePointer<GtkWindow>(overlay))
            XCTAssertTrue(H.pump { gtk_widget_get_mapped(UnsafeMutablePointer<GtkWidget>(overlay)) == 0 })
            XCTAssertEqual(gtk_application_window_get_help_overlay(window.window.cast()), overlay, "closing hides it")

            H.click(window.phoneEntry)
            H.xdotool("key", "ctrl+question")
            XCTAssertTrue(
                H.pump { gtk_widget_get_mapped(UnsafeMutablePointer<GtkWidget>(overlay)) != 0 }, "Ctrl+? shows it again"
            )
        }
    }

    /// The slider's key in the shortcuts window is the one that works: → as the slider is drawn
    /// in a left-to-right language, ← where GTK mirrors it for a right-to-left one.
    func testTheShortcutsWindowNamesTheSlidersArrowForTheTextDirection() {
        MainActor.assumeIsolated {
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            for (direction, key, other) in [(GTK_TEXT_DIR_LTR, "Right", "Left"), (GTK_TEXT_DIR_RTL, "Left", "Right")] {
                gtk_widget_set_default_direction(direction)
                let window = H.openWindow(timers: GLibTimerPort())
                defer { H.close(window) }
                gtk_widget_activate_action_variant(window.window, "win.show-help-overlay", nil)
                guard let overlay = gtk_application_window_get_help_overlay(window.window.cast()) else {
                    return XCTFail("the action builds the shortcuts window")
                }
                let shown = Self.shownAccelerators(in: UnsafeMutablePointer<GtkWidget>(overlay))
                XCTAssertTrue(shown.contains(key), "\(key) in \(shown)")
                XCTAssertFalse(shown.contains(other), "\(other) in \(shown)")
                gtk_window_close(UnsafeMutablePointer<GtkWindow>(overlay))
            }
        }
    }

    /// The keys the shortcut labels under `widget` show, leaving out those that are hidden.
    @MainActor private static func shownAccelerators(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var keys: [String] = []
        if typeName(widget) == "GtkShortcutLabel", gtk_widget_is_visible(widget) != 0,
           let accelerator = gtk_shortcut_label_get_accelerator(widget.opaque) {
            keys.append(String(cString: accelerator))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            keys += shownAccelerators(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return keys
    }

    func testAboutActionPresentsTheAboutWindow() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            g_action_group_activate_action(OpaquePointer(H.application), "about", nil)
            guard let about = Self.shownAboutWindow() else { return XCTFail("app.about shows About") }
            XCTAssertEqual(String(cString: adw_about_window_get_application_name(about.opaque)), "CodeGate")
            XCTAssertEqual(String(cString: adw_about_window_get_version(about.opaque)), "0.1.0")
            XCTAssertEqual(String(cString: adw_about_window_get_application_icon(about.opaque)), CodeGateApplication.id)
            XCTAssertEqual(adw_about_window_get_license_type(about.opaque), GTK_LICENSE_MIT_X11)
            XCTAssertEqual(gtk_window_get_transient_for(about.cast()), window.window.cast())
            gtk_window_destroy(about.cast())
        }
    }

    /// However often `app.about` comes (a D-Bus caller in a loop), one About window is shown;
    /// once it is closed, the next activation shows a new one.
    func testAboutActionKeepsOneAboutWindow() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            for _ in 1...5 {
                g_action_group_activate_action(OpaquePointer(H.application), "about", nil)
            }
            guard let about = Self.shownAboutWindow() else { return XCTFail("app.about shows About") }
            XCTAssertEqual(Self.toplevels(ofType: "AdwAboutWindow").count, 1)
            gtk_window_destroy(about.cast())
            XCTAssertTrue(Self.toplevels(ofType: "AdwAboutWindow").isEmpty)
            g_action_group_activate_action(OpaquePointer(H.application), "about", nil)
            XCTAssertNotNil(Self.shownAboutWindow(), "a new one once the first is closed")
            XCTAssertEqual(Self.toplevels(ofType: "AdwAboutWindow").count, 1)
        }
    }

    /// Copying the version again while its toast shows copies it without a second toast: in
    /// libadwaita 1.2 a toast that replaces another and is dismissed while it enters is freed
    /// under its running animation, which crashed the app under a key storm.
    func testCopyingTheVersionNeverStacksToasts() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            g_action_group_activate_action(OpaquePointer(H.application), "about", nil)
            guard let about = Self.shownAboutWindow(),
                let overlay = Self.descendant(
                    of: about, where: { Self.typeName(UnsafeMutableRawPointer($0)) == "AdwToastOverlay" }),
                let version = Self.descendant(of: about, where: { Self.isButton($0, labelled: AboutWindow.version) })
            else { return XCTFail("app.about shows About, with a toast overlay and a version button") }
            let clipboard = gtk_widget_get_clipboard(about)!
            H.click(version)
            XCTAssertTrue(H.pump { Self.toasts(on: overlay) == 1 }, "the first copy shows a toast")
            gdk_clipboard_set_text(clipboard, "something else")
            H.click(version)
            XCTAssertEqual(Self.text(of: clipboard), AboutWindow.version, "a copy while the toast shows still copies")
            H.pump(for: .milliseconds(400))
            // Escape dismisses the toast; nothing may enter to replace it as it leaves.
            H.xdotool("key", "Escape")
            XCTAssertLessThanOrEqual(Self.toasts(on: overlay), 1)
            XCTAssertTrue(H.pump { Self.toasts(on: overlay) == 0 }, "the toast leaves")
            gtk_window_destroy(about.cast())
        }
    }

    func testControlWClosesTheWindow() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            var destroyed = false
            Signal.connect(window.window, "destroy") { destroyed = true }
            H.click(window.phoneEntry)
            H.xdotool("key", "ctrl+w")
            XCTAssertTrue(H.pump { destroyed })
            if !destroyed { H.close(window) }
        }
    }

    @MainActor private static func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(H.application, action) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let key = list[index] {
            result.append(String(cString: key))
            index += 1
        }
        return result
    }

    private static func typeName(_ instance: UnsafeMutableRawPointer) -> String {
        String(cString: g_type_name_from_instance(instance.assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// The About window once it is on screen; nil if none comes within the pump's wait.
    @MainActor private static func shownAboutWindow() -> UnsafeMutablePointer<GtkWidget>? {
        var about: UnsafeMutablePointer<GtkWidget>?
        H.pump {
            about = visibleToplevel(ofType: "AdwAboutWindow")
            return about.map { gtk_widget_get_mapped($0) != 0 } ?? false
        }
        return about.flatMap { gtk_widget_get_mapped($0) != 0 ? $0 : nil }
    }

    /// The toasts on a toast overlay, entering, shown or leaving: every child but its content.
    @MainActor private static func toasts(on overlay: UnsafeMutablePointer<GtkWidget>) -> Int {
        let content = adw_toast_overlay_get_child(overlay.opaque)
        var count = 0
        var child = gtk_widget_get_first_child(overlay)
        while let current = child {
            if current != content { count += 1 }
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    @MainActor private static func isButton(_ widget: UnsafeMutablePointer<GtkWidget>, labelled text: String) -> Bool {
        guard typeName(UnsafeMutableRawPointer(widget)) == "GtkButton", let label = gtk_widget_get_first_child(widget),
              typeName(UnsafeMutableRawPointer(label)) == "GtkLabel" else { return false }
        return String(cString: gtk_label_get_text(label.opaque)) == text
    }

    /// The text this process put on `clipboard`, if any.
    @MainActor private static func text(of clipboard: OpaquePointer) -> String? {
        guard let content = gdk_clipboard_get_content(clipboard) else { return nil }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))  // G_TYPE_STRING, a macro
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(content, &value, nil) != 0, let text = g_value_get_string(&value) else {
            return nil
        }
        return String(cString: text)
    }

    /// The first widget below `widget`, depth first, that `matches`.
    @MainActor private static func descendant(
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

    @MainActor private static func visibleToplevel(ofType name: String) -> UnsafeMutablePointer<GtkWidget>? {
        toplevels(ofType: name).first { gtk_widget_get_visible($0) != 0 }
    }

    /// Every window of type `name` that is not destroyed yet, shown or not.
    @MainActor private static func toplevels(ofType name: String) -> [UnsafeMutablePointer<GtkWidget>] {
        let toplevels = gtk_window_get_toplevels()
        return (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
            guard let item = g_list_model_get_item(toplevels, index) else { return nil }
            g_object_unref(item)  // the list keeps the window alive
            return typeName(item) == name ? item.assumingMemoryBound(to: GtkWidget.self) : nil
        }
    }
}
