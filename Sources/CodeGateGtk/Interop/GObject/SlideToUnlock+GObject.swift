import CodeGateBase
import CCodeGateGObject
import CGtk
import CodeGateCore
import CodeGateGLib

extension SlideToUnlock.PropertyID {
    /// Its kind, with its default: each text's in the language of the moment.
    @MainActor
    var kind: PropertyDefinition.Kind {
        self == .unlocked ? .boolean(default: false) : .string(default: defaultText)
    }

    /// The default of each text, in the language of the moment, as a left-to-right track
    /// says it: the model's, and the widget's own tooltip and group name.
    @MainActor
    private var defaultText: String? {
        switch self {
        case .hint: SlideUnlock.defaultHint
        case .unlockedHint: SlideUnlock.defaultUnlockedHint
        case .keyboardHint: SlideUnlock.defaultKeyboardHints.text(mirrored: false)
        case .focusedHint: SlideUnlock.defaultFocusedHints.text(mirrored: false)
        case .progressText: SlideUnlock.defaultProgressText
        case .returnedText: SlideUnlock.defaultReturnedText
        case .lockedAccessibleName: SlideUnlock.defaultLockedAccessibleName
        case .unlockedAccessibleName: SlideUnlock.defaultUnlockedAccessibleName
        case .positionText: SlideUnlock.defaultPositionText
        case .unlockedPositionText: SlideUnlock.defaultUnlockedPositionTexts.text(mirrored: false)
        case .tooltip: SlideToUnlock.defaultTooltips.text(mirrored: false)
        case .groupName: SlideToUnlock.defaultGroupName
        case .unlocked, .note: nil
        }
    }

    /// The text of `model` this property stands for; nil for the widget's own.
    @MainActor
    func text(of model: SlideUnlock) -> String? {
        switch self {
        case .hint: model.hint
        case .unlockedHint: model.unlockedHint
        case .keyboardHint: model.keyboardHint
        case .focusedHint: model.focusedHint
        case .progressText: model.progressText
        case .returnedText: model.returnedText
        case .lockedAccessibleName: model.lockedAccessibleName
        case .unlockedAccessibleName: model.unlockedAccessibleName
        case .positionText: model.positionText
        case .unlockedPositionText: model.unlockedPositionText
        case .unlocked, .tooltip, .groupName, .note: nil
        }
    }
}

/// CodeGateSlideToUnlock, the widget every `SlideToUnlock` is: its property table (the
/// control's words, and `unlocked` with its notify) and its class — a GtkScale with the hint on
/// its track as one more child. Its ids, C getters and setters are written from
/// gobject/controls.toml.
extension SlideToUnlock: ObjectInstance, DisposableInstance {
    /// The control's words, read and set by property.
    @MainActor
    struct Texts {
        let control: SlideToUnlock

        func text(_ property: PropertyID) -> String? {
            switch property {
            case .tooltip: control.tooltip
            case .groupName: control.groupName
            case .note: control.note
            default: property.text(of: control.model)
            }
        }

        /// Sets a text. Only `note` may be empty (NULL from C: no note); any other would leave
        /// the control without words someone needs, and is refused with a warning.
        func set(_ property: PropertyID, _ text: String?) {
            let model = control.model
            let words = text ?? ""
            if words.isEmpty, property != .note, property != .unlocked {
                cg_log_warning(
                    "CodeGateSlideToUnlock: an empty \(property.name) would leave the control without those words; "
                        + "it stays \"\(self.text(property) ?? "")\"")
                return
            }
            switch property {
            case .unlocked: break
            case .hint: model.hint = words
            case .unlockedHint: model.unlockedHint = words
            case .keyboardHint: model.keyboardHint = words
            case .focusedHint: model.focusedHint = words
            case .progressText: model.progressText = words
            case .returnedText: model.returnedText = words
            case .lockedAccessibleName: model.lockedAccessibleName = words
            case .unlockedAccessibleName: model.unlockedAccessibleName = words
            case .positionText: model.positionText = words
            case .unlockedPositionText: model.unlockedPositionText = words
            case .tooltip: control.tooltip = words
            case .groupName: control.groupName = words
            case .note: control.note = text.flatMap { $0.isEmpty ? nil : $0 }
            }
        }
    }

