import CCodeGateGObject
import CGtk
import CodeGateCore

/// CodeGateCountdownButton, the GtkButton subclass every `CountdownButton` is: its property
/// table and signals, the same for a button made in Swift and one made by g_object_new (C,
/// Python, GJS, GtkBuilder), whose press emits `request` with a `CodeGateRequest` to answer.
extension CountdownButton: ObjectInstance, DisposableInstance {
    /// The properties, in the order of their ids.
    package enum Property: Int, CaseIterable {
        case idleText, labelFormat, sendingText, requestTimeout, enabled, slider
        case phase, secondsLeft, fraction, counting

        @MainActor
        var definition: PropertyDefinition {
            switch self {
            case .idleText:
                PropertyDefinition(name: "idle-text", blurb: "The label while idle", kind: .string(default: LabelFormat.defaultIdleText), isWritable: true)
            case .labelFormat:
                PropertyDefinition(name: "label-format", blurb: "The label while counting, with {s} or {ss}", kind: .string(default: CountdownButton.defaultFormat), isWritable: true)
            case .sendingText:
                PropertyDefinition(name: "sending-text", blurb: "The label while sending", kind: .string(default: CountdownRequest.defaultSendingText), isWritable: true)
            case .requestTimeout:
                PropertyDefinition(
                    name: "request-timeout", blurb: "Seconds the request may take",
                    kind: .uint(minimum: 1, maximum: CountdownButton.longestSeconds, default: UInt32(CountdownRequest.defaultTimeout.components.seconds)),
                    isWritable: true)
            case .enabled:
                PropertyDefinition(name: "enabled", blurb: "The app's own gate", kind: .boolean(default: true), isWritable: true)
            case .slider:
                PropertyDefinition(name: "slider", blurb: "The slider to wait for", kind: .object { SlideToUnlock.gtype }, isWritable: true)
            case .phase:
                PropertyDefinition(name: "phase", blurb: "Idle, sending or counting", kind: .enumeration(type: { CountdownButton.phaseType }, default: 0), isWritable: false)
            case .secondsLeft:
                PropertyDefinition(name: "seconds-left", blurb: "Whole seconds of the cooldown left", kind: .uint(minimum: 0, maximum: .max, default: 0), isWritable: false)
            case .fraction:
                PropertyDefinition(name: "fraction", blurb: "How much of the cooldown has passed", kind: .double(minimum: 0, maximum: 1, default: 0), isWritable: false)
            case .counting:
                PropertyDefinition(name: "counting", blurb: "Whether the cooldown runs", kind: .boolean(default: false), isWritable: false)
            }
        }

        /// The properties that follow the model's state rather than being set.
        static let derived: [Property] = [.phase, .secondsLeft, .fraction, .counting]
    }

    /// The signals, in the order of `type`'s.
    enum SignalID: Int {
        case request, sent, failed, cooldownFinished
    }

    /// The registered type.
    package nonisolated static let type = ObjectType(
        name: "CodeGateCountdownButton", symbolPrefix: "codegate_countdown_button", parent: { gtk_button_get_type() },
        classSize: MemoryLayout<GtkButtonClass>.size, instanceSize: MemoryLayout<GtkButton>.size,
        properties: { Property.allCases.map(\.definition) },
        signals: [
            SignalDefinition("request", [{ RequestObject.gtype }]), SignalDefinition("sent", [{ cg_type_uint() }]),
            SignalDefinition("failed", [{ cg_type_string() }]), SignalDefinition("cooldown-finished"),
        ],
        make: { object in
            let button = CountdownButton(widget: object.assumingMemoryBound(to: GtkWidget.self), model: CountdownRequest(countdown: Countdown(timers: GLibTimerPort())))
            button.request = { [weak button] in
                guard let button else { throw CancellationError() }
                return try await button.requestBySignal()
            }
        })
    /// Its GType, registered on first use.
    package nonisolated static let gtype = type.register()
    /// CodeGateCountdownPhase's GType, registered on first use.
    package nonisolated static let phaseType = cg_countdown_phase_register()
    /// The longest cooldown, `Countdown.longest`, in whole seconds: what every number of
    /// seconds a C caller gives is cut to.
    package nonisolated static let longestSeconds = UInt32(Countdown.longest.components.seconds)

    /// The label format the controls ship, in the language of the moment.
    static var defaultFormat: String { ControlsText.localized("获取验证码({s})") }

    /// Gives the GObject its notifications and signals from the model's events.
    func bindGObject() {
        gobject.shown = Property.derived.map { propertyValue($0.rawValue) }
        model.changes.observe(until: widget) { [weak self] in self?.derivedChanged() }
        onSent { [weak self] cooldown in
            self?.emit(.sent, .uint(UInt32(min(cooldown, Countdown.longest).secondsRoundedUp)))
        }
        onFailure { [weak self] error in self?.emit(.failed, .string(RequestFailure.message(for: error))) }
        onCooldownEnd { [weak self] in self?.emit(.cooldownFinished) }
    }

