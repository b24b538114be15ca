import CGtk
import CodeGateGtk

// The C API of CodeGateSlideToUnlock (codegate.h) over the Swift control the GType is: each
// function checks its thread and instance, then runs on the main actor, where GTK runs.

private typealias Object = SlideToUnlock

private func slider<Result>(
    _ pointer: UnsafeMutableRawPointer?, _ function: String, _ fallback: Result, _ body: @MainActor (Object) -> Result
) -> Result {
    Object.type.call(pointer, as: Object.self, function: function, fallback: fallback, body)
}

/// The GType of CodeGateSlideToUnlock, registered on first call.
@_cdecl("codegate_slide_to_unlock_get_type")
public func codegate_slide_to_unlock_get_type() -> GType {
    Object.gtype
}

/// A new, locked slider (floating reference).
@_cdecl("codegate_slide_to_unlock_new")
public func codegate_slide_to_unlock_new() -> UnsafeMutablePointer<GtkWidget>? {
    newWidget(of: Object.gtype, function: #function)
}

/// Locks the check again.
@_cdecl("codegate_slide_to_unlock_lock")
public func codegate_slide_to_unlock_lock(_ instance: UnsafeMutableRawPointer?) {
    slider(instance, #function, ()) { $0.lock() }
}
