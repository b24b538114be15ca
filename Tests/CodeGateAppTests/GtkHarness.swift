import CodeGateBase
import CAdw
import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
import GtkTestSupport
import XCTest

/// The app's windows in tests: GtkDriver's pumping and real input, plus one registered
/// AdwApplication with the app's actions and the app's window on the Xvfb display.
typealias GtkHarness = GtkDriver

@MainActor
extension GtkDriver {
    static let application: UnsafeMutablePointer<GtkApplication> = {
        // A warning from GLib or GTK in a widget test is a failure, not noise.
        g_log_set_always_fatal(
            GLogLevelFlags(
                rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue))
        // Non-unique, so that the tests never hand their windows to a CodeGate that runs.
        let application: UnsafeMutablePointer<GtkApplication> =
            adw_application_new("io.github.codegate.CodeGate.Tests", G_APPLICATION_NON_UNIQUE)!.cast()
        g_application_register(application.cast(), nil, nil)
        ApplicationActions.install(on: application)
        MainQueueSource.install()
        // The app's own stylesheet, which AdwApplication loads from the app id's resource path
        // (this test id has none): the window's layout depends on it.
        if ResourceBundle.app.register(), let display = gdk_display_get_default() {
            let css = gtk_css_provider_new()
            gtk_css_provider_load_from_resource(css, ResourceBundle.app.basePath + "/style.css")
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(css), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            g_object_unref(css)
        }
        return application
    }()

    /// Opens the app's window on `timers`, keeping its state in `stateFolder` if given, and
    /// waits until it is on screen.
    static func openWindow(
        options: LaunchOptions = LaunchOptions(), timers: any TimerPort, stateFolder: String? = nil
    ) -> CodeGateWindow {
        let window = CodeGateApplication.openWindow(
            application: application, options: options, timers: timers,
            state: stateFolder.map { StateFolder.open($0) })
        gtk_window_present(window.window.cast())
        let mapped = pump {
            gtk_widget_get_mapped(window.button.widget) != 0 && gtk_widget_get_width(window.slider.scale) > 0
        }
        precondition(mapped, "the window never appeared")
        pump(for: .milliseconds(100))
        return window
    }

    /// Closes a window and lets GTK finish tearing it down.
    static func close(_ window: CodeGateWindow) {
        gtk_window_destroy(window.window.cast())
        pump(for: .milliseconds(50))
    }

    /// Types a valid number and drags the slider to the end: ready to request a code.
    static func prepareRequest(in window: CodeGateWindow) {
        type("138 0013 8000", into: window.phoneEntry)
        drag(window.slider, to: 1.1)
        precondition(pump { window.flow.canRequest }, "the window never became ready to request")
    }

    /// Prepares a request, clicks the request button and waits for the cooldown to start.
    static func startCountdown(in window: CodeGateWindow) -> Bool {
        prepareRequest(in: window)
        click(window.button.widget)
        return pump { window.flow.countdown.isCounting }
    }


