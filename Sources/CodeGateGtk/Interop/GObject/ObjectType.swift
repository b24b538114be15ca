import CodeGateBase
import CCodeGateGObject
import CGtk
import CodeGateCore

/// The Swift side of one instance of a CodeGate GType: what `ObjectType` calls for its
/// properties and on dispose. It lives as long as the GObject, attached to it.
@MainActor
package protocol ObjectInstance: AnyObject {
    /// The type every instance of this Swift class is.
    nonisolated static var objectType: ObjectType { get }
    /// The type's property table, in the order of the property ids.
    static var propertyTable: [AnyProperty<Self>] { get }
    /// The GObject.
    var object: UnsafeMutableRawPointer { get }
    /// GObject's dispose, which may run more than once: drops what the instance references.
    func disposeObject()
}

extension ObjectInstance {
    /// The value of the property at `index` in the table.
    package func propertyValue(_ index: Int) -> PropertyValue {
        Self.propertyTable[index].get(self)
    }

    /// Sets the property at `index` in the table; a value of another kind, or a read-only
    /// property, is refused with a warning (GObject itself checks both before).
    func setPropertyValue(_ index: Int, _ value: PropertyValue) {
        guard let set = Self.propertyTable[index].set, set(self, value) else {
            cg_log_warning("\(Self.objectType.name): property \(index + 1) cannot be set to \(value)")
            return
        }
    }
}

/// A signal of one of the CodeGate types: run-last, no return value, arguments of the GTypes
/// `parameters` gives; `detailed` when an emission names a detail (`failed::timed-out`), which
/// handlers may connect to alone.
package struct SignalDefinition: Sendable {
    let name: String
    let parameters: [@Sendable () -> GType]
    let detailed: Bool

    package init(_ name: String, _ parameters: [@Sendable () -> GType] = [], detailed: Bool = false) {
        self.name = name
        self.parameters = parameters
        self.detailed = detailed
    }
}

