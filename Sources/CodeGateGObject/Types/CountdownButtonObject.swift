import CCodeGateGObject
import CGtk
import CodeGateCore
import CodeGateGtk

/// CodeGateCountdownButton: a GtkWidget whose only child is a `CountdownButton`. Its request
/// handler emits `request` and waits for the app's answer through the C API; the model's
/// timeout bounds the wait. The model's state, phase and events become properties and signals.
@MainActor
final class CountdownButtonObject: WidgetInstance {
    /// The properties, in the order of their ids.
    enum Property: Int, CaseIterable {
        case idleText, labelFormat, sendingText, requestTimeout, enabled, slider
        case phase, secondsLeft, fraction, counting

        @MainActor
        var definition: PropertyDefinition {
            switch self {
            case .idleText:
                PropertyDefinition(name: "idle-text", blurb: "The label while idle", kind: .string(default: LabelFormat.defaultIdleText), isWritable: true)
            case .labelFormat:
                PropertyDefinition(name: "label-format", blurb: "The label while counting, with {s} or {ss}", kind: .string(default: defaultFormat), isWritable: true)
            case .sendingText:
                PropertyDefinition(name: "sending-text", blurb: "The label while sending", kind: .string(default: CountdownRequest(countdown: Countdown(timers: GLibTimerPort())).sendingText), isWritable: true)
            case .requestTimeout:
                PropertyDefinition(
                    name: "request-timeout", blurb: "Seconds the request may take",
                    kind: .uint(minimum: 1, maximum: UInt32(Countdown.longest.components.seconds), default: UInt32(CountdownRequest.defaultTimeout.components.seconds)),
                    isWritable: true)
            case .enabled:
                PropertyDefinition(name: "enabled", blurb: "The app's own gate", kind: .boolean(default: true), isWritable: true)
            case .slider:
                PropertyDefinition(name: "slider", blurb: "The slider to wait for", kind: .object { SlideToUnlockObject.gtype }, isWritable: true)
            case .phase:
                PropertyDefinition(name: "phase", blurb: "Idle, sending or counting", kind: .enumeration(type: { phaseType }, default: 0), isWritable: false)
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

    /// The signals, in the order of `type.signals`.
    enum Signal: Int {
        case request, sent, failed, cooldownFinished
    }

    /// The registered type.
    nonisolated static let type = WidgetType(
        name: "CodeGateCountdownButton", cssName: "countdown-button",
        properties: MainActor.assumeIsolated { Property.allCases.map(\.definition) },
        signals: [
            SignalDefinition("request"), SignalDefinition("sent", [{ cg_type_uint() }]),
            SignalDefinition("failed", [{ cg_type_string() }]), SignalDefinition("cooldown-finished"),
        ],
        make: { CountdownButtonObject(widget: $0) })
    /// Its GType, registered on first use.
    nonisolated static let gtype = type.register()
    /// CodeGateCountdownPhase's GType, registered on first use.
    nonisolated static let phaseType = cg_countdown_phase_register()

    /// The label format the controls ship, in the language of the moment.
    private static var defaultFormat: String { ControlsText.localized("获取验证码({s})") }

    /// The GObject.
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// The Swift control inside it.
    let control: CountdownButton
    private let strings = CStringCache()
    /// The label format as the app wrote it, which `LabelFormat` does not keep.
    private var formatText = CountdownButtonObject.defaultFormat
    /// The slider the button waits for, referenced while it does.
    private var slider: UnsafeMutableRawPointer?
    /// The answer the request under way waits for.
    private var answer: RequestAnswer?
    /// The derived properties as last notified.
    private var shown: [PropertyValue] = []

    private init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        control = CountdownButton()
        gtk_widget_set_parent(control.widget, widget)
        control.request = { [weak self] in
            guard let self else { throw CancellationError() }
            return try await requested()
        }
        shown = Property.derived.map { value(of: $0.rawValue) }
        control.model.changes.observe(until: control.widget) { [weak self] in self?.changed() }
        control.onSent { [weak self] cooldown in self?.emit(.sent, .uint(UInt32(clamping: cooldown.secondsRoundedUp))) }
        control.onFailure { [weak self] error in self?.emit(.failed, .string(RequestFailure.message(for: error))) }
        control.onCooldownEnd { [weak self] in self?.emit(.cooldownFinished) }
    }

    /// The request handler: tells the app, then waits for its answer.
    private func requested() async throws -> Duration {
        let answer = RequestAnswer()
        self.answer = answer
        emit(.request)
        return try await answer.value()
    }

    /// Answers the request under way, if any.
    func answer(_ outcome: Result<Duration, any Error>) {
        answer?.give(outcome)
    }

    /// Notifies the derived properties that moved.
    private func changed() {
        for (offset, property) in Property.derived.enumerated() {
            let now = value(of: property.rawValue)
            if now != shown[offset] {
                shown[offset] = now
                Self.type.notify(widget, property.rawValue)
            }
        }
    }

    private func emit(_ signal: Signal, _ arguments: PropertyValue...) {
        Self.type.emit(widget, signal.rawValue, arguments)
    }

    /// The text of `property` as a C string the object owns.
    func cString(_ property: Property) -> UnsafePointer<CChar>? {
        strings.pointer(property.rawValue, for: value(of: property.rawValue).text)
    }

    /// Sets `property` through GObject, so it is notified as a property set by name is.
    func setProperty(_ property: Property, _ value: PropertyValue) {
        Self.type.set(widget, property.rawValue, to: value)
    }

    /// A property's value, for the C getters.
    func property(_ property: Property) -> PropertyValue {
        value(of: property.rawValue)
    }

    func value(of index: Int) -> PropertyValue {
        let model = control.model
        switch Property(rawValue: index) {
        case .idleText: return .string(model.countdown.format.idleText)
        case .labelFormat: return .string(formatText)
        case .sendingText: return .string(model.sendingText)
        case .requestTimeout: return .uint(UInt32(clamping: model.timeout.secondsRoundedUp))
        case .enabled: return .boolean(model.isEnabled)
        case .slider: return .object(slider)
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

    func set(_ index: Int, to value: PropertyValue) {
        let model = control.model
        switch (Property(rawValue: index), value) {
        case (.idleText, .string(let text)):
            setFormat(formatText, idleText: text ?? "")
        case (.labelFormat, .string(let text)):
            setFormat(text ?? "", idleText: model.countdown.format.idleText)
        case (.sendingText, .string(let text)):
            model.sendingText = text ?? ""
        case (.requestTimeout, .uint(let seconds)):
            model.timeout = .seconds(seconds)
        case (.enabled, .boolean(let enabled)):
            model.isEnabled = enabled
        case (.slider, .object(let object)):
            setSlider(object)
        default:
            break
        }
    }

    /// Words the label by `format`, or keeps the old one with a warning when it is invalid.
    private func setFormat(_ format: String, idleText: String) {
        do {
            control.model.countdown.format = try LabelFormat(parsing: format, idleText: idleText)
            formatText = format
        } catch {
            cg_log_warning("CodeGateCountdownButton: \(error.description); the label format stays \"\(formatText)\"")
        }
    }

    private func setSlider(_ object: UnsafeMutableRawPointer?) {
        guard object != slider else { return }
        let old = slider
        slider = object.map { g_object_ref($0) }
        if let object, let sliderObject = SlideToUnlockObject.instance(of: object) {
            control.requireUnlock(by: sliderObject.control)
        } else {
            control.model.dropUnlockRequirement()
        }
        if let old { g_object_unref(old) }
    }

    /// The GtkButton takes the focus.
    func grabFocus() -> Bool {
        gtk_widget_grab_focus(control.widget) != 0
    }

    func dispose() {
        // A request under way is dropped, so its task ends rather than waiting for good.
        if control.phase == .sending {
            control.reset()
        }
        setSlider(nil)
        if gtk_widget_get_parent(control.widget) == widget {
            gtk_widget_unparent(control.widget)
        }
    }
}

extension SlideToUnlockObject {
    /// The Swift side of `object`, a CodeGateSlideToUnlock.
    static func instance(of object: UnsafeMutableRawPointer) -> SlideToUnlockObject? {
        WidgetType.instance(of: object) as? SlideToUnlockObject
    }
}
