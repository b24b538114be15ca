import CodeGateGLib
import CGtk

/// Which kind of input a press came from, for `Signal.connectPress`.
enum InputKind {
    /// A key went down.
    case keyboard
    /// A pointer button went down, or a touch began.
    case pointer
}

extension Signal {
    /// GtkEventControllerLegacy's `event`, reduced to presses and the kind of input they came
    /// from; every event goes on to the other handlers.
    @discardableResult
    static func connectPress(_ controller: OpaquePointer, _ action: @escaping @MainActor (InputKind) -> Void) -> gulong
    {
        typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, event, data in
            guard let event else { return 0 }
            let kind: InputKind
            switch gdk_event_get_event_type(event) {
            case GDK_KEY_PRESS: kind = .keyboard
            case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN: kind = .pointer
            default: return 0
            }
            MainActor.assumeIsolated { ClosureBox<@MainActor (InputKind) -> Void>.unbox(data)?.value(kind) }
            return 0
        }
        return connect(
            UnsafeMutableRawPointer(controller), "event", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
