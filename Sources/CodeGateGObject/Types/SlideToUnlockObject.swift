import CGtk
import CodeGateCore
import CodeGateGtk

/// CodeGateSlideToUnlock: a GtkWidget whose only child is a `SlideToUnlock`, with the control's
/// words as properties and its unlock as a signal.
@MainActor
final class SlideToUnlockObject: WidgetInstance {
    /// The properties, in the order of their ids.
    enum Property: Int, CaseIterable {
        case unlocked, hint, unlockedHint, keyboardHint, focusedHint, progressText, returnedText
        case lockedAccessibleName, unlockedAccessibleName, positionText, unlockedPositionText
        case tooltip, groupName, note

        @MainActor
        var definition: PropertyDefinition {
            switch self {
            case .unlocked:
                PropertyDefinition(name: "unlocked", blurb: "Whether the check is passed", kind: .boolean(default: false), isWritable: false)
            case .note:
                PropertyDefinition(name: "note", blurb: "A line said before the description", kind: .string(default: nil), isWritable: true)
            default:
                PropertyDefinition(name: name, blurb: "A text of the control", kind: .string(default: defaultText), isWritable: true)
            }
        }

        /// The model's default for its texts, in the language of the moment; the tooltip and
        /// the group name are the widget's, whose defaults only its documentation gives.
        @MainActor
        private var defaultText: String? { text(of: SlideUnlock(timers: GLibTimerPort())) }

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

        /// The kebab-case name.
        private var name: String {
            switch self {
            case .unlocked: "unlocked"
            case .hint: "hint"
            case .unlockedHint: "unlocked-hint"
            case .keyboardHint: "keyboard-hint"
            case .focusedHint: "focused-hint"
            case .progressText: "progress-text"
            case .returnedText: "returned-text"
            case .lockedAccessibleName: "locked-accessible-name"
            case .unlockedAccessibleName: "unlocked-accessible-name"
            case .positionText: "position-text"
            case .unlockedPositionText: "unlocked-position-text"
            case .tooltip: "tooltip"
            case .groupName: "group-name"
            case .note: "note"
            }
        }
    }

    /// The control's words, read and set by property.
    @MainActor
    struct Texts {
        let control: SlideToUnlock

        init(_ control: SlideToUnlock) {
            self.control = control
        }

        func text(_ property: Property) -> String? {
            switch property {
            case .tooltip: control.tooltip
            case .groupName: control.groupName
            case .note: control.note
            default: property.text(of: control.model)
            }
        }

        /// Sets a text; nil (NULL from C) is no text, which only `note` keeps as nil.
        func set(_ property: Property, _ text: String?) {
            let model = control.model
            let words = text ?? ""
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

    /// The signals, in the order of `type.signals`.
    enum Signal: Int {
        case unlocked
    }

    /// The registered type.
    nonisolated static let type = WidgetType(
        name: "CodeGateSlideToUnlock", cssName: "slide-to-unlock",
        properties: MainActor.assumeIsolated { Property.allCases.map(\.definition) },
        signals: [SignalDefinition("unlocked")],
        make: { SlideToUnlockObject(widget: $0) })
    /// Its GType, registered on first use.
    nonisolated static let gtype = type.register()

    /// The GObject.
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// The Swift control inside it.
    let control: SlideToUnlock
    private let texts: Texts
    private let strings = CStringCache()
    private var wasUnlocked = false

    private init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        control = SlideToUnlock()
        texts = Texts(control)
        gtk_widget_set_parent(control.widget, widget)
        control.model.changes.observe(until: control.widget) { [weak self] in self?.changed() }
        control.onUnlock { [weak self] in self?.emit(.unlocked) }
    }

    /// Notifies `unlocked` when it moved.
    private func changed() {
        guard control.isUnlocked != wasUnlocked else { return }
        wasUnlocked = control.isUnlocked
        Self.type.notify(widget, Property.unlocked.rawValue)
    }

    private func emit(_ signal: Signal) {
        Self.type.emit(widget, signal.rawValue)
    }

    /// The text of `property` as a C string the object owns.
    func cString(_ property: Property) -> UnsafePointer<CChar>? {
        strings.pointer(property.rawValue, for: texts.text(property))
    }

    /// Sets `property` through GObject, so it is notified as a property set by name is.
    func setText(_ property: Property, _ text: String?) {
        Self.type.set(widget, property.rawValue, to: .string(text))
    }

    func value(of index: Int) -> PropertyValue {
        guard let property = Property(rawValue: index) else { return .string(nil) }
        return property == .unlocked ? .boolean(control.isUnlocked) : .string(texts.text(property))
    }

    func set(_ index: Int, to value: PropertyValue) {
        guard let property = Property(rawValue: index) else { return }
        texts.set(property, value.text)
    }

    /// The thumb takes the focus, as `SlideToUnlock.grabFocus()` gives it.
    func grabFocus() -> Bool {
        gtk_widget_grab_focus(control.scale) != 0
    }

    func dispose() {
        if gtk_widget_get_parent(control.widget) == widget {
            gtk_widget_unparent(control.widget)
        }
    }
}
