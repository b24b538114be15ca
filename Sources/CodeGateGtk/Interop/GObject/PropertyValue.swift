import CCodeGateGObject
import CGtk

/// A GObject property of one of the library's types, as GLib describes it.
package struct PropertyDefinition: Sendable {
    /// The property's value type, with its range and default.
    package enum Kind: Sendable {
        case string(default: String?)
        case boolean(default: Bool)
        case uint(minimum: UInt32, maximum: UInt32, default: UInt32)
        case double(minimum: Double, maximum: Double, default: Double)
        case enumeration(type: @Sendable () -> GType, default: Int32)
        case object(type: @Sendable () -> GType)
    }

    /// Its kebab-case name, e.g. "unlocked-hint".
    package let name: String
    /// One line for GLib's blurb; the gtk-doc comment in codegate.h is the documentation.
    package let blurb: String
    package let kind: Kind
    package let isWritable: Bool

    package init(name: String, blurb: String, kind: Kind, isWritable: Bool) {
        self.name = name
        self.blurb = blurb
        self.kind = kind
        self.isWritable = isWritable
    }

    /// The GParamSpec for the class. Notified only when the value really changes.
    package func makeSpec() -> UnsafeMutablePointer<GParamSpec> {
        let flags = GParamFlags(rawValue: (isWritable ? G_PARAM_READWRITE.rawValue : G_PARAM_READABLE.rawValue)
            | G_PARAM_EXPLICIT_NOTIFY.rawValue)
        switch kind {
        case .string(let value):
            return g_param_spec_string(name, name, blurb, value, flags)
        case .boolean(let value):
            return g_param_spec_boolean(name, name, blurb, value ? 1 : 0, flags)
        case .uint(let minimum, let maximum, let value):
            return g_param_spec_uint(name, name, blurb, minimum, maximum, value, flags)
        case .double(let minimum, let maximum, let value):
            return g_param_spec_double(name, name, blurb, minimum, maximum, value, flags)
        case .enumeration(let type, let value):
            return g_param_spec_enum(name, name, blurb, type(), value, flags)
        case .object(let type):
            return g_param_spec_object(name, name, blurb, type(), flags)
        }
    }
}

/// A property's or a signal argument's value on the Swift side of a GValue.
package enum PropertyValue: Equatable {
    case string(String?)
    case boolean(Bool)
    case uint(UInt32)
    case double(Double)
    case enumeration(Int32)
    case object(UnsafeMutableRawPointer?)

    /// The text of a string value; nil for any other kind.
    package var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Reads `value`, a GValue of the property `kind`.
    package init(reading value: UnsafePointer<GValue>, as kind: PropertyDefinition.Kind) {
        switch kind {
        case .string: self = .string(g_value_get_string(value).map { String(cString: $0) })
        case .boolean: self = .boolean(g_value_get_boolean(value) != 0)
        case .uint: self = .uint(g_value_get_uint(value))
        case .double: self = .double(g_value_get_double(value))
        case .enumeration: self = .enumeration(g_value_get_enum(value))
        case .object: self = .object(g_value_get_object(value))
        }
    }

    /// Stores this value in `value`, a GValue already initialised to the matching type.
    package func write(to value: UnsafeMutablePointer<GValue>) {
        switch self {
        case .string(let text): g_value_set_string(value, text)
        case .boolean(let flag): g_value_set_boolean(value, flag ? 1 : 0)
        case .uint(let number): g_value_set_uint(value, number)
        case .double(let number): g_value_set_double(value, number)
        case .enumeration(let number): g_value_set_enum(value, number)
        case .object(let object): g_value_set_object(value, object)
        }
    }
}
