import CCodeGateGObject
import CGtk
import CodeGateGtk

// The C API of CodeGateCountdownButton (codegate.h) over the Swift control the GType is: each
// function checks its thread and instance, then runs on the main actor, where GTK runs.

private typealias Object = CountdownButton
private typealias Properties = CountdownButton.Properties

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

/// The button's `idle-text`, owned by the button.
@_cdecl("codegate_countdown_button_get_idle_text")
public func codegate_countdown_button_get_idle_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    button(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(Properties.idleText)) }.value
}

/// Sets the button's `idle-text`.
@_cdecl("codegate_countdown_button_set_idle_text")
public func codegate_countdown_button_set_idle_text(_ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?)
{
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.idleText.set(on: $0, text) }
}

/// The button's `label-format`, owned by the button.
@_cdecl("codegate_countdown_button_get_label_format")
public func codegate_countdown_button_get_label_format(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    button(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(Properties.labelFormat)) }.value
}

/// Sets the button's `label-format`.
@_cdecl("codegate_countdown_button_set_label_format")
public func codegate_countdown_button_set_label_format(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.labelFormat.set(on: $0, text) }
}

/// The button's `sending-text`, owned by the button.
@_cdecl("codegate_countdown_button_get_sending_text")
public func codegate_countdown_button_get_sending_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    button(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(Properties.sendingText)) }.value
}

/// Sets the button's `sending-text`.
@_cdecl("codegate_countdown_button_set_sending_text")
public func codegate_countdown_button_set_sending_text(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.sendingText.set(on: $0, text) }
}

/// The button's `sending-accessible-name`, NULL for the default, owned by the button.
@_cdecl("codegate_countdown_button_get_sending_accessible_name")
public func codegate_countdown_button_get_sending_accessible_name(_ instance: UnsafeMutableRawPointer?)
    -> UnsafePointer<CChar>?
{
    button(instance, #function, Unchecked(value: nil)) {
        Unchecked(value: $0.cString(Properties.sendingAccessibleName))
    }.value
}

/// Sets the button's `sending-accessible-name`.
@_cdecl("codegate_countdown_button_set_sending_accessible_name")
public func codegate_countdown_button_set_sending_accessible_name(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.sendingAccessibleName.set(on: $0, text) }
}

/// The button's `counting-accessible-name`, NULL for the default, owned by the button.
@_cdecl("codegate_countdown_button_get_counting_accessible_name")
public func codegate_countdown_button_get_counting_accessible_name(_ instance: UnsafeMutableRawPointer?)
    -> UnsafePointer<CChar>?
{
    button(instance, #function, Unchecked(value: nil)) {
        Unchecked(value: $0.cString(Properties.countingAccessibleName))
    }.value
}

/// Sets the button's `counting-accessible-name`.
@_cdecl("codegate_countdown_button_set_counting_accessible_name")
public func codegate_countdown_button_set_counting_accessible_name(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.countingAccessibleName.set(on: $0, text) }
}

/// The button's `sent-news`, owned by the button.
@_cdecl("codegate_countdown_button_get_sent_news")
public func codegate_countdown_button_get_sent_news(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    button(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(Properties.sentNews)) }.value
}

/// Sets the button's `sent-news`.
@_cdecl("codegate_countdown_button_set_sent_news")
public func codegate_countdown_button_set_sent_news(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.sentNews.set(on: $0, text) }
}

/// The button's `ready-news`, owned by the button.
@_cdecl("codegate_countdown_button_get_ready_news")
public func codegate_countdown_button_get_ready_news(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    button(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(Properties.readyNews)) }.value
}

/// Sets the button's `ready-news`.
@_cdecl("codegate_countdown_button_set_ready_news")
public func codegate_countdown_button_set_ready_news(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    button(instance, #function, ()) { Properties.readyNews.set(on: $0, text) }
}

/// How the button's last failed request went wrong (CodeGateFailureKind).
@_cdecl("codegate_countdown_button_get_failure_kind")
public func codegate_countdown_button_get_failure_kind(_ instance: UnsafeMutableRawPointer?) -> Int32 {
    button(instance, #function, 0) { Properties.failureKind.get($0) }
}

/// The button's request timeout, in seconds.
@_cdecl("codegate_countdown_button_get_request_timeout")
public func codegate_countdown_button_get_request_timeout(_ instance: UnsafeMutableRawPointer?) -> guint {
    button(instance, #function, 0) { Properties.requestTimeout.get($0) }
}

/// Sets the button's request timeout, in seconds (1 to CODEGATE_LONGEST_COOLDOWN).
@_cdecl("codegate_countdown_button_set_request_timeout")
public func codegate_countdown_button_set_request_timeout(_ instance: UnsafeMutableRawPointer?, _ seconds: guint) {
    button(instance, #function, ()) { Properties.requestTimeout.set(on: $0, seconds) }
}

/// Whether the app allows a request.
@_cdecl("codegate_countdown_button_get_enabled")
public func codegate_countdown_button_get_enabled(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    button(instance, #function, 0) { Properties.enabled.get($0) ? 1 : 0 }
}

/// Sets whether the app allows a request.
@_cdecl("codegate_countdown_button_set_enabled")
public func codegate_countdown_button_set_enabled(_ instance: UnsafeMutableRawPointer?, _ enabled: gboolean) {
    button(instance, #function, ()) { Properties.enabled.set(on: $0, enabled != 0) }
}

/// The slider the button waits for, owned by the button; NULL for none.
@_cdecl("codegate_countdown_button_get_slider")
public func codegate_countdown_button_get_slider(_ instance: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    button(instance, #function, Unchecked(value: nil)) { Unchecked(value: Properties.slider.get($0).pointer) }.value
}

/// Makes the button wait for `slider`, or for none.
@_cdecl("codegate_countdown_button_set_slider")
public func codegate_countdown_button_set_slider(
    _ instance: UnsafeMutableRawPointer?, _ slider: UnsafeMutableRawPointer?
) {
    if let slider, cg_is_instance_of(slider, SlideToUnlock.gtype) == 0 {
        cg_log_critical("codegate_countdown_button_set_slider: the slider is not a CodeGateSlideToUnlock")
        return
    }
    let argument = Unchecked(value: slider)
    button(instance, #function, ()) { Properties.slider.set(on: $0, ObjectReference(argument.value)) }
}

/// Idle, sending or counting (CodeGateCountdownPhase).
@_cdecl("codegate_countdown_button_get_phase")
public func codegate_countdown_button_get_phase(_ instance: UnsafeMutableRawPointer?) -> Int32 {
    button(instance, #function, 0) { Properties.phase.get($0) }
}

/// The whole seconds of the cooldown left.
@_cdecl("codegate_countdown_button_get_seconds_left")
public func codegate_countdown_button_get_seconds_left(_ instance: UnsafeMutableRawPointer?) -> guint {
    button(instance, #function, 0) { Properties.secondsLeft.get($0) }
}

/// How much of the cooldown has passed, 0 to 1.
@_cdecl("codegate_countdown_button_get_fraction")
public func codegate_countdown_button_get_fraction(_ instance: UnsafeMutableRawPointer?) -> Double {
    button(instance, #function, 0) { Properties.fraction.get($0) }
}

/// Whether the cooldown runs.
@_cdecl("codegate_countdown_button_get_counting")
public func codegate_countdown_button_get_counting(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    button(instance, #function, 0) { Properties.counting.get($0) ? 1 : 0 }
}
