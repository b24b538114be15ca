import CCodeGateGObject
import CGtk
import CodeGateGtk

/// The Swift side of one instance of a library type: what `WidgetType` calls for its
/// properties and on dispose. It lives as long as the GObject, attached to it.
@MainActor
protocol WidgetInstance: AnyObject {
    /// The value of the property at `index` in the type's `properties`.
    func value(of index: Int) -> PropertyValue
    /// Sets the property at `index`; `WidgetType.set` notifies when its value changed.
    func set(_ index: Int, to value: PropertyValue)
    /// GObject's dispose, which may run more than once: drops the child and every reference.
    func dispose()
    /// GtkWidget's grab_focus: puts the keyboard focus where the Swift control takes it.
    func grabFocus() -> Bool
}

/// A signal of one of the library's types: run-last, no return value, arguments of the kinds
/// `parameters` lists (`.uint(0)`, `.string(nil)`).
struct SignalDefinition: Sendable {
    let name: String
    let parameters: [@Sendable () -> GType]

    init(_ name: String, _ parameters: [@Sendable () -> GType] = []) {
        self.name = name
        self.parameters = parameters
    }
}

/// One final GtkWidget subclass of libcodegate-1 registered from Swift: its GType, the
/// GParamSpecs and signal ids its class_init made, and the C callbacks that reach the Swift
/// instance attached to each object. Each lives for the process in a `static let`.
///
/// Unchecked Sendable: `gtype` is written once, when its owner's `static let` registers it;
/// `specs`, `signalIDs` and `parentClass` once in class_init, which GLib runs under its type
/// lock before any instance exists. All are only read afterwards.
final class WidgetType: @unchecked Sendable {
    let name: String
    let cssName: String
    let properties: [PropertyDefinition]
    let signals: [SignalDefinition]
    private let make: @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> any WidgetInstance
    private var specs: [UnsafeMutablePointer<GParamSpec>] = []
    private var signalIDs: [guint] = []
    private var parentClass: UnsafeMutablePointer<GObjectClass>?
    /// The GType, once `register()` made it.
    private(set) var gtype: GType = 0
    private static let instanceKey = "codegate-gobject-instance"
    private static let typeQuark = g_quark_from_static_string("codegate-widget-type")

