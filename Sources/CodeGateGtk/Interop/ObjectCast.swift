import CGtk

/// GObject casts: C's `GTK_WINDOW (widget)` is a pointer reinterpretation that Swift cannot
/// import, so every such cast — the package's and an app's — goes through these helpers.
extension UnsafeMutablePointer {
    /// The same object seen as another GObject type that the C API declares as a struct
    /// (GtkWindow, GtkBox, GObject…): `window.cast() as UnsafeMutablePointer<GtkWindow>`.
    @inline(__always)
    public func cast<Other>() -> UnsafeMutablePointer<Other> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: Other.self)
    }

    /// The same object seen as a GObject type that the C API keeps opaque (GtkLabel, GtkEntry…).
    @inline(__always)
    public var opaque: OpaquePointer { OpaquePointer(self) }
}

extension OpaquePointer {
    /// An opaque GObject pointer seen as a type the C API declares as a struct.
    @inline(__always)
    public func cast<Other>() -> UnsafeMutablePointer<Other> {
        UnsafeMutablePointer<Other>(self)
    }
}

/// Keeps `owner` alive exactly as long as `object`: GLib releases it in the data's destroy
/// notify when the object is finalized. Widgets use it so their Swift side needs no other owner.
package func attach(_ owner: AnyObject, to object: UnsafeMutablePointer<GObject>, key: String) {
    g_object_set_data_full(object, key, Unmanaged.passRetained(owner).toOpaque()) { data in
        data.map { Unmanaged<AnyObject>.fromOpaque($0).release() }
    }
}

/// The Swift object `attach` keeps on `object` under `key`, if it is an `Owner`: how a control
/// is found again from its widget.
package func attached<Owner: AnyObject>(to object: UnsafeMutablePointer<GObject>, key: String, as _: Owner.Type)
    -> Owner?
{
    guard let data = g_object_get_data(object, key) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? Owner
}
