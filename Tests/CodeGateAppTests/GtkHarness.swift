import CAdw
import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateCore
import CodeGateTestSupport
import Foundation

/// Real GTK for tests: one registered AdwApplication with the app's actions, windows on the Xvfb display that
/// `make test` starts, the main loop pumped with a bounded wait, and real pointer and key
/// events sent by xdotool (with no window manager, windows sit at the screen's origin).
@MainActor
enum GtkHarness {
    static let application: UnsafeMutablePointer<GtkApplication> = {
        // A warning from GLib or GTK in a widget test is a failure, not noise.
        g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue))
        // Non-unique, so that the tests never hand their windows to a CodeGate that runs.
        let application: UnsafeMutablePointer<GtkApplication> =
            adw_application_new("io.github.codegate.CodeGate.Tests", G_APPLICATION_NON_UNIQUE)!.cast()
        g_application_register(application.cast(), nil, nil)
        ApplicationActions.install(on: application)
        MainQueueSource.install()
        return application
    }()

    /// Opens the app's window on `timers` and waits until it is on screen.
    static func openWindow(
        options: LaunchOptions = LaunchOptions(), timers: any TimerPort, cooldownFile: String? = nil
    ) -> CodeGateWindow {
        let window = CodeGateApplication.openWindow(application: application, options: options, timers: timers, cooldownPath: cooldownFile)
        gtk_window_present(window.window.cast())
        let mapped = pump { gtk_widget_get_mapped(window.button.widget) != 0 && gtk_widget_get_width(window.slider.scale) > 0 }
        precondition(mapped, "the window never appeared")
        pump(for: .milliseconds(100))
        return window
    }

    /// Runs the main loop until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    static func pump(timeout: Duration = .seconds(3), until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 {
                usleep(1000)
            }
        }
        return true
    }

    /// Runs the main loop for `duration`.
    static func pump(for duration: Duration) {
        pump(timeout: duration) { false }
    }

    /// Closes a window and lets GTK finish tearing it down.
    static func close(_ window: CodeGateWindow) {
        gtk_window_destroy(window.window.cast())
        pump(for: .milliseconds(50))
    }

    /// The screen position of the centre of `widget`, or of the point `fraction` of the way
    /// across it.
    static func screenPoint(of widget: UnsafeMutablePointer<GtkWidget>, across fraction: Double = 0.5) -> (x: Int, y: Int) {
        let native = gtk_widget_get_native(widget)!
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, native.cast(), &bounds)
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        return (Int(surfaceX + Double(bounds.origin.x) + Double(bounds.size.width) * fraction),
                Int(surfaceY + Double(bounds.origin.y) + Double(bounds.size.height) / 2))
    }

    /// The first descendant of `widget` with the CSS name `name` ("slider", "trough").
    static func descendant(of widget: UnsafeMutablePointer<GtkWidget>, named name: String) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == name {
                return current
            }
            if let found = descendant(of: current, named: name) {
                return found
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// Runs xdotool with `arguments` and pumps the main loop while it runs, so GTK sees the
    /// events in order.
    static func xdotool(_ arguments: String...) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try! process.run()
        pump(timeout: .seconds(5)) { !process.isRunning }
        pump(for: .milliseconds(30))
    }

    /// Drags the slider's thumb with the mouse to `fraction` of the track and lets go.
    static func drag(_ slider: SlideToUnlock, to fraction: Double) {
        let thumb = screenPoint(of: descendant(of: slider.scale, named: "slider")!)
        let target = screenPoint(of: slider.scale, across: fraction)
        xdotool("mousemove", "\(thumb.x)", "\(thumb.y)", "mousedown", "1")
        for step in 1...8 {
            let x = thumb.x + (target.x - thumb.x) * step / 8
            xdotool("mousemove", "\(x)", "\(target.y)")
        }
        xdotool("mouseup", "1")
    }

    /// Clicks the middle of `widget` with the mouse, once a pending relayout (a status line
    /// that just appeared) has moved it where it will be.
    static func click(_ widget: UnsafeMutablePointer<GtkWidget>, across fraction: Double = 0.5) {
        pump(for: .milliseconds(50))
        let point = screenPoint(of: widget, across: fraction)
        xdotool("mousemove", "\(point.x)", "\(point.y)", "click", "1")
    }

    /// Clicks into `entry` and types `text` on the keyboard.
    static func type(_ text: String, into entry: UnsafeMutablePointer<GtkWidget>) {
        click(entry)
        xdotool("type", "--delay", "5", "--", text)
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

    /// The text a GtkLabel shows.
    static func text(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(label.opaque))
    }

    static func isSensitive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_is_sensitive(widget) != 0
    }

    /// Whether the keyboard focus is on `widget` or inside it (an entry's focus is on its text).
    static func hasFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
}
