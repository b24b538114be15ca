import CGtk

/// A value a property of the controls holds, to and from the untyped side of a GValue.
package protocol PropertyType: Equatable {
    /// The value `value` holds, nil when it holds another kind.
    init?(_ value: PropertyValue)
    /// The value for a GValue.
    var propertyValue: PropertyValue { get }
}

/// One property of `Control`, a CodeGate GType's Swift side: its GParamSpec's description and
/// its typed getter and setter, from which the property vfuncs (through `erased`) and the C
/// getters and setters derive.
package struct Property<Control: ObjectInstance, Value: PropertyType>: Sendable {
    /// Its place in the table, its property id less one.
    package let index: Int
    private let describe: @MainActor @Sendable () -> PropertyDefinition
    /// The value now.
    package let get: @MainActor @Sendable (Control) -> Value
    private let write: (@MainActor @Sendable (Control, Value) -> Void)?

    /// The property `id`, of the `kind` (run in class_init), read by `get` and, when `id` is
    /// writable, set by `set`.
    package init(
        _ id: some ControlPropertyID, kind: @escaping @MainActor @Sendable () -> PropertyDefinition.Kind,
        get: @escaping @MainActor @Sendable (Control) -> Value,
        set: (@MainActor @Sendable (Control, Value) -> Void)? = nil
    ) {
        let (name, blurb, isWritable) = (id.name, id.blurb, id.isWritable)
        self.index = id.rawValue
        self.describe = { PropertyDefinition(name: name, blurb: blurb, kind: kind(), isWritable: isWritable) }
        self.get = get
        self.write = isWritable ? set : nil
    }

    /// The same property for the table the vfuncs read.
    package var erased: AnyProperty<Control> {
        let get = get
        var set: (@MainActor @Sendable (Control, PropertyValue) -> Bool)?
        if let write {
            set = { control, value in
                guard let typed = Value(value) else { return false }
                write(control, typed)
                return true
            }
        }
        return AnyProperty(definition: describe, get: { get($0).propertyValue }, set: set)
    }
}

/// A property of `Control` with its value type erased: an entry of the table the GObject
/// property vfuncs read and write.
package struct AnyProperty<Control: ObjectInstance>: Sendable {
    /// Its description, for class_init.
    package let definition: @MainActor @Sendable () -> PropertyDefinition
    /// Its value now.
    package let get: @MainActor @Sendable (Control) -> PropertyValue
    /// Sets it; false when the value is of another kind. Nil when read-only.
    package let set: (@MainActor @Sendable (Control, PropertyValue) -> Bool)?
}

extension Optional: PropertyType where Wrapped == String {
    package init?(_ value: PropertyValue) {
        guard case .string(let text) = value else { return nil }
        self = text
    }

    package var propertyValue: PropertyValue { .string(self) }
}

extension Bool: PropertyType {
    package init?(_ value: PropertyValue) {
        guard case .boolean(let flag) = value else { return nil }
        self = flag
    }

    package var propertyValue: PropertyValue { .boolean(self) }
}

extension UInt32: PropertyType {
    package init?(_ value: PropertyValue) {
        guard case .uint(let number) = value else { return nil }
        self = number
    }

    package var propertyValue: PropertyValue { .uint(self) }
}

extension Double: PropertyType {
    package init?(_ value: PropertyValue) {
        guard case .double(let number) = value else { return nil }
        self = number
    }

    package var propertyValue: PropertyValue { .double(self) }
}

/// An enumeration's value, as GLib holds it.
extension Int32: PropertyType {
    package init?(_ value: PropertyValue) {
        guard case .enumeration(let number) = value else { return nil }
        self = number
    }

    package var propertyValue: PropertyValue { .enumeration(self) }
}

/// An object property's value: a GObject, unowned, or none.
package struct ObjectReference: PropertyType {
    package let pointer: UnsafeMutableRawPointer?

    package init(_ pointer: UnsafeMutableRawPointer?) {
        self.pointer = pointer
    }

    package init?(_ value: PropertyValue) {
        guard case .object(let pointer) = value else { return nil }
        self.pointer = pointer
    }

    package var propertyValue: PropertyValue { .object(pointer) }
}