    /// Opens the window at twice the text size (GtkSettings' `gtk-xft-dpi`, which the
    /// desktop's text scaling sets) and checks that it keeps its default width and that no
    /// label in it — placeholders, the controls' hints and buttons included — is cut off:
    /// each one wraps or fits.
    static func checkNothingIsCutOffAtTwiceTheTextSize(file: StaticString = #filePath, line: UInt = #line) {
        _ = application  // GTK is initialised with it
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
        let dpi = cg_object_get_int(settings, "gtk-xft-dpi")
        cg_object_set_int(settings, "gtk-xft-dpi", 2 * 96 * 1024)
        defer { cg_object_set_int(settings, "gtk-xft-dpi", dpi) }
        let window = openWindow(timers: ManualTimerPort())
        defer { close(window) }
        pump(for: .milliseconds(200))
        var minimum: Int32 = 0
        gtk_widget_measure(window.window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        XCTAssertLessThanOrEqual(
            minimum, 420, "the window can still be as narrow as its default width", file: file, line: line)
        XCTAssertLessThanOrEqual(gtk_widget_get_width(window.window), 420, file: file, line: line)
        checkNothingIsCutOff(in: window.window, file: file, line: line)
        // The slider reached by keyboard (the focus arriving while the window shows it) shows
        // how to pass it on its track.
        gtk_window_set_focus_visible(window.window.cast(), 1)
        gtk_widget_grab_focus(window.slider.scale)
        XCTAssertTrue(pump { text(window.slider.label) == window.flow.slider.focusedHint }, file: file, line: line)
        checkNothingIsCutOff(in: window.window, file: file, line: line)
    }

    /// Opens the window at `textScale` times the text size and shows every status the flow
    /// has, in the current language, in each of its status lines, one after the other. At rest
    /// each line keeps one line of its text and no more (no gaps of several empty lines); a
    /// status on one line fits in it, so the form needs no more height; one that wraps needs
    /// only its lines beyond the first; and each wraps at the full width of its column. With
    /// `scaledWhileOpen`, the text size changes once the window is open: the line kept follows.
    static func checkEveryStatusLineKeepsOneLine(
        textScale: Int, scaledWhileOpen: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        _ = application  // GTK is initialised with it
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
        let dpi = cg_object_get_int(settings, "gtk-xft-dpi")
        defer { cg_object_set_int(settings, "gtk-xft-dpi", dpi) }
        if !scaledWhileOpen {
            cg_object_set_int(settings, "gtk-xft-dpi", Int32(textScale * 96 * 1024))
        }
        let window = openWindow(timers: ManualTimerPort())
        defer { close(window) }
        pump(for: .milliseconds(200))
        if scaledWhileOpen {
            cg_object_set_int(settings, "gtk-xft-dpi", Int32(textScale * 96 * 1024))
            pump(for: .milliseconds(200))
        }
        // What the form needs at its width, as GTK measures it (the window scrolls it, so the
        // window's own minimum says nothing): a window larger than the screen (twice the text
        // size) moves through a few sizes on its way there. A width to measure at includes the
        // form's CSS margins: the width of the stack that holds it.
        let width = gtk_widget_get_width(gtk_widget_get_parent(window.form))
        @MainActor func height(_ widget: UnsafeMutablePointer<GtkWidget>, at width: Int32) -> Int32 {
            var minimum: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, &minimum, nil, nil, nil)
            return minimum
        }
        let atRest = height(window.form, at: width)
        let lines = [
            (window.phoneStatus, StatusLine.phone), (window.slideStatus, .slide), (window.requestStatus, .request),
            (window.verifyStatus, .verify),
        ]
        let requestLine = gtk_widget_get_parent(window.requestStatus)!
        for (label, statusLine) in lines {
            let slot = gtk_widget_get_parent(label)!
            // The line under the slider shows only with its status, in the request line's
            // place, as the window's render does.
            if statusLine == .slide {
                gtk_widget_set_visible(slot, 1)
                gtk_widget_set_visible(requestLine, 0)
                XCTAssertTrue(pump { gtk_widget_get_width(slot) > 0 }, file: file, line: line)
            }
            let column = gtk_widget_get_width(slot)
            let kept = height(slot, at: column)
            // One line of a status, as the label lays it out unwrapped.
            let layout = gtk_widget_create_pango_layout(label, statusLine.sentences[0])!
            var oneLine: Int32 = 0
            pango_layout_get_pixel_size(layout, nil, &oneLine)
            g_object_unref(UnsafeMutableRawPointer(layout))
            XCTAssertGreaterThanOrEqual(kept, oneLine, "keeps a line at \(textScale)×", file: file, line: line)
            XCTAssertLessThan(
                kept, oneLine * 3 / 2, "keeps one line, no more, at \(textScale)×", file: file, line: line)
            for status in statusLine.sentences {
                gtk_label_set_text(label.opaque, status)
                gtk_widget_set_visible(label, 1)
                let needed = height(label, at: column)
                if needed <= oneLine * 3 / 2 {
                    XCTAssertLessThanOrEqual(needed, kept, "one line fits: \(status)", file: file, line: line)
                }
                XCTAssertEqual(
                    height(window.form, at: width), atRest + max(0, needed - kept),
                    "grows by more than the lines beyond the first for \(status) at \(textScale)×", file: file,
                    line: line)
                XCTAssertTrue(
                    pump { gtk_widget_get_width(label) == column },
                    "wraps at the full width of its column: \(status)", file: file, line: line)
            }
            gtk_widget_set_visible(label, 0)
            if statusLine == .slide {
                gtk_widget_set_visible(slot, 0)
                gtk_widget_set_visible(requestLine, 1)
                XCTAssertTrue(pump { gtk_widget_get_width(requestLine) > 0 }, file: file, line: line)
                pump(for: .milliseconds(50))
            }
        }
    }

    /// Checks that no mapped label in `window` is ellipsized, wider than its allocation, or
    /// runs past the edges of what holds it.
    private static func checkNothingIsCutOff(in window: UnsafeMutablePointer<GtkWidget>, file: StaticString, line: UInt)
    {
        let labels = labels(in: window).filter { gtk_widget_get_mapped($0) != 0 }
        XCTAssertGreaterThan(labels.count, 10, file: file, line: line)
        for label in labels {
            let text = String(cString: gtk_label_get_text(label.opaque))
            let layout = gtk_label_get_layout(label.opaque)
            XCTAssertEqual(pango_layout_is_ellipsized(layout), 0, "cut off: \(text)", file: file, line: line)
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            XCTAssertLessThanOrEqual(
                logical.width, gtk_widget_get_width(label), "wider than its room: \(text)", file: file, line: line)
            // Nor wider than what holds it: an overlay's label is not clipped to the overlay.
            if let parent = gtk_widget_get_parent(label) {
                var bounds = graphene_rect_t()
                _ = gtk_widget_compute_bounds(label, parent, &bounds)
                XCTAssertLessThanOrEqual(
                    Int32(bounds.origin.x + bounds.size.width), gtk_widget_get_width(parent),
                    "runs past the right edge: \(text)", file: file, line: line)
                XCTAssertGreaterThanOrEqual(
                    bounds.origin.x, 0, "runs past the left edge: \(text)", file: file, line: line)
            }
        }
    }

    /// Every GtkLabel under `widget`, the ones GTK makes inside entries (placeholders) and
    /// buttons included.
    private static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(
                UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
            {
                found.append(current)
            }
            found += labels(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }
}