/// One final GType of the controls registered from Swift — the widgets themselves and the
/// request object — with the GParamSpecs and signal ids its class_init made, and the C
/// callbacks that reach the Swift instance attached to each object. Each lives for the process
/// in a `static let`; the widgets' Swift classes are typed handles over their instances.
///
/// Unchecked Sendable: `gtype` is written once, when its owner's `static let` registers it;
/// `specs`, `signalIDs` and `parentClass` once in class_init, which GLib runs under its type
/// lock before any instance exists. All are only read afterwards.
package final class ObjectType: @unchecked Sendable {
    /// The type's name, e.g. "CodeGateCountdownButton".
    package let name: String
    /// The C prefix of its functions, e.g. "codegate_countdown_button", for criticals.
    package let symbolPrefix: String
    private let parent: @Sendable () -> GType
    private let classSize: Int
    private let instanceSize: Int
    private let properties: @MainActor @Sendable () -> [PropertyDefinition]
    private let signals: [SignalDefinition]
    private let setUpClass: @Sendable (UnsafeMutableRawPointer) -> Void
    private let make: @MainActor @Sendable (UnsafeMutableRawPointer) -> Void
    /// Whether an instance may be disposed on any thread, its Swift side holding nothing to
    /// drop then: `CodeGateRequest`, which apps unref from workers as they do a GTask.
    private let disposesAnywhere: Bool
    private var definitions: [PropertyDefinition] = []
    private var specs: [UnsafeMutablePointer<GParamSpec>] = []
    private var signalIDs: [guint] = []
    private var signalTypes: [[GType]] = []
    private var parentClass: UnsafeMutablePointer<GObjectClass>?
    /// The GType, once `register()` made it.
    private(set) var gtype: GType = 0
    /// Where each instance keeps its Swift side.
    package static let instanceKey = "codegate-instance"
    private static let typeQuark = g_quark_from_static_string("codegate-object-type")
    /// Set while Swift makes an instance it then builds itself: instance_init leaves it alone.
    nonisolated(unsafe) private static var adopting = false

    /// A type named `name`, derived from `parent` (whose class and instance structs are
    /// `classSize` and `instanceSize` bytes); `make` gives an instance made by g_object_new
    /// its Swift side, `setUpClass` adds the type's own vfuncs, and `disposesAnywhere` lets apps drop
    /// the last reference on any thread.
    package init(
        name: String, symbolPrefix: String, parent: @escaping @Sendable () -> GType, classSize: Int, instanceSize: Int,
        properties: @escaping @MainActor @Sendable () -> [PropertyDefinition], signals: [SignalDefinition],
        setUpClass: @escaping @Sendable (UnsafeMutableRawPointer) -> Void = { _ in },
        disposesAnywhere: Bool = false,
        make: @escaping @MainActor @Sendable (UnsafeMutableRawPointer) -> Void
    ) {
        self.disposesAnywhere = disposesAnywhere
        self.name = name
        self.symbolPrefix = symbolPrefix
        self.parent = parent
        self.classSize = classSize
        self.instanceSize = instanceSize
        self.properties = properties
        self.signals = signals
        self.setUpClass = setUpClass
        self.make = make
    }

    /// Registers the type with GLib; call once (from a `static let`, which Swift runs once).
    /// Safe from an ELF constructor: nothing here needs the main actor or GTK's initialisation.
    func register() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(classSize)
        info.instance_size = guint16(instanceSize)
        info.class_data = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        info.class_init = { gClass, data in
            guard let gClass, let data else { return }
            Unmanaged<ObjectType>.fromOpaque(data).takeUnretainedValue().classInit(gClass)
        }
        info.instance_init = { instance, gClass in
            guard let instance, let gClass, !ObjectType.adopting else { return }
            let type = ObjectType.of(classOf: gClass)
            let object = UnsafeMutableRawPointer(instance)
            onGTKThread("\(type.symbolPrefix)_init", (type, object)) { $0.0.make($0.1) }
        }
        gtype = g_type_register_static(parent(), name, &info, G_TYPE_FLAG_FINAL)
        return gtype
    }

    /// A new instance of `gtype` (this type, registered: the owner's `static let`) that Swift
    /// gives its Swift side itself (floating for a widget, as `gtk_*_new` returns one).
    @MainActor
    package static func newInstance(of gtype: GType) -> UnsafeMutableRawPointer {
        GTKThread.adopt()
        adopting = true
        defer { adopting = false }
        return UnsafeMutableRawPointer(g_object_new_with_properties(gtype, 0, nil, nil)!)
    }

    /// The ObjectType that registered the class `gClass`.
    private static func of(classOf gClass: UnsafeMutableRawPointer) -> ObjectType {
        let data = g_type_get_qdata(cg_type_of_class(gClass), typeQuark)!
        return Unmanaged<ObjectType>.fromOpaque(data).takeUnretainedValue()
    }

    private static func of(object: UnsafeMutableRawPointer) -> ObjectType {
        of(classOf: cg_class_of_instance(object))
    }

    private func classInit(_ gClass: UnsafeMutableRawPointer) {
        g_type_set_qdata(cg_type_of_class(gClass), Self.typeQuark, Unmanaged.passUnretained(self).toOpaque())
        let objectClass = gClass.assumingMemoryBound(to: GObjectClass.self)
        parentClass = g_type_class_peek_parent(gClass)?.assumingMemoryBound(to: GObjectClass.self)
        objectClass.pointee.get_property = { object, id, value, pspec in
            guard let object, let value else { return }
            let type = ObjectType.of(object: object)
            guard type.isOwn(id, pspec, of: object) else { return }
            onGTKThread("\(type.symbolPrefix)_get_property", (object, value)) {
                ObjectType.instance(of: $0.0)?.propertyValue(Int(id) - 1).write(to: $0.1)
            }
        }
        objectClass.pointee.set_property = { object, id, value, pspec in
            guard let object, let value else { return }
            let type = ObjectType.of(object: object)
            guard type.isOwn(id, pspec, of: object) else { return }
            let index = Int(id) - 1
            if case .string = type.definitions[index].kind,
               validText(g_value_get_string(value), "\(type.symbolPrefix)_set_property") == nil
            {
                return
            }
            let newValue = PropertyValue(reading: value, as: type.definitions[index].kind)
            onGTKThread("\(type.symbolPrefix)_set_property", (UnsafeMutableRawPointer(object), newValue)) {
                type.set($0.0, index, to: $0.1)
            }
        }
        objectClass.pointee.dispose = { object in
            guard let object else { return }
            let type = ObjectType.of(object: object)
            // An object GTask-like apps may drop anywhere (a request) has nothing to drop then.
            if type.disposesAnywhere {
                type.parentClass?.pointee.dispose?(object)
                return
            }
            onGTKThread("\(type.symbolPrefix)_dispose", object) { ObjectType.instance(of: $0)?.disposeObject() }
            type.parentClass?.pointee.dispose?(object)
        }
        // GLib runs class_init once, under its type lock, on whichever thread first refers to
        // the class — a worker's g_type_class_ref or GtkBuilder on GTK's own thread alike — and
        // the table it builds is constant data: no instance, no GTK call, so any thread will do.
        definitions = UIThread.assume { properties() }
        specs = definitions.map { $0.makeSpec() }
        for (index, spec) in specs.enumerated() {
            g_object_class_install_property(objectClass, guint(index + 1), spec)
        }
        let type = cg_type_of_class(gClass)
        signalTypes = signals.map { $0.parameters.map { $0() } }
        signalIDs = zip(signals, signalTypes).map { signal, types in
            var types = types
            let flags = GSignalFlags(G_SIGNAL_RUN_LAST.rawValue | (signal.detailed ? G_SIGNAL_DETAILED.rawValue : 0))
            return g_signal_newv(
                signal.name, type, flags, nil, nil, nil, nil, cg_type_none(), guint(types.count), &types)
        }
        setUpClass(gClass)
    }

    /// Whether `id` is one of this type's properties; warns as G_OBJECT_WARN_INVALID_PROPERTY_ID
    /// does when it is not.
    private func isOwn(_ id: guint, _ pspec: UnsafeMutablePointer<GParamSpec>?, of object: UnsafeMutableRawPointer)
        -> Bool
    {
        guard id < 1 || Int(id) > specs.count else { return true }
        let property = pspec.map { String(cString: $0.pointee.name) } ?? "?"
        let kind = pspec.flatMap { g_type_name(cg_type_of_instance($0)) }.map { String(cString: $0) } ?? "?"
        cg_log_warning("\(symbolPrefix): invalid property id \(id) for \"\(property)\" of type '\(kind)' in '\(name)'")
        return false
    }

    /// The Swift instance attached to `object`, if it is one of ours and not finalized.
    @MainActor
    package static func instance(of object: UnsafeMutableRawPointer) -> (any ObjectInstance)? {
        attached(to: object.assumingMemoryBound(to: GObject.self), key: instanceKey, as: AnyObject.self)
            as? any ObjectInstance
    }

    /// Sets a property of `object` and notifies it when its value changed.
    @MainActor
    package func set(_ object: UnsafeMutableRawPointer, _ index: Int, to value: PropertyValue) {
        guard let instance = Self.instance(of: object) else { return }
        let old = instance.propertyValue(index)
        instance.setPropertyValue(index, value)
        if instance.propertyValue(index) != old {
            notify(object, index)
        }
    }

    /// The kind of the property at `index`, as class_init described it.
    package func kind(at index: Int) -> PropertyDefinition.Kind {
        definitions[index].kind
    }

    /// Emits notify for the property at `index`.
    @MainActor
    package func notify(_ object: UnsafeMutableRawPointer, _ index: Int) {
        g_object_notify_by_pspec(object.assumingMemoryBound(to: GObject.self), specs[index])
    }

    /// Emits the signal at `index` on `object` with `arguments`, and `detail` for a detailed one.
    @MainActor
    package func emit(
        _ object: UnsafeMutableRawPointer, _ index: Int, _ arguments: [PropertyValue] = [], detail: String? = nil
    ) {
        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        g_value_init(&values[0], cg_type_of_instance(object))
        g_value_set_object(&values[0], object)
        for (offset, argument) in arguments.enumerated() {
            g_value_init(&values[offset + 1], signalTypes[index][offset])
            argument.write(to: &values[offset + 1])
        }
        g_signal_emitv(&values, signalIDs[index], detail.map { g_quark_from_string($0) } ?? 0, nil)
        for offset in values.indices {
            g_value_unset(&values[offset])
        }
    }

    /// Whether anything is connected to the signal at `index` on `object`.
    @MainActor
    package func hasHandler(_ object: UnsafeMutableRawPointer, _ index: Int) -> Bool {
        g_signal_has_handler_pending(object, signalIDs[index], 0, 0) != 0
    }

    /// Runs `body` on the Swift instance behind `pointer`, a C caller's `self`, on the GTK
    /// thread. Logs one critical naming `function` (a C function, or a Swift `#function` whose
    /// selector is cut to it) and answers `fallback` when called off that thread, on an object
    /// that is not of this type, or on one already disposed.
    package nonisolated func call<Instance: ObjectInstance, Result>(
        _ pointer: UnsafeMutableRawPointer?, as _: Instance.Type, function: String,
        fallback: Result, _ body: @MainActor (Instance) -> Result
    ) -> Result {
        let function = String(function.prefix { $0 != "(" })
        guard cg_is_instance_of(pointer, gtype) != 0, let pointer else {
            cg_log_critical("\(function): the object is not a \(name)")
            return fallback
        }
        let fallback = Unchecked(value: fallback)
        return withoutActuallyEscaping(body) { body in
            onGTKThread(function, (pointer, body, name, fallback), fallback: fallback) { arguments in
                guard let instance = Self.instance(of: arguments.0) as? Instance else {
                    cg_log_critical("\(function): the \(arguments.2) was not made on the GTK thread")
                    return arguments.3
                }
                guard (instance as? any DisposableInstance)?.isDisposed != true else {
                    cg_log_critical("\(function): the \(arguments.2) was disposed")
                    return arguments.3
                }
                return Unchecked(value: arguments.1(instance))
            }
        }.value
    }
}

/// An instance that knows whether GObject disposed it: the C API refuses calls after that.
@MainActor
package protocol DisposableInstance {
    /// Whether dispose ran.
    var isDisposed: Bool { get }
}
