import CodeGateGLib
import CGtk
import CodeGateGtk

/// Keeps a window's focus rings on screen for as long as the keyboard is in use.
///
/// GTK 4.8 hides them 3 s after the last key press, even when the user has not touched the
/// pointer: someone reading the form, or a switch user between two presses, then no longer
/// sees where focus is. Setting `focus-visible` back would re-arm GTK's 3 s timer, and the idle
/// window would redraw every 3 s for good. Instead the window carries the `keyboard-focus`
/// style class from a key press to the next pointer press, and style.css draws the rings of
/// the focused widget under it as GTK draws them under `:focus-visible`: no timer at all.
@MainActor
enum FocusRings {
    /// The window's style class while the keyboard, not the pointer, was used last.
    static let styleClass = "keyboard-focus"

    /// Keeps `window`'s rings visible while the keyboard, not the pointer, was used last.
    static func keepVisible(in window: UnsafeMutablePointer<GtkWidget>) {
        let presses = gtk_event_controller_legacy_new()!
        // Capture: the press is seen before any widget under the pointer or focus takes it.
        gtk_event_controller_set_propagation_phase(presses, GTK_PHASE_CAPTURE)
        Signal.connectInputKind(presses) { kind in
            switch kind {
            case .keyboard: gtk_widget_add_css_class(window, styleClass)
            case .pointer: gtk_widget_remove_css_class(window, styleClass)
            }
        }
        gtk_widget_add_controller(window, presses)
    }
}
