import CodeGateGLib
import CodeGateGtk
import CGtk

/// Keeps a window's focus rings on screen for as long as the keyboard is in use.
///
/// GTK 4.8 hides them 3 s after the last key press, even when the user has not touched the
/// pointer: someone reading the form, or a switch user between two presses, then no longer
/// sees where focus is. Here only a pointer press lets them go: whenever GTK hides the rings
/// with no press since the keyboard last showed them, they come straight back.
@MainActor
enum FocusRings {
    /// Keeps `window`'s rings visible while the keyboard, not the pointer, was used last.
    static func keepVisible(in window: UnsafeMutablePointer<GtkWidget>) {
        var pointerPressed = false
        let press = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(press, 0)
        // Capture: the press is seen before any widget under the pointer takes it.
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signal.connectClick(press, "pressed") { _, _ in pointerPressed = true }
        gtk_widget_add_controller(window, press)
        Signal.connectNotify(window, property: "focus-visible") {
            if gtk_window_get_focus_visible(window.cast()) != 0 {
                pointerPressed = false
            } else if !pointerPressed {
                gtk_window_set_focus_visible(window.cast(), 1)
            }
        }
    }
}
