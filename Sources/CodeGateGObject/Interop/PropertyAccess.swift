import CCodeGateGObject
import CGtk
import CodeGateGtk

/// The controls' C getters and setters, one call each in the files `make controls` writes from
/// gobject/controls.toml: each checks its thread and instance (`ObjectType.call`), then reads
/// or sets the property by id on the main actor, where GTK runs. A set goes through the same
/// table as g_object_set() and is notified when the value changed, as a set by name is.
enum PropertyAccess<Control: ControlInstance> {
    /// A string property, as a C string the control owns until the text changes.
    static func string(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String)
        -> UnsafePointer<CChar>?
    {
        call(instance, function, Unchecked(value: nil)) {
            Unchecked(value: $0.cStrings.pointer(id.rawValue, for: $0.propertyValue(id.rawValue).text))
        }.value
    }

    /// Sets a string property; text that is not UTF-8 is refused with a warning.
    static func setString(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ text: UnsafePointer<CChar>?,
        _ function: String
    ) {
        guard let text = validText(text, function) else { return }
        write(instance, id, .string(text), function)
    }

    static func boolean(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String)
        -> gboolean
    {
        value(instance, id, function, 0) { if case .boolean(let value) = $0 { value ? 1 : 0 } else { nil } }
    }

    static func setBoolean(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ value: gboolean, _ function: String
    ) {
        write(instance, id, .boolean(value != 0), function)
    }

    static func uint(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String) -> guint {
        value(instance, id, function, 0) { if case .uint(let value) = $0 { value } else { nil } }
    }

    static func setUInt(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ value: guint, _ function: String
    ) {
        write(instance, id, .uint(value), function)
    }

    static func double(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String) -> Double {
        value(instance, id, function, 0) { if case .double(let value) = $0 { value } else { nil } }
    }

    static func enumeration(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String)
        -> Int32
    {
        value(instance, id, function, 0) { if case .enumeration(let value) = $0 { value } else { nil } }
    }

    /// An object property, owned by the control; NULL for none.
    static func object(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String)
        -> UnsafeMutableRawPointer?
    {
        value(instance, id, function, Unchecked(value: nil)) {
            if case .object(let value) = $0 { Unchecked(value: value) } else { nil }
        }.value
    }

    /// Sets an object property; an object of another type than the property's is refused with
    /// a critical, as g_object_set() refuses it.
    static func setObject(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ object: UnsafeMutableRawPointer?,
        _ function: String
    ) {
        let object = Unchecked(value: object)
        call(instance, function, ()) { control in
            if let value = object.value, case .object(let type) = Control.objectType.kind(at: id.rawValue),
               cg_is_instance_of(value, type()) == 0
            {
                let name = g_type_name(type()).map { String(cString: $0) } ?? "?"
                cg_log_critical("\(function.prefix { $0 != "(" }): the \(id.name) is not a \(name)")
                return
            }
            Control.objectType.set(control.object, id.rawValue, to: .object(object.value))
        }
    }

    /// Runs `body` on the control behind `instance`, on GTK's thread, or answers `fallback`
    /// with a critical (`ObjectType.call`).
    private static func call<Result>(
        _ instance: UnsafeMutableRawPointer?, _ function: String, _ fallback: Result,
        _ body: @MainActor (Control) -> Result
    ) -> Result {
        Control.objectType.call(instance, as: Control.self, function: function, fallback: fallback, body)
    }

    /// The property `id`'s value, as `extract` reads it; `fallback` when it is of another
    /// kind, or the call is refused.
    private static func value<Result: Sendable>(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String, _ fallback: Result,
        _ extract: @Sendable (PropertyValue) -> Result?
    ) -> Result {
        call(instance, function, fallback) { extract($0.propertyValue(id.rawValue)) ?? fallback }
    }

    private static func write(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ value: PropertyValue, _ function: String
    ) {
        let value = Unchecked(value: value)
        call(instance, function, ()) { Control.objectType.set($0.object, id.rawValue, to: value.value) }
    }
}
