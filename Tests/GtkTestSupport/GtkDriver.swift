import CGtk
import CodeGateGtk
import Foundation

/// Real GTK for widget tests: the main loop pumped with a bounded wait, and real pointer and
/// key events sent by xdotool to the Xvfb display `make test` starts (with no window manager,
/// windows sit at the screen's origin). Tests run one at a time on the main thread, GTK's.
@MainActor
public enum GtkDriver {
    /// Runs the main loop until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    public static func pump(timeout: Duration = .seconds(3), until condition: () -> Bool) -> Bool {
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
    public static func pump(for duration: Duration) {
        pump(timeout: duration) { false }
    }

    /// The screen position of the centre of `widget`, or of the point `fraction` of the way
    /// across it.
    public static func screenPoint(of widget: UnsafeMutablePointer<GtkWidget>, across fraction: Double = 0.5) -> (
        x: Int, y: Int
    ) {
        let native = gtk_widget_get_native(widget)!
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, native.cast(), &bounds)
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        return (Int(surfaceX + Double(bounds.origin.x) + Double(bounds.size.width) * fraction),
                Int(surfaceY + Double(bounds.origin.y) + Double(bounds.size.height) / 2))
    }

    /// The first descendant of `widget` with the CSS name `name` ("slider", "trough").
    public static func descendant(of widget: UnsafeMutablePointer<GtkWidget>, named name: String)
        -> UnsafeMutablePointer<GtkWidget>?
    {
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
    public static func xdotool(_ arguments: String...) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try! process.run()
        pump(timeout: .seconds(5)) { !process.isRunning }
        pump(for: .milliseconds(30))
    }

    /// Drags the slider's thumb with the mouse to `fraction` of the track and lets go.
    public static func drag(_ slider: SlideToUnlock, to fraction: Double) {
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
    public static func click(_ widget: UnsafeMutablePointer<GtkWidget>, across fraction: Double = 0.5) {
        pump(for: .milliseconds(50))
        let point = screenPoint(of: widget, across: fraction)
        xdotool("mousemove", "\(point.x)", "\(point.y)", "click", "1")
    }

    /// Clicks into `entry` and types `text` on the keyboard.
    public static func type(_ text: String, into entry: UnsafeMutablePointer<GtkWidget>) {
        click(entry)
        xdotool("type", "--delay", "5", "--", text)
    }

    /// The text a GtkLabel or a GtkInscription shows.
    public static func text(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        if g_type_check_instance_is_a(label.cast(), gtk_inscription_get_type()) != 0 {
            return gtk_inscription_get_text(label.opaque).map { String(cString: $0) } ?? ""
        }
        return String(cString: gtk_label_get_text(label.opaque))
    }

    /// Whether `widget` and its ancestors take input.
    public static func isSensitive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_is_sensitive(widget) != 0
    }

    /// Whether a click on `button` would do anything: it is sensitive and takes the pointer.
    /// The request button stays sensitive while busy, so the keyboard focus can stay on it,
    /// but lets the pointer through and says it is disabled.
    public static func takesPresses(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_is_sensitive(button) != 0 && gtk_widget_get_can_target(button) != 0
    }

    /// Whether the keyboard focus is on `widget` or inside it (an entry's focus is on its text).
    public static func hasFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
}
