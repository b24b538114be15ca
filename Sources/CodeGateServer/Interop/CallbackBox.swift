import CSoup

/// A Swift value handed to GLib or libsoup as a callback's user data; GLib owns the box and
/// drops it through `releaseCallbackBox`, the destroy notify, when the handler or source goes.
/// (The controls' `ClosureBox` is the same for GTK; this module links GLib only.)
final class CallbackBox<Value> {
    let value: Value

    private init(_ value: Value) {
        self.value = value
    }

    /// A new box around `value`, retained once for GLib.
    static func retain(_ value: Value) -> gpointer {
        Unmanaged.passRetained(CallbackBox(value)).toOpaque()
    }

    /// The value behind GLib's user data.
    static func unbox(_ data: gpointer?) -> Value? {
        guard let data else { return nil }
        return Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue().value
    }
}

/// The destroy notify for a box made by `CallbackBox.retain`.
let releaseCallbackBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
