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

/// Whether the check is passed.
@_cdecl("codegate_slide_to_unlock_get_unlocked")
public func codegate_slide_to_unlock_get_unlocked(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    slider(instance, #function, 0) { $0.isUnlocked ? 1 : 0 }
}

/// Locks the check again.
@_cdecl("codegate_slide_to_unlock_lock")
public func codegate_slide_to_unlock_lock(_ instance: UnsafeMutableRawPointer?) {
    slider(instance, #function, ()) { $0.lock() }
}

/// The slider's `hint` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_hint")
public func codegate_slide_to_unlock_get_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.hint)) }.value
}

/// Sets the slider's `hint` text.
@_cdecl("codegate_slide_to_unlock_set_hint")
public func codegate_slide_to_unlock_set_hint(_ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.hint, text) }
}

/// The slider's `unlocked-hint` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_unlocked_hint")
public func codegate_slide_to_unlock_get_unlocked_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.unlockedHint)) }.value
}

/// Sets the slider's `unlocked-hint` text.
@_cdecl("codegate_slide_to_unlock_set_unlocked_hint")
public func codegate_slide_to_unlock_set_unlocked_hint(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.unlockedHint, text) }
}

/// The slider's `keyboard-hint` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_keyboard_hint")
public func codegate_slide_to_unlock_get_keyboard_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.keyboardHint)) }.value
}

/// Sets the slider's `keyboard-hint` text.
@_cdecl("codegate_slide_to_unlock_set_keyboard_hint")
public func codegate_slide_to_unlock_set_keyboard_hint(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.keyboardHint, text) }
}

/// The slider's `focused-hint` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_focused_hint")
public func codegate_slide_to_unlock_get_focused_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.focusedHint)) }.value
}

/// Sets the slider's `focused-hint` text.
@_cdecl("codegate_slide_to_unlock_set_focused_hint")
public func codegate_slide_to_unlock_set_focused_hint(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.focusedHint, text) }
}

/// The slider's `progress-text` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_progress_text")
public func codegate_slide_to_unlock_get_progress_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.progressText)) }.value
}

/// Sets the slider's `progress-text` text.
@_cdecl("codegate_slide_to_unlock_set_progress_text")
public func codegate_slide_to_unlock_set_progress_text(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.progressText, text) }
}

/// The slider's `returned-text` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_returned_text")
public func codegate_slide_to_unlock_get_returned_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.returnedText)) }.value
}

/// Sets the slider's `returned-text` text.
@_cdecl("codegate_slide_to_unlock_set_returned_text")
public func codegate_slide_to_unlock_set_returned_text(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.returnedText, text) }
}

/// The slider's `locked-accessible-name` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_locked_accessible_name")
public func codegate_slide_to_unlock_get_locked_accessible_name(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<
    CChar
>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.lockedAccessibleName)) }.value
}

/// Sets the slider's `locked-accessible-name` text.
@_cdecl("codegate_slide_to_unlock_set_locked_accessible_name")
public func codegate_slide_to_unlock_set_locked_accessible_name(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.lockedAccessibleName, text) }
}

/// The slider's `unlocked-accessible-name` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_unlocked_accessible_name")
public func codegate_slide_to_unlock_get_unlocked_accessible_name(_ instance: UnsafeMutableRawPointer?)
    -> UnsafePointer<CChar>?
{
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.unlockedAccessibleName)) }.value
}

/// Sets the slider's `unlocked-accessible-name` text.
@_cdecl("codegate_slide_to_unlock_set_unlocked_accessible_name")
public func codegate_slide_to_unlock_set_unlocked_accessible_name(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.unlockedAccessibleName, text) }
}

/// The slider's `position-text` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_position_text")
public func codegate_slide_to_unlock_get_position_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.positionText)) }.value
}

/// Sets the slider's `position-text` text.
@_cdecl("codegate_slide_to_unlock_set_position_text")
public func codegate_slide_to_unlock_set_position_text(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.positionText, text) }
}

/// The slider's `unlocked-position-text` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_unlocked_position_text")
public func codegate_slide_to_unlock_get_unlocked_position_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<
    CChar
>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.unlockedPositionText)) }.value
}

/// Sets the slider's `unlocked-position-text` text.
@_cdecl("codegate_slide_to_unlock_set_unlocked_position_text")
public func codegate_slide_to_unlock_set_unlocked_position_text(
    _ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?
) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.unlockedPositionText, text) }
}

/// The slider's `tooltip` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_tooltip")
public func codegate_slide_to_unlock_get_tooltip(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.tooltip)) }.value
}

/// Sets the slider's `tooltip` text.
@_cdecl("codegate_slide_to_unlock_set_tooltip")
public func codegate_slide_to_unlock_set_tooltip(_ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.tooltip, text) }
}

/// The slider's `group-name` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_group_name")
public func codegate_slide_to_unlock_get_group_name(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.groupName)) }.value
}

/// Sets the slider's `group-name` text.
@_cdecl("codegate_slide_to_unlock_set_group_name")
public func codegate_slide_to_unlock_set_group_name(_ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?)
{
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.groupName, text) }
}

/// The slider's `note` text, owned by the slider.
@_cdecl("codegate_slide_to_unlock_get_note")
public func codegate_slide_to_unlock_get_note(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    slider(instance, #function, Unchecked(value: nil)) { Unchecked(value: $0.cString(.note)) }.value
}

/// Sets the slider's `note` text.
@_cdecl("codegate_slide_to_unlock_set_note")
public func codegate_slide_to_unlock_set_note(_ instance: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?) {
    guard let text = validText(text, #function) else { return }
    slider(instance, #function, ()) { $0.setText(.note, text) }
}