    /// The registered type: a GtkScale with the CSS name `slide-to-unlock`. A scale itself, not
    /// a widget around one: GTK 4.8 gives the AT-SPI Value interface only to its own range
    /// widgets, and a wrapper would be one more node for a screen reader to pass.
    package nonisolated static let type = ObjectType(
        name: "CodeGateSlideToUnlock", symbolPrefix: "codegate_slide_to_unlock", parent: { gtk_scale_get_type() },
        classSize: MemoryLayout<GtkScaleClass>.size, instanceSize: MemoryLayout<GtkScale>.size,
        properties: { propertyTable.map { $0.definition() } },
        signals: [],
        setUpClass: { setUpClass($0.assumingMemoryBound(to: GtkWidgetClass.self)) },
        make: {
            _ = SlideToUnlock(
                widget: $0.assumingMemoryBound(to: GtkWidget.self), model: SlideUnlock(timers: GLibTimerPort()))
        })
    /// Its GType, registered on first use.
    package nonisolated static let gtype = type.register()
    package nonisolated static var objectType: ObjectType { type }
    /// The GObject, which is the widget.
    package var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

    /// `unlocked`, read-only and notified.
    static let unlockedProperty = Property<SlideToUnlock, Bool>(
        PropertyID.unlocked, kind: { PropertyID.unlocked.kind }, get: { $0.isUnlocked })

    /// The text property `id`, read and set through `Texts`.
    package static func textProperty(_ id: PropertyID) -> Property<SlideToUnlock, String?> {
        Property(id, kind: { id.kind }, get: { Texts(control: $0).text(id) }, set: { Texts(control: $0).set(id, $1) })
    }

    package static let propertyTable = PropertyID.allCases.map { id in
        id == .unlocked ? unlockedProperty.erased : textProperty(id).erased
    }

    /// The class's own vfuncs, each after the scale's: the track, sized by its CSS (3em high,
    /// enough for two lines of the hint at any text size), then the hint on the wider side of it
    /// beside the thumb, so the thumb never covers it, and drawn over it.
    private nonisolated static func setUpClass(_ widgetClass: UnsafeMutablePointer<GtkWidgetClass>) {
        gtk_widget_class_set_css_name(widgetClass, "slide-to-unlock")
        // g_object_new sets the range's construct properties after instance_init made the
        // control: a slider made from C gets an empty adjustment then, and its own again here.
        widgetClass.pointee.parent_class.constructed = { object in
            SlideToUnlock.scaleClass.pointee.parent_class.constructed?(object)
            let address = UInt(bitPattern: object)
            UIThread.assume {
                UnsafeMutablePointer<GtkWidget>(bitPattern: address).flatMap { SlideToUnlock.of($0) }?.setUpRange()
            }
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            SlideToUnlock.scaleClass.pointee.size_allocate?(widget, width, height, baseline)
            let address = UInt(bitPattern: widget)
            UIThread.assume {
                UnsafeMutablePointer<GtkWidget>(bitPattern: address).flatMap { SlideToUnlock.of($0) }?.allocateHint(
                    width: width, height: height, baseline: baseline)
            }
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            SlideToUnlock.scaleClass.pointee.snapshot?(widget, snapshot)
            guard let widget, let snapshot, let hint = gtk_widget_get_last_child(widget),
                  gtk_widget_get_first_child(widget) != hint
            else { return }
            gtk_widget_snapshot_child(widget, hint, snapshot)
        }
    }

    /// GtkScale's class, whose vfuncs ours chain up to.
    private nonisolated static var scaleClass: UnsafeMutablePointer<GtkWidgetClass> {
        g_type_class_peek(gtk_scale_get_type()).assumingMemoryBound(to: GtkWidgetClass.self)
    }

    /// Notifies `unlocked` as it moves.
    func bindGObject() {
        gobject.wasUnlocked = isUnlocked
        model.changes.observe(until: widget) { [weak self] in self?.unlockedChanged() }
    }

    private func unlockedChanged() {
        guard isUnlocked != gobject.wasUnlocked else { return }
        gobject.wasUnlocked = isUnlocked
        Self.type.notify(widget, PropertyID.unlocked.rawValue)
    }

    /// The C strings the getters returned.
    package var cStrings: CStringCache { gobject.strings }

    /// Whether GObject disposed the slider: the C API refuses calls after that.
    package var isDisposed: Bool { gobject.isDisposed }

    /// Drops the hint; the scale drops its own track.
    package func disposeObject() {
        // Dispose may run more than once (g_object_run_dispose, then the last unref's).
        guard !gobject.isDisposed else { return }
        gobject.isDisposed = true
        model.retire()
        if gtk_widget_get_parent(label) == widget {
            gtk_widget_unparent(label)
        }
    }
}

/// What the GObject side of a `SlideToUnlock` keeps between calls.
@MainActor
final class SlideToUnlockGObjectState {
    /// The C strings the getters returned.
    let strings = CStringCache()
    /// `unlocked` as last notified.
    var wasUnlocked = false
    var isDisposed = false
}
