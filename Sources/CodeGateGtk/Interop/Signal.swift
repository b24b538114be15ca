import CGtk

/// Only ever touched on the GTK thread: created there, and read there when GTK emits.
private final class SignalHandlerBox<Handler>: @unchecked Sendable {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

private func unbox<Handler>(_ data: gpointer?) -> SignalHandlerBox<Handler> {
    Unmanaged<SignalHandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue()
}

/// Connects Swift closures to GObject signals. Each closure is retained in a box that GLib
/// releases through the closure's destroy notify, so it lives exactly as long as the handler.
/// GTK emits signals on its own thread, which is the main thread, hence `assumeIsolated`.
enum Signal {
    private static func connect<Handler>(
        _ instance: UnsafeMutableRawPointer,
        _ name: String,
        _ handler: Handler,
        thunk: GCallback
    ) -> gulong {
        let box = Unmanaged.passRetained(SignalHandlerBox(handler)).toOpaque()
        return g_signal_connect_data(instance, name, thunk, box, { data, _ in
            data.map { Unmanaged<AnyObject>.fromOpaque($0).release() }
        }, GConnectFlags(rawValue: 0))
    }

    /// A signal whose handler takes no arguments: `clicked`, `destroy`, `map`, `activate`.
    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in
            let box: SignalHandlerBox<@MainActor () -> Void> = unbox(data)
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(instance, name, action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `notify::property`, whose GParamSpec argument the handlers here do not need.
    @discardableResult
    static func connectNotify(
        _ instance: UnsafeMutableRawPointer, property: String, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in
            let box: SignalHandlerBox<@MainActor () -> Void> = unbox(data)
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(instance, "notify::\(property)", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkRange's `change-value`: return true to take over the change.
    @discardableResult
    static func connectChangeValue(
        _ range: UnsafeMutablePointer<GtkRange>, _ action: @escaping @MainActor (GtkScrollType, Double) -> Bool
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, GtkScrollType, Double, gpointer?) -> gboolean
        let thunk: Thunk = { _, scroll, value, data in
            let box: SignalHandlerBox<@MainActor (GtkScrollType, Double) -> Bool> = unbox(data)
            return MainActor.assumeIsolated { box.handler(scroll, value) ? 1 : 0 }
        }
        return connect(range, "change-value", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkGestureClick's `pressed`, with the pointer position in widget coordinates.
    @discardableResult
    static func connectPressed(_ gesture: OpaquePointer, _ action: @escaping @MainActor (Double, Double) -> Void) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void
        let thunk: Thunk = { _, _, x, y, data in
            let box: SignalHandlerBox<@MainActor (Double, Double) -> Void> = unbox(data)
            MainActor.assumeIsolated { box.handler(x, y) }
        }
        return connect(UnsafeMutableRawPointer(gesture), "pressed", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEventControllerKey's `key-released`; the handlers here only need to know it happened.
    @discardableResult
    static func connectKeyReleased(_ controller: OpaquePointer, _ action: @escaping @MainActor () -> Void) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> Void
        let thunk: Thunk = { _, _, _, _, data in
            let box: SignalHandlerBox<@MainActor () -> Void> = unbox(data)
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(UnsafeMutableRawPointer(controller), "key-released", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEditable's `insert-text`, before the text lands. The handler gets the text and the
    /// insert position; returning true stops the emission, so GTK does not insert it.
    @discardableResult
    static func connectInsertText(
        _ editable: OpaquePointer, _ action: @escaping @MainActor (String, UnsafeMutablePointer<gint>) -> Bool
    ) -> gulong {
        typealias Thunk = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, gint, UnsafeMutablePointer<gint>?, gpointer?) -> Void
        let thunk: Thunk = { editable, text, length, position, data in
            let box: SignalHandlerBox<@MainActor (String, UnsafeMutablePointer<gint>) -> Bool> = unbox(data)
            let bytes = UnsafeRawBufferPointer(start: text, count: length >= 0 ? Int(length) : strlen(text!))
            let inserted = String(decoding: bytes, as: UTF8.self)
            nonisolated(unsafe) let editable = editable, position = position!
            MainActor.assumeIsolated {
                if box.handler(inserted, position) {
                    g_signal_stop_emission_by_name(UnsafeMutableRawPointer(editable), "insert-text")
                }
            }
        }
        return connect(UnsafeMutableRawPointer(editable), "insert-text", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
