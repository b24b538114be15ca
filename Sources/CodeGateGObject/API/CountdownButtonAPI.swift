import CCodeGateGObject
import CGtk
import CodeGateGtk

// The C API of CodeGateCountdownButton (codegate.h) over the Swift control the GType is: each
// function checks its thread and instance, then runs on the main actor, where GTK runs.

private typealias Object = CountdownButton

private func button<Result>(
    _ pointer: UnsafeMutableRawPointer?, _ function: String, _ fallback: Result, _ body: @MainActor (Object) -> Result
) -> Result {
    Object.type.call(pointer, as: Object.self, function: function, fallback: fallback, body)
}

/// The GType of CodeGateCountdownButton, registered on first call.
@_cdecl("codegate_countdown_button_get_type")
public func codegate_countdown_button_get_type() -> GType {
    Object.gtype
}

/// The GType of CodeGateCountdownPhase.
@_cdecl("codegate_countdown_phase_get_type")
public func codegate_countdown_phase_get_type() -> GType {
    Object.phaseType
}

/// The GType of CodeGateFailureKind, registered when the library loads.
@_cdecl("codegate_failure_kind_get_type")
public func codegate_failure_kind_get_type() -> GType {
    Object.failureKindType
}

/// A new idle button (floating reference).
@_cdecl("codegate_countdown_button_new")
public func codegate_countdown_button_new() -> UnsafeMutablePointer<GtkWidget>? {
    newWidget(of: Object.gtype, function: #function)
}

/// Counts down `seconds` now.
@_cdecl("codegate_countdown_button_start_cooldown")
public func codegate_countdown_button_start_cooldown(_ instance: UnsafeMutableRawPointer?, _ seconds: guint) {
    button(instance, #function, ()) { $0.startCooldown(.seconds(min(seconds, Object.longestSeconds))) }
}

/// Back to idle at once.
@_cdecl("codegate_countdown_button_reset")
public func codegate_countdown_button_reset(_ instance: UnsafeMutableRawPointer?) {
    button(instance, #function, ()) { $0.reset() }
}
