import CodeGateBase
import CGLib

/// Connects Swift closures to GObject signals — the package's, and an app's own (its
/// GtkApplication's `activate`, a button's `clicked`); GTK's own signal shapes are added by
/// CodeGateGtk. Each closure is retained in a `ClosureBox` that
/// GLib releases through the handler's destroy notify, so it lives exactly as long as the
/// handler. GTK emits signals on its own thread, hence `UIThread.assume`.
@MainActor
public enum Signal {
    /// Connects `handler`, boxed for GLib, through `thunk`, the C function that unboxes it with
    /// the signal's own arguments. The other targets' signals are built on this one.
    package static func connect<Handler>(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ handler: Handler, thunk: GCallback
    ) -> gulong {
        g_signal_connect_data(instance, name, thunk, ClosureBox.retain(handler), { data, _ in
            releaseClosureBox(data)
        }, GConnectFlags(rawValue: 0))
    }

    /// A signal whose handler takes no arguments: `clicked`, `destroy`, `map`, `activate`.
    /// Returns the handler id.
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in
            UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
        }
        return connect(instance, name, action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GSimpleAction's `activate`. The app's actions take no parameter, so the handler gets none.
    @discardableResult
    package static func connectActivate(_ action: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in
            UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
        }
        return connect(
            UnsafeMutableRawPointer(action), "activate", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `notify::property`, whose GParamSpec argument the handlers here do not need.
    @discardableResult
    public static func connectNotify(
        _ instance: UnsafeMutableRawPointer, property: String, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in
            UIThread.assume { ClosureBox<@MainActor () -> Void>.unbox(data)?.value() }
        }
        return connect(instance, "notify::\(property)", action, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
