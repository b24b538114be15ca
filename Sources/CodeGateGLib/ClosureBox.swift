import CGLib

/// A Swift value — usually a closure — handed to GLib as a callback's user data. GLib owns the
/// box: `retain` gives it one reference, and `releaseNotify`, passed as the destroy notify,
/// drops it when GLib is done with the callback, so the value lives exactly as long as the
/// handler, source or draw function it serves.
@MainActor
package final class ClosureBox<Value> {
    package let value: Value

    private init(_ value: Value) {
        self.value = value
    }

    /// A new box around `value`, retained once for GLib.
    package static func retain(_ value: Value) -> gpointer {
        Unmanaged.passRetained(ClosureBox(value)).toOpaque()
    }

    /// The value behind GLib's user data; nil for a null pointer.
    package nonisolated static func unbox(_ data: gpointer?) -> ClosureBox? {
        guard let data else { return nil }
        return Unmanaged<ClosureBox>.fromOpaque(data).takeUnretainedValue()
    }
}

/// The destroy notify for a box made by `ClosureBox.retain`.
package let releaseClosureBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
