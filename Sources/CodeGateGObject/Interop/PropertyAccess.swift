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
        read(instance, function, Unchecked(value: nil)) {
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
        read(instance, function, 0) {
            guard case .boolean(let value) = $0.propertyValue(id.rawValue) else { return 0 }
            return value ? 1 : 0
        }
    }

    static func setBoolean(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ value: gboolean, _ function: String
    ) {
        write(instance, id, .boolean(value != 0), function)
    }

    static func uint(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String) -> guint {
        read(instance, function, 0) {
            guard case .uint(let value) = $0.propertyValue(id.rawValue) else { return 0 }
            return value
        }
    }

    static func setUInt(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ value: guint, _ function: String
    ) {
        write(instance, id, .uint(value), function)
    }

    static func double(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String) -> Double {
        read(instance, function, 0) {
            guard case .double(let value) = $0.propertyValue(id.rawValue) else { return 0 }
            return value
        }
    }

    static func enumeration(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String)
        -> Int32
    {
        read(instance, function, 0) {
            guard case .enumeration(let value) = $0.propertyValue(id.rawValue) else { return 0 }
            return value
        }
    }

    /// An object property, owned by the control; NULL for none.
    static func object(_ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ function: String)
        -> UnsafeMutableRawPointer?
    {
        read(instance, function, Unchecked(value: nil)) {
            guard case .object(let value) = $0.propertyValue(id.rawValue) else { return Unchecked(value: nil) }
            return Unchecked(value: value)
        }.value
    }

    /// Sets an object property; an object of another type than the property's is refused with
    /// a critical, as g_object_set() refuses it.
    static func setObject(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ object: UnsafeMutableRawPointer?,
        _ function: String
    ) {
        let object = Unchecked(value: object)
        read(instance, function, ()) { control in
            if let value = object.value, case .object(let type) = Control.propertyTable[id.rawValue].definition().kind,
               cg_is_instance_of(value, type()) == 0
            {
                let name = g_type_name(type()).map { String(cString: $0) } ?? "?"
                cg_log_critical("\(function.prefix { $0 != "(" }): the \(id.name) is not a \(name)")
                return
            }
            Control.objectType.set(control.object, id.rawValue, to: .object(object.value))
        }
    }

    private static func read<Result>(
        _ instance: UnsafeMutableRawPointer?, _ function: String, _ fallback: Result,
        _ body: @MainActor (Control) -> Result
    ) -> Result {
        Control.objectType.call(instance, as: Control.self, function: function, fallback: fallback, body)
    }

    private static func write(
        _ instance: UnsafeMutableRawPointer?, _ id: Control.PropertyID, _ value: PropertyValue, _ function: String
    ) {
        let value = Unchecked(value: value)
        read(instance, function, ()) { Control.objectType.set($0.object, id.rawValue, to: value.value) }
    }
}
