import CGtk

/// A control's own focus ring for keyboard users, in any window, with no timer: GTK 4.8 stops
/// showing focus 3 s after the last key (`focus-visible`), and re-arming its timeout wakes an
/// idle app every 3 s. Instead the control notes how its user reaches it — the style class
/// `keyboard-ring` from a key pressed or let go on it (a Tab into it is let go there), or a
/// focus that arrives while the window shows focus or handed on from a control that had the
/// ring; gone with a pointer press on it or when the focus leaves — and controls.css draws the
/// ring on `:focus` under the class.
@MainActor
enum KeyboardRing {
    /// The style class.
    static let cssClass = "keyboard-ring"

    /// Follows the keys and pointer presses on `widget` for its ring; `changed` runs after each
    /// change of the class.
    static func follow(_ widget: UnsafeMutablePointer<GtkWidget>, changed: @escaping @MainActor () -> Void = {}) {
        let input = gtk_event_controller_legacy_new()!
        // Ahead of the control's own handlers, which may claim a press.
        gtk_event_controller_set_propagation_phase(input, GTK_PHASE_CAPTURE)
        Signal.connectInputKind(input) { kind in
            set(widget, kind == .keyboard, changed: changed)
        }
        gtk_widget_add_controller(widget, input)
        Signal.connectNotify(widget, property: "has-focus") {
            let focused = gtk_widget_has_focus(widget) != 0
            set(widget, focused && (isOn(widget) || gtk_widget_has_visible_focus(widget) != 0), changed: changed)
        }
    }

    /// Whether `widget` shows its ring when focused.
    static func isOn(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_has_css_class(widget, cssClass) != 0
    }

    /// Moves the focus from `source` to `target`, with the ring when `source` had it: a control
    /// that hands the focus on (e.g. the request button to the slider at the end of a cooldown)
    /// keeps a keyboard user's ring on screen however long since the last key.
    static func handFocus(from source: UnsafeMutablePointer<GtkWidget>, to target: UnsafeMutablePointer<GtkWidget>) {
        if isOn(source) {
            gtk_widget_add_css_class(target, cssClass)
        }
        gtk_widget_grab_focus(target)
    }

    private static func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ on: Bool, changed: @MainActor () -> Void) {
        guard isOn(widget) != on else { return }
        widget.setCSSClass(cssClass, on)
        changed()
    }
}
