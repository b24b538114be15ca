// Written by scripts/controls.py from gobject/controls.toml: change that file and run `make controls`.

import CGtk
import CodeGateGtk

private typealias Access = PropertyAccess<SlideToUnlock>

/// Gets `unlocked` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_unlocked")
public func codegate_slide_to_unlock_get_unlocked(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    Access.boolean(instance, .unlocked, #function)
}

/// Gets `hint` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_hint")
public func codegate_slide_to_unlock_get_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .hint, #function)
}

/// Sets `hint`.
@_cdecl("codegate_slide_to_unlock_set_hint")
public func codegate_slide_to_unlock_set_hint(_ instance: UnsafeMutableRawPointer?, _ hint: UnsafePointer<CChar>?) {
    Access.setString(instance, .hint, hint, #function)
}

/// Gets `unlocked-hint` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_unlocked_hint")
public func codegate_slide_to_unlock_get_unlocked_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .unlockedHint, #function)
}

/// Sets `unlocked-hint`.
@_cdecl("codegate_slide_to_unlock_set_unlocked_hint")
public func codegate_slide_to_unlock_set_unlocked_hint(
    _ instance: UnsafeMutableRawPointer?,
    _ hint: UnsafePointer<CChar>?
) {
    Access.setString(instance, .unlockedHint, hint, #function)
}

/// Gets `keyboard-hint` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_keyboard_hint")
public func codegate_slide_to_unlock_get_keyboard_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .keyboardHint, #function)
}

/// Sets `keyboard-hint`.
@_cdecl("codegate_slide_to_unlock_set_keyboard_hint")
public func codegate_slide_to_unlock_set_keyboard_hint(
    _ instance: UnsafeMutableRawPointer?,
    _ hint: UnsafePointer<CChar>?
) {
    Access.setString(instance, .keyboardHint, hint, #function)
}

/// Gets `focused-hint` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_focused_hint")
public func codegate_slide_to_unlock_get_focused_hint(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .focusedHint, #function)
}

/// Sets `focused-hint`.
@_cdecl("codegate_slide_to_unlock_set_focused_hint")
public func codegate_slide_to_unlock_set_focused_hint(
    _ instance: UnsafeMutableRawPointer?,
    _ hint: UnsafePointer<CChar>?
) {
    Access.setString(instance, .focusedHint, hint, #function)
}

/// Gets `progress-text` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_progress_text")
public func codegate_slide_to_unlock_get_progress_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .progressText, #function)
}

/// Sets `progress-text`.
@_cdecl("codegate_slide_to_unlock_set_progress_text")
public func codegate_slide_to_unlock_set_progress_text(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .progressText, text, #function)
}

/// Gets `returned-text` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_returned_text")
public func codegate_slide_to_unlock_get_returned_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .returnedText, #function)
}

/// Sets `returned-text`.
@_cdecl("codegate_slide_to_unlock_set_returned_text")
public func codegate_slide_to_unlock_set_returned_text(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .returnedText, text, #function)
}

/// Gets `locked-accessible-name` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_locked_accessible_name")
public func codegate_slide_to_unlock_get_locked_accessible_name(
    _ instance: UnsafeMutableRawPointer?
) -> UnsafePointer<CChar>? {
    Access.string(instance, .lockedAccessibleName, #function)
}

/// Sets `locked-accessible-name`.
@_cdecl("codegate_slide_to_unlock_set_locked_accessible_name")
public func codegate_slide_to_unlock_set_locked_accessible_name(
    _ instance: UnsafeMutableRawPointer?,
    _ name: UnsafePointer<CChar>?
) {
    Access.setString(instance, .lockedAccessibleName, name, #function)
}

/// Gets `unlocked-accessible-name` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_unlocked_accessible_name")
public func codegate_slide_to_unlock_get_unlocked_accessible_name(
    _ instance: UnsafeMutableRawPointer?
) -> UnsafePointer<CChar>? {
    Access.string(instance, .unlockedAccessibleName, #function)
}

/// Sets `unlocked-accessible-name`.
@_cdecl("codegate_slide_to_unlock_set_unlocked_accessible_name")
public func codegate_slide_to_unlock_set_unlocked_accessible_name(
    _ instance: UnsafeMutableRawPointer?,
    _ name: UnsafePointer<CChar>?
) {
    Access.setString(instance, .unlockedAccessibleName, name, #function)
}

/// Gets `position-text` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_position_text")
public func codegate_slide_to_unlock_get_position_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .positionText, #function)
}

/// Sets `position-text`.
@_cdecl("codegate_slide_to_unlock_set_position_text")
public func codegate_slide_to_unlock_set_position_text(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .positionText, text, #function)
}

/// Gets `unlocked-position-text` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_unlocked_position_text")
public func codegate_slide_to_unlock_get_unlocked_position_text(
    _ instance: UnsafeMutableRawPointer?
) -> UnsafePointer<CChar>? {
    Access.string(instance, .unlockedPositionText, #function)
}

/// Sets `unlocked-position-text`.
@_cdecl("codegate_slide_to_unlock_set_unlocked_position_text")
public func codegate_slide_to_unlock_set_unlocked_position_text(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .unlockedPositionText, text, #function)
}

/// Gets `tooltip` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_tooltip")
public func codegate_slide_to_unlock_get_tooltip(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .tooltip, #function)
}

/// Sets `tooltip`.
@_cdecl("codegate_slide_to_unlock_set_tooltip")
public func codegate_slide_to_unlock_set_tooltip(
    _ instance: UnsafeMutableRawPointer?,
    _ tooltip: UnsafePointer<CChar>?
) {
    Access.setString(instance, .tooltip, tooltip, #function)
}

/// Gets `group-name` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_group_name")
public func codegate_slide_to_unlock_get_group_name(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .groupName, #function)
}

/// Sets `group-name`.
@_cdecl("codegate_slide_to_unlock_set_group_name")
public func codegate_slide_to_unlock_set_group_name(
    _ instance: UnsafeMutableRawPointer?,
    _ name: UnsafePointer<CChar>?
) {
    Access.setString(instance, .groupName, name, #function)
}

/// Gets `note` (codegate.h documents it).
@_cdecl("codegate_slide_to_unlock_get_note")
public func codegate_slide_to_unlock_get_note(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .note, #function)
}

/// Sets `note`.
@_cdecl("codegate_slide_to_unlock_set_note")
public func codegate_slide_to_unlock_set_note(_ instance: UnsafeMutableRawPointer?, _ note: UnsafePointer<CChar>?) {
    Access.setString(instance, .note, note, #function)
}
