import CCodeGateGObject
import CGtk
import CodeGateCore

/// CodeGateSlideToUnlock, the widget every `SlideToUnlock` is: its property table (the
/// control's words, and `unlocked` with its notify) and its class — the track and the hint on
/// it as its children, the thumb taking the focus given to it.
extension SlideToUnlock: ObjectInstance, DisposableInstance {
    /// The properties, in the order of their ids.
    package enum PropertyID: Int, CaseIterable {
        case unlocked, hint, unlockedHint, keyboardHint, focusedHint, progressText, returnedText
        case lockedAccessibleName, unlockedAccessibleName, positionText, unlockedPositionText
        case tooltip, groupName, note

        @MainActor
        var definition: PropertyDefinition {
            switch self {
            case .unlocked:
                PropertyDefinition(
                    name: "unlocked", blurb: "Whether the check is passed", kind: .boolean(default: false),
                    isWritable: false)
            case .note:
                PropertyDefinition(
                    name: "note", blurb: "A line said before the description", kind: .string(default: nil),
                    isWritable: true)
            default:
                PropertyDefinition(
                    name: name, blurb: "A text of the control", kind: .string(default: defaultText), isWritable: true)
            }
        }

        /// The model's default for its texts, in the language of the moment, as a left-to-right
        /// track says it; the tooltip and the group name are the widget's, whose defaults only
        /// its documentation gives.
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
            case .unlocked, .tooltip, .groupName, .note: nil
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

        func text(_ property: PropertyID) -> String? {
            switch property {
            case .tooltip: control.tooltip
            case .groupName: control.groupName
            case .note: control.note
            default: property.text(of: control.model)
            }
        }

        /// Sets a text; nil (NULL from C) is no text, which only `note` keeps as nil.
        func set(_ property: PropertyID, _ text: String?) {
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

    /// The registered type: a GtkWidget with the CSS name `slide-to-unlock`.
    package nonisolated static let type = ObjectType(
        name: "CodeGateSlideToUnlock", symbolPrefix: "codegate_slide_to_unlock", parent: { gtk_widget_get_type() },
        classSize: MemoryLayout<GtkWidgetClass>.size, instanceSize: MemoryLayout<GtkWidget>.size,
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
        PropertyID.unlocked.rawValue, { PropertyID.unlocked.definition }, get: { $0.isUnlocked })

    /// The text property `id`, read and set through `Texts`.
    package static func textProperty(_ id: PropertyID) -> Property<SlideToUnlock, String?> {
        Property(
            id.rawValue, { id.definition }, get: { Texts(control: $0).text(id) },
            set: { Texts(control: $0).set(id, $1) })
    }

    package static let propertyTable = PropertyID.allCases.map { id in
        id == .unlocked ? unlockedProperty.erased : textProperty(id).erased
    }

    /// The class's own vfuncs: sized as the track, which its CSS makes 3em high, enough for two
    /// lines of the hint at any text size; the track takes the whole widget and the hint the
    /// wider side of it beside the thumb, so the thumb never covers it; the focus given to it
    /// goes to the thumb.
    private nonisolated static func setUpClass(_ widgetClass: UnsafeMutablePointer<GtkWidgetClass>) {
        gtk_widget_class_set_css_name(widgetClass, "slide-to-unlock")
        widgetClass.pointee.measure = {
            widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            guard let widget, let track = gtk_widget_get_first_child(widget) else { return }
            gtk_widget_measure(track, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            let address = UInt(bitPattern: widget)
            MainActor.assumeIsolated {
                UnsafeMutablePointer<GtkWidget>(bitPattern: address).flatMap { SlideToUnlock.of($0) }?.allocate(
                    width: width, height: height, baseline: baseline)
            }
        }
        // As libadwaita's composite widgets (AdwEntryRow): the focus given to the widget goes
        // to the thumb, and Tab moves through the children only — GtkWidget's own focus vfunc
        // would, on Shift+Tab, grab the widget itself, which hands the focus back to the thumb.
        widgetClass.pointee.grab_focus = { widget in
            guard let widget, let track = gtk_widget_get_first_child(widget) else { return 0 }
            return gtk_widget_grab_focus(track)
        }
        widgetClass.pointee.focus = { widget, direction in
            var child = widget.flatMap { gtk_widget_get_first_child($0) }
            while let current = child {
                if gtk_widget_child_focus(current, direction) != 0 { return 1 }
                child = gtk_widget_get_next_sibling(current)
            }
            return 0
        }
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

    /// The text of `id` as a C string the slider owns.
    package func cString(_ id: PropertyID) -> UnsafePointer<CChar>? {
        gobject.strings.pointer(id.rawValue, for: Texts(control: self).text(id))
    }

    /// Sets the text `id` and notifies it, as a set by name does.
    package func setText(_ id: PropertyID, _ text: String?) {
        Self.textProperty(id).set(on: self, text)
    }

    /// Whether GObject disposed the slider: the C API refuses calls after that.
    package var isDisposed: Bool { gobject.isDisposed }

    package func disposeObject() {
        gobject.isDisposed = true
        while let child = gtk_widget_get_first_child(widget) {
            gtk_widget_unparent(child)
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