    /// The request of a button made by g_object_new: emits `request` with a new pending
    /// CodeGateRequest, then waits for the app's answer to that request alone.
    private func requestBySignal() async throws -> Duration {
        let (object, request) = RequestObject.make()
        defer { g_object_unref(object) }
        gobject.request?.cancel()
        gobject.request = request
        emit(.request, .object(object))
        return try await request.value()
    }

    /// Notifies the derived properties that moved.
    private func derivedChanged() {
        for (offset, property) in Property.derived.enumerated() {
            let now = propertyValue(property.rawValue)
            if now != gobject.shown[offset] {
                gobject.shown[offset] = now
                Self.type.notify(widget, property.rawValue)
            }
        }
    }

    private func emit(_ signal: SignalID, _ arguments: PropertyValue...) {
        Self.type.emit(widget, signal.rawValue, arguments)
    }

    /// The text of `property` as a C string the object owns.
    package func cString(_ property: Property) -> UnsafePointer<CChar>? {
        gobject.strings.pointer(property.rawValue, for: propertyValue(property.rawValue).text)
    }

    /// Sets `property` through GObject, so it is notified as a property set by name is.
    package func setProperty(_ property: Property, _ value: PropertyValue) {
        Self.type.set(widget, property.rawValue, to: value)
    }

    /// A property's value, for the C getters.
    package func property(_ property: Property) -> PropertyValue {
        propertyValue(property.rawValue)
    }

    package func propertyValue(_ index: Int) -> PropertyValue {
        switch Property(rawValue: index) {
        case .idleText: return .string(model.countdown.format.idleText)
        case .labelFormat: return .string(gobject.formatText)
        case .sendingText: return .string(model.sendingText)
        case .requestTimeout: return .uint(UInt32(clamping: model.timeout.secondsRoundedUp))
        case .enabled: return .boolean(model.isEnabled)
        case .slider: return .object(gobject.slider)
        case .phase:
            switch model.phase {
            case .idle: return .enumeration(0)
            case .sending: return .enumeration(1)
            case .counting: return .enumeration(2)
            }
        case .secondsLeft: return .uint(UInt32(clamping: model.phase == .counting ? model.countdown.remainingSeconds : 0))
        case .fraction: return .double(model.phase == .counting ? model.state.fillFraction : 0)
        case .counting: return .boolean(model.phase == .counting)
        case nil: return .string(nil)
        }
    }

    package func setPropertyValue(_ index: Int, _ value: PropertyValue) {
        switch (Property(rawValue: index), value) {
        case (.idleText, .string(let text)):
            setFormat(gobject.formatText, idleText: text ?? "")
        case (.labelFormat, .string(let text)):
            setFormat(text ?? "", idleText: model.countdown.format.idleText)
        case (.sendingText, .string(let text)):
            model.sendingText = text ?? ""
        case (.requestTimeout, .uint(let seconds)):
            model.timeout = .seconds(min(max(1, seconds), Self.longestSeconds))
        case (.enabled, .boolean(let enabled)):
            model.isEnabled = enabled
        case (.slider, .object(let object)):
            setSlider(object)
        default:
            cg_log_warning("CodeGateCountdownButton: property \(index + 1) cannot be set to \(value)")
        }
    }

    /// Words the label by `format` and `idleText`, or keeps the old words with a warning when
    /// either is invalid (no seconds placeholder, too long, an empty idle text).
    private func setFormat(_ format: String, idleText: String) {
        guard !idleText.isEmpty else {
            cg_log_warning("CodeGateCountdownButton: an empty idle-text would leave the button blank; it stays \"\(model.countdown.format.idleText)\"")
            return
        }
        do {
            model.countdown.format = try LabelFormat(parsing: format, idleText: idleText)
            gobject.formatText = format
        } catch {
            cg_log_warning("CodeGateCountdownButton: \(error.description); the label format stays \"\(gobject.formatText)\"")
        }
    }

    private func setSlider(_ object: UnsafeMutableRawPointer?) {
        guard object != gobject.slider else { return }
        let old = gobject.slider
        gobject.slider = object.map { g_object_ref($0) }
        if let object, let slider = SlideToUnlock.of(object.assumingMemoryBound(to: GtkWidget.self)) {
            requireUnlock(by: slider)
        } else {
            model.dropUnlockRequirement()
        }
        if let old { g_object_unref(old) }
    }

    /// Whether GObject disposed the button: the C API refuses calls after that.
    package var isDisposed: Bool { gobject.isDisposed }

    package func disposeObject() {
        gobject.isDisposed = true
        // A request under way is dropped, so its task ends rather than waiting for good, and
        // the app's request is cancelled.
        if phase == .sending {
            reset()
        }
        gobject.request?.cancel()
        setSlider(nil)
    }
}

/// What the GObject side of a `CountdownButton` keeps between calls.
@MainActor
final class CountdownButtonGObjectState {
    /// The C strings the getters returned.
    let strings = CStringCache()
    /// The label format as the app wrote it, which `LabelFormat` does not keep.
    var formatText = CountdownButton.defaultFormat
    /// The slider the button waits for, referenced while it does.
    var slider: UnsafeMutableRawPointer?
    /// The request handed out last, while its GObject lives.
    weak var request: RequestObject?
    /// The derived properties as last notified.
    var shown: [PropertyValue] = []
    var isDisposed = false
}
