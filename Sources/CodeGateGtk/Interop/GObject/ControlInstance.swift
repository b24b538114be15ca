import CGtk

/// The ids of one GType's properties, in the order GLib numbers them: what a property is
/// called and whether it may be set. The controls' ids are written by `make controls` from
/// gobject/controls.toml, with their C getters and setters and codegate.h's declarations.
package protocol ControlPropertyID: RawRepresentable<Int>, CaseIterable, Sendable {
    /// The kebab-case name, e.g. "unlocked-hint".
    var name: String { get }
    /// One line for GLib's blurb; codegate.h's gtk-doc comment is the documentation.
    var blurb: String { get }
    /// Whether it may be set, by g_object_set() and its C setter.
    var isWritable: Bool { get }
}

/// One of the controls, as its generated C getters and setters (`PropertyAccess`) reach it:
/// properties by id, and the C strings its getters hand out.
@MainActor
package protocol ControlInstance: ObjectInstance, DisposableInstance {
    associatedtype PropertyID: ControlPropertyID
    /// The C strings the getters returned, kept while their text stands.
    var cStrings: CStringCache { get }
}