    /// A type named `name` whose instances are made by `make` in instance_init.
    init(
        name: String, cssName: String, properties: [PropertyDefinition], signals: [SignalDefinition],
        make: @escaping @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>) -> any WidgetInstance
    ) {
        self.name = name
        self.cssName = cssName
        self.properties = properties
        self.signals = signals
        self.make = make
    }

    /// Registers the type with GLib; call once (from a `static let`, which Swift runs once).
    func register() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
        info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
        info.class_data = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        info.class_init = { gClass, data in
            guard let gClass, let data else { return }
            Unmanaged<WidgetType>.fromOpaque(data).takeUnretainedValue().classInit(gClass)
        }
        info.instance_init = { instance, gClass in
            guard let instance, let gClass else { return }
            let widget = UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GtkWidget.self)
            let type = WidgetType.of(classOf: gClass)
            onMainThread(widget) { type.instanceInit($0) }
        }
        gtype = g_type_register_static(gtk_widget_get_type(), name, &info, G_TYPE_FLAG_FINAL)
        return gtype
    }

    /// The WidgetType that registered the class `gClass`.
    private static func of(classOf gClass: UnsafeMutableRawPointer) -> WidgetType {
        let data = g_type_get_qdata(cg_type_of_class(gClass), typeQuark)!
        return Unmanaged<WidgetType>.fromOpaque(data).takeUnretainedValue()
    }

    private func classInit(_ gClass: UnsafeMutableRawPointer) {
        g_type_set_qdata(cg_type_of_class(gClass), Self.typeQuark, Unmanaged.passUnretained(self).toOpaque())
        let objectClass = gClass.assumingMemoryBound(to: GObjectClass.self)
        parentClass = g_type_class_peek_parent(gClass)?.assumingMemoryBound(to: GObjectClass.self)
        objectClass.pointee.get_property = { object, id, value, _ in
            guard let object, let value else { return }
            onMainThread((object, value)) { WidgetType.instance(of: $0.0)?.value(of: Int(id) - 1).write(to: $0.1) }
        }
        objectClass.pointee.set_property = { object, id, value, _ in
            guard let object, let value else { return }
            let type = WidgetType.of(classOf: UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!))
            let index = Int(id) - 1
            let newValue = PropertyValue(reading: value, as: type.properties[index].kind)
            let widget = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
            onMainThread((widget, newValue)) { type.set($0.0, index, to: $0.1) }
        }
        objectClass.pointee.dispose = { object in
            guard let object else { return }
            let type = WidgetType.of(classOf: UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!))
            onMainThread(object) { WidgetType.instance(of: $0)?.dispose() }
            type.parentClass?.pointee.dispose?(object)
        }
        specs = properties.map { $0.makeSpec() }
        for (index, spec) in specs.enumerated() {
            g_object_class_install_property(objectClass, guint(index + 1), spec)
        }
        let type = cg_type_of_class(gClass)
        signalIDs = signals.map { signal in
            var types = signal.parameters.map { $0() }
            return g_signal_newv(signal.name, type, G_SIGNAL_RUN_LAST, nil, nil, nil, nil, cg_type_none(), guint(types.count), &types)
        }
        let widgetClass = gClass.assumingMemoryBound(to: GtkWidgetClass.self)
        gtk_widget_class_set_css_name(widgetClass, cssName)
        // An unnamed group around the Swift control, as a GtkBox is: screen readers pass over
        // it to the control, which is named and described. GTK 4.8 calls a generic widget by
        // its type name ("CodeGateSlideToUnlock"), and leaves a presentation one out of the
        // tree together with everything inside it.
        gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_GROUP)
        widgetClass.pointee.grab_focus = { widget in
            guard let widget else { return 0 }
            return onMainThread(widget) { WidgetType.instance(of: $0)?.grabFocus() ?? false } ? 1 : 0
        }
        // Tab and Shift+Tab move through the Swift control only. GtkWidget's own focus vfunc
        // takes a widget as a stop before its children, so on Shift+Tab out of the child it
        // would grab the wrapper, whose grab_focus above hands the focus straight back to the
        // child: the keyboard would never leave it backwards.
        widgetClass.pointee.focus = { widget, direction in
            guard let widget, let child = gtk_widget_get_first_child(widget) else { return 0 }
            return gtk_widget_child_focus(child, direction)
        }
        // The Swift control's widget is the only child and takes all the space.
        gtk_widget_class_set_layout_manager_type(widgetClass, gtk_bin_layout_get_type())
    }

    @MainActor
    private func instanceInit(_ widget: UnsafeMutablePointer<GtkWidget>) {
        attach(make(widget), to: widget.cast(), key: Self.instanceKey)
    }

    /// The Swift instance attached to `object`, if it is one of ours and not finalized.
    @MainActor
    static func instance(of object: UnsafeMutableRawPointer) -> (any WidgetInstance)? {
        attached(to: object.assumingMemoryBound(to: GObject.self), key: instanceKey, as: AnyObject.self) as? any WidgetInstance
    }

    /// Sets a property of `widget` and notifies it when its value changed.
    @MainActor
    func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int, to value: PropertyValue) {
        guard let instance = Self.instance(of: widget) else { return }
        let old = instance.value(of: index)
        instance.set(index, to: value)
        if instance.value(of: index) != old {
            notify(widget, index)
        }
    }

    /// Emits notify for the property at `index`.
    @MainActor
    func notify(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
        g_object_notify_by_pspec(widget.cast(), specs[index])
    }

    /// Emits the signal at `index` on `widget` with `arguments`.
    @MainActor
    func emit(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int, _ arguments: [PropertyValue] = []) {
        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        g_value_init(&values[0], cg_type_of_instance(widget))
        g_value_set_object(&values[0], widget)
        for (offset, argument) in arguments.enumerated() {
            g_value_init(&values[offset + 1], argument.signalType)
            argument.write(to: &values[offset + 1])
        }
        g_signal_emitv(&values, signalIDs[index], 0, nil)
        for offset in values.indices {
            g_value_unset(&values[offset])
        }
    }

    /// Runs `body` on the Swift instance behind `pointer`, a C caller's `self`, on the main
    /// actor; logs a critical and answers `fallback` when it is not an instance of this type.
    nonisolated func call<Instance: WidgetInstance, Result>(
        _ pointer: UnsafeMutableRawPointer?, as _: Instance.Type, function: String = #function,
        fallback: Result, _ body: @MainActor (Instance) -> Result
    ) -> Result {
        guard cg_is_instance_of(pointer, gtype) != 0, let pointer else {
            cg_log_critical("\(function): the object is not a \(name)")
            return fallback
        }
        return withoutActuallyEscaping(body) { body in
            onMainThread((pointer, fallback, body)) { (Self.instance(of: $0.0) as? Instance).map($0.2) ?? $0.1 }
        }
    }

}
