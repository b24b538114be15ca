// Written by scripts/controls.py from gobject/controls.toml: change that file and run `make controls`.

import CGtk
import CodeGateGtk

private typealias Access = PropertyAccess<CountdownButton>

/// Gets `idle-text` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_idle_text")
public func codegate_countdown_button_get_idle_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .idleText, #function)
}

/// Sets `idle-text`.
@_cdecl("codegate_countdown_button_set_idle_text")
public func codegate_countdown_button_set_idle_text(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .idleText, text, #function)
}

/// Gets `label-format` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_label_format")
public func codegate_countdown_button_get_label_format(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .labelFormat, #function)
}

/// Sets `label-format`.
@_cdecl("codegate_countdown_button_set_label_format")
public func codegate_countdown_button_set_label_format(
    _ instance: UnsafeMutableRawPointer?,
    _ format: UnsafePointer<CChar>?
) {
    Access.setString(instance, .labelFormat, format, #function)
}

/// Gets `sending-text` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_sending_text")
public func codegate_countdown_button_get_sending_text(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .sendingText, #function)
}

/// Sets `sending-text`.
@_cdecl("codegate_countdown_button_set_sending_text")
public func codegate_countdown_button_set_sending_text(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .sendingText, text, #function)
}

/// Gets `request-timeout` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_request_timeout")
public func codegate_countdown_button_get_request_timeout(_ instance: UnsafeMutableRawPointer?) -> guint {
    Access.uint(instance, .requestTimeout, #function)
}

/// Sets `request-timeout`.
@_cdecl("codegate_countdown_button_set_request_timeout")
public func codegate_countdown_button_set_request_timeout(_ instance: UnsafeMutableRawPointer?, _ seconds: guint) {
    Access.setUInt(instance, .requestTimeout, seconds, #function)
}

/// Gets `enabled` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_enabled")
public func codegate_countdown_button_get_enabled(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    Access.boolean(instance, .enabled, #function)
}

/// Sets `enabled`.
@_cdecl("codegate_countdown_button_set_enabled")
public func codegate_countdown_button_set_enabled(_ instance: UnsafeMutableRawPointer?, _ enabled: gboolean) {
    Access.setBoolean(instance, .enabled, enabled, #function)
}

/// Gets `slider` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_slider")
public func codegate_countdown_button_get_slider(_ instance: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Access.object(instance, .slider, #function)
}

/// Sets `slider`.
@_cdecl("codegate_countdown_button_set_slider")
public func codegate_countdown_button_set_slider(
    _ instance: UnsafeMutableRawPointer?,
    _ slider: UnsafeMutableRawPointer?
) {
    Access.setObject(instance, .slider, slider, #function)
}

/// Gets `phase` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_phase")
public func codegate_countdown_button_get_phase(_ instance: UnsafeMutableRawPointer?) -> Int32 {
    Access.enumeration(instance, .phase, #function)
}

/// Gets `seconds-left` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_seconds_left")
public func codegate_countdown_button_get_seconds_left(_ instance: UnsafeMutableRawPointer?) -> guint {
    Access.uint(instance, .secondsLeft, #function)
}

/// Gets `fraction` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_fraction")
public func codegate_countdown_button_get_fraction(_ instance: UnsafeMutableRawPointer?) -> Double {
    Access.double(instance, .fraction, #function)
}

/// Gets `counting` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_counting")
public func codegate_countdown_button_get_counting(_ instance: UnsafeMutableRawPointer?) -> gboolean {
    Access.boolean(instance, .counting, #function)
}

/// Gets `sending-accessible-name` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_sending_accessible_name")
public func codegate_countdown_button_get_sending_accessible_name(
    _ instance: UnsafeMutableRawPointer?
) -> UnsafePointer<CChar>? {
    Access.string(instance, .sendingAccessibleName, #function)
}

/// Sets `sending-accessible-name`.
@_cdecl("codegate_countdown_button_set_sending_accessible_name")
public func codegate_countdown_button_set_sending_accessible_name(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .sendingAccessibleName, text, #function)
}

/// Gets `counting-accessible-name` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_counting_accessible_name")
public func codegate_countdown_button_get_counting_accessible_name(
    _ instance: UnsafeMutableRawPointer?
) -> UnsafePointer<CChar>? {
    Access.string(instance, .countingAccessibleName, #function)
}

/// Sets `counting-accessible-name`.
@_cdecl("codegate_countdown_button_set_counting_accessible_name")
public func codegate_countdown_button_set_counting_accessible_name(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .countingAccessibleName, text, #function)
}

/// Gets `sent-news` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_sent_news")
public func codegate_countdown_button_get_sent_news(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .sentNews, #function)
}

/// Sets `sent-news`.
@_cdecl("codegate_countdown_button_set_sent_news")
public func codegate_countdown_button_set_sent_news(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .sentNews, text, #function)
}

/// Gets `ready-news` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_ready_news")
public func codegate_countdown_button_get_ready_news(_ instance: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    Access.string(instance, .readyNews, #function)
}

/// Sets `ready-news`.
@_cdecl("codegate_countdown_button_set_ready_news")
public func codegate_countdown_button_set_ready_news(
    _ instance: UnsafeMutableRawPointer?,
    _ text: UnsafePointer<CChar>?
) {
    Access.setString(instance, .readyNews, text, #function)
}

/// Gets `failure-kind` (codegate.h documents it).
@_cdecl("codegate_countdown_button_get_failure_kind")
public func codegate_countdown_button_get_failure_kind(_ instance: UnsafeMutableRawPointer?) -> Int32 {
    Access.enumeration(instance, .failureKind, #function)
}
