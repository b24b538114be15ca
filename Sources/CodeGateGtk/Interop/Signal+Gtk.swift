import CodeGateBase
import CGtk
import CodeGateCore
import CodeGateGLib

/// The GTK signals the controls and the app connect, on `Signal.connect`'s boxing.
extension Signal {
    /// GtkWidget's `direction-changed`, whose previous direction the handlers here do not need:
    /// they read the new one.
    @discardableResult
    package static func connectDirectionChanged(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, GtkTextDirection, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in
            UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
        }
        return connect(widget, "direction-changed", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkRange's `change-value`: return true to take over the change.
    @discardableResult
    package static func connectChangeValue(
        _ range: UnsafeMutablePointer<GtkRange>, _ action: @escaping @MainActor (GtkScrollType, Double) -> Bool
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, GtkScrollType, Double, gpointer?) -> gboolean
        let thunk: Thunk = { _, scroll, value, data in
            UIThread.assume {
                ClosureBox<@MainActor (GtkScrollType, Double) -> Bool>.unbox(data)?.value(scroll, value) == true ? 1 : 0
            }
        }
        return connect(range, "change-value", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkGestureClick's `pressed` or `released`, with the pointer position in widget
    /// coordinates.
    @discardableResult
    package static func connectClick(
        _ gesture: OpaquePointer, _ name: String, _ action: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void
        let thunk: Thunk = { _, _, x, y, data in
            UIThread.assume { ClosureBox<@MainActor (Double, Double) -> Void>.unbox(data)?.value(x, y) }
        }
        return connect(UnsafeMutableRawPointer(gesture), name, action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEditable's `insert-text`, before the text lands. The handler gets the text and the
    /// insert position; returning true stops the emission, so GTK does not insert it.
    @discardableResult
    package static func connectInsertText(
        _ editable: OpaquePointer, _ action: @escaping @MainActor (String, UnsafeMutablePointer<gint>) -> Bool
    ) -> gulong {
        typealias Thunk =
            @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, gint, UnsafeMutablePointer<gint>?, gpointer?) -> Void
        let thunk: Thunk = { editable, text, length, position, data in
            guard let editable, let text, let position else { return }
            let bytes = UnsafeRawBufferPointer(start: text, count: length >= 0 ? Int(length) : strlen(text))
            let inserted = String(decoding: bytes, as: UTF8.self)
            UIThread.assume {
                let box = ClosureBox<@MainActor (String, UnsafeMutablePointer<gint>) -> Bool>.unbox(data)
                if box?.value(inserted, position) == true {
                    g_signal_stop_emission_by_name(UnsafeMutableRawPointer(editable), "insert-text")
                }
            }
        }
        return connect(
            UnsafeMutableRawPointer(editable), "insert-text", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}

extension Signal {
    /// GtkEventControllerLegacy's `event`, reduced to what a drag needs: where the pointer or
    /// touch went down and moved (x in surface coordinates), and when it was let go. The event
    /// goes on to the other handlers.
    @discardableResult
    package static func connectPointer(
        _ controller: OpaquePointer, _ action: @escaping @MainActor (PointerEvent) -> Void
    ) -> gulong {
        connectEvent(controller, action) { event in
            let type = gdk_event_get_event_type(event)
            switch type {
            case GDK_BUTTON_RELEASE, GDK_TOUCH_END, GDK_TOUCH_CANCEL:
                return .released
            case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN, GDK_MOTION_NOTIFY, GDK_TOUCH_UPDATE:
                var x = 0.0, y = 0.0
                guard gdk_event_get_position(event, &x, &y) != 0 else { return nil }
                return type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN ? .pressed(x: x) : .moved(x: x)
            default:
                return nil
            }
        }
    }

    /// GtkEventControllerLegacy's `event`, reduced to which hand the user is on: a key pressed
    /// or let go, or a pointer button or touch going down. The event goes on to the other
    /// handlers.
    @discardableResult
    package static func connectInputKind(
        _ controller: OpaquePointer, _ action: @escaping @MainActor (InputKind) -> Void
    ) -> gulong {
        connectEvent(controller, action) { event in
            switch gdk_event_get_event_type(event) {
            case GDK_KEY_PRESS, GDK_KEY_RELEASE: .keyboard
            case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN: .pointer
            default: nil
            }
        }
    }

    /// GtkEventControllerLegacy's `event`: `action` gets what `read` makes of each event, and
    /// nothing for an event it returns nil for; every event goes on to the other handlers.
    private static func connectEvent<Value>(
        _ controller: OpaquePointer, _ action: @escaping @MainActor (Value) -> Void,
        read: @escaping @MainActor (OpaquePointer) -> Value?
    ) -> gulong {
        let handler: @MainActor (OpaquePointer) -> Void = { event in read(event).map(action) }
        typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, event, data in
            guard let event else { return 0 }
            UIThread.assume { ClosureBox<@MainActor (OpaquePointer) -> Void>.unbox(data)?.value(event) }
            return 0
        }
        return connect(
            UnsafeMutableRawPointer(controller), "event", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// What `Signal.connectInputKind` reports: the controls' rings and the app's window follow it.
package enum InputKind: Sendable {
    /// A key went down or up.
    case keyboard
    /// A pointer button went down, or a touch began.
    case pointer
}

/// What `Signal.connectPointer` reports.
package enum PointerEvent: Sendable {
    /// The pointer went down, or a touch began, at `x`, in the surface's coordinates.
    case pressed(x: Double)
    /// The pointer or touch moved to `x`, in the surface's coordinates.
    case moved(x: Double)
    /// It was let go.
    case released
}
