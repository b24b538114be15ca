import CodeGateBase
import CCodeGateGObject
import CGtk
import CodeGateCore

/// CodeGateCountdownButton, the GtkButton subclass every `CountdownButton` is: its property
/// table and signals, the same for a button made in Swift and one made by g_object_new (C,
/// Python, GJS, GtkBuilder), whose press emits `request` with a `CodeGateRequest` to answer.
extension CountdownButton: ObjectInstance, DisposableInstance {
    /// The properties, each with its kind, its typed getter and setter; the ids, C getters and
    /// setters are written from gobject/controls.toml.
    package enum Properties {
        package static let idleText = Property<CountdownButton, String?>(
            PropertyID.idleText, kind: { .string(default: LabelFormat.defaultIdleText) },
            get: { $0.model.countdown.format.idleText },
            set: { $0.setFormat($0.gobject.formatText, idleText: $1 ?? "") })
        package static let labelFormat = Property<CountdownButton, String?>(
            PropertyID.labelFormat, kind: { .string(default: CountdownButton.defaultFormat) },
            get: { $0.gobject.formatText },
            set: { $0.setFormat($1 ?? "", idleText: $0.model.countdown.format.idleText) })
        package static let sendingText = Property<CountdownButton, String?>(
            PropertyID.sendingText, kind: { .string(default: CountdownRequest.defaultSendingText) },
            get: { $0.model.sendingText },
            set: { button, text in
                guard let text, !text.isEmpty else {
                    cg_log_warning(
                        "CodeGateCountdownButton: an empty sending-text would leave the button blank while sending; "
                            + "it stays \"\(button.model.sendingText)\"")
                    return
                }
                button.model.sendingText = text
            })
        package static let requestTimeout = Property<CountdownButton, UInt32>(
            PropertyID.requestTimeout,
            kind: {
                .uint(
                    minimum: 1, maximum: CountdownButton.longestSeconds,
                    default: UInt32(CountdownRequest.defaultTimeout.components.seconds))
            }, get: { UInt32(clamping: $0.model.timeout.secondsRoundedUp) },
            set: { $0.model.timeout = .seconds(min(max(1, $1), CountdownButton.longestSeconds)) })
        package static let enabled = Property<CountdownButton, Bool>(
            PropertyID.enabled, kind: { .boolean(default: true) }, get: { $0.model.isEnabled },
            set: { $0.model.isEnabled = $1 })
        package static let slider = Property<CountdownButton, ObjectReference>(
            PropertyID.slider, kind: { .object { SlideToUnlock.gtype } }, get: { ObjectReference($0.gobject.slider) },
            set: { $0.setSlider($1.pointer) })
        package static let phase = Property<CountdownButton, Int32>(
            PropertyID.phase, kind: { .enumeration(type: { CountdownButton.phaseType }, default: 0) },
            get: { button in
                switch button.model.phase {
                case .idle: 0
                case .sending: 1
                case .counting: 2
                }
            })
        package static let secondsLeft = Property<CountdownButton, UInt32>(
            PropertyID.secondsLeft, kind: { .uint(minimum: 0, maximum: .max, default: 0) },
            get: { UInt32(clamping: $0.model.phase == .counting ? $0.model.countdown.remainingSeconds : 0) })
        package static let fraction = Property<CountdownButton, Double>(
            PropertyID.fraction, kind: { .double(minimum: 0, maximum: 1, default: 0) },
            get: { $0.model.phase == .counting ? $0.model.state.fillFraction : 0 })
        package static let counting = Property<CountdownButton, Bool>(
            PropertyID.counting, kind: { .boolean(default: false) }, get: { $0.isCounting })

        package static let sendingAccessibleName = Property<CountdownButton, String?>(
            PropertyID.sendingAccessibleName, kind: { .string(default: nil) }, get: { $0.model.sendingAccessibleName },
            set: { $0.model.sendingAccessibleName = $1.flatMap { $0.isEmpty ? nil : $0 } })
        package static let countingAccessibleName = Property<CountdownButton, String?>(
            PropertyID.countingAccessibleName, kind: { .string(default: nil) },
            get: { $0.model.countingAccessibleName },
            set: { $0.model.countingAccessibleName = $1.flatMap { $0.isEmpty ? nil : $0 } })
        package static let sentNews = Property<CountdownButton, String?>(
            PropertyID.sentNews, kind: { .string(default: CountdownButton.defaultSentNews) }, get: { $0.sentNews },
            set: { $0.sentNews = $1 ?? CountdownButton.defaultSentNews })
        package static let readyNews = Property<CountdownButton, String?>(
            PropertyID.readyNews, kind: { .string(default: CountdownButton.defaultReadyNews) }, get: { $0.readyNews },
            set: { $0.readyNews = $1 ?? CountdownButton.defaultReadyNews })

        package static let failureKind = Property<CountdownButton, Int32>(
            PropertyID.failureKind, kind: { .enumeration(type: { CountdownButton.failureKindType }, default: 0) },
            get: { $0.gobject.failureKind.rawValue })

        /// The ids, less one, of the properties that follow the model's state rather than
        /// being set.
        static let derived = [phase.index, secondsLeft.index, fraction.index, counting.index]
    }

    /// The table GObject's property vfuncs read, by id: a switch over every id, so an id added
    /// to gobject/controls.toml does not build until it has its property here.
    package static let propertyTable = PropertyID.allCases.map { id in
        switch id {
        case .idleText: Properties.idleText.erased
        case .labelFormat: Properties.labelFormat.erased
        case .sendingText: Properties.sendingText.erased
        case .requestTimeout: Properties.requestTimeout.erased
        case .enabled: Properties.enabled.erased
        case .slider: Properties.slider.erased
        case .phase: Properties.phase.erased
        case .secondsLeft: Properties.secondsLeft.erased
        case .fraction: Properties.fraction.erased
        case .counting: Properties.counting.erased
        case .sendingAccessibleName: Properties.sendingAccessibleName.erased
        case .countingAccessibleName: Properties.countingAccessibleName.erased
        case .sentNews: Properties.sentNews.erased
        case .readyNews: Properties.readyNews.erased
        case .failureKind: Properties.failureKind.erased
        }
    }

    /// The signals, in the order of `type`'s.
    enum SignalID: Int {
        case request, sent, failed, cooldownFinished
    }

    /// The registered type.
    package nonisolated static let type = ObjectType(
        name: "CodeGateCountdownButton", symbolPrefix: "codegate_countdown_button", parent: { gtk_button_get_type() },
        classSize: MemoryLayout<GtkButtonClass>.size, instanceSize: MemoryLayout<GtkButton>.size,
        properties: { propertyTable.map { $0.definition() } },
        signals: [
            SignalDefinition("request", [{ RequestObject.gtype }]), SignalDefinition("sent", [{ cg_type_uint() }]),
            SignalDefinition("failed", [{ cg_type_string() }], detailed: true),
            SignalDefinition("cooldown-finished"),
        ],
        make: { object in
            let button = CountdownButton(
                widget: object.assumingMemoryBound(to: GtkWidget.self),
                model: CountdownRequest(countdown: Countdown(timers: GLibTimerPort())))
            button.model.answeringHandler = { [weak button] answer in
                guard let button else {
                    answer(.failure(CancellationError()))
                    return {}
                }
                return button.requestBySignal(answer)
            }
        })
    /// Its GType, registered on first use.
    package nonisolated static let gtype = type.register()
    package nonisolated static var objectType: ObjectType { type }
    /// The GObject, which is the widget.
    package var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }
    /// CodeGateCountdownPhase's GType, registered on first use.
    package nonisolated static let phaseType = cg_countdown_phase_register()
    /// CodeGateFailureKind's GType, registered on first use.
    package nonisolated static let failureKindType = cg_failure_kind_register()
    /// The longest cooldown, `Countdown.longest`, in whole seconds: what every number of
    /// seconds a C caller gives is cut to.
    package nonisolated static let longestSeconds = UInt32(Countdown.longest.components.seconds)

    /// The label format the controls ship, in the language of the moment.
    static var defaultFormat: String { ControlsText.localized("获取验证码({s})") }

    /// Gives the GObject its notifications and signals from the model's events.
    func bindGObject() {
        gobject.shown = Properties.derived.map { propertyValue($0) }
        model.changes.observe(until: widget) { [weak self] in self?.derivedChanged() }
        onSent { [weak self] cooldown in
            self?.emit(.sent, .uint(UInt32(min(cooldown, Countdown.longest).secondsRoundedUp)))
        }
        onFailure { [weak self] error in
            guard let self else { return }
            let kind = FailureKind(of: error)
            if kind != gobject.failureKind {
                gobject.failureKind = kind
                Self.type.notify(widget, Properties.failureKind.index)
            }
            emit(.failed, .string(RequestFailure.message(for: error)), detail: Self.nick(of: kind))
        }
        onCooldownEnd { [weak self] in self?.emit(.cooldownFinished) }
    }

    /// The request of a button made by g_object_new: emits `request` with a new pending
    /// CodeGateRequest within the press — a `clicked` handler sees it sent — and hands the
    /// app's answer to that request alone to `answer`. Returns what cancels it. With no handler
    /// connected, nobody would ever answer: the press fails at once, with a warning.
    fileprivate func requestBySignal(
        _ answer: @escaping @MainActor (Result<Duration, any Error>) -> Void
    ) -> @MainActor () -> Void {
        guard Self.type.hasHandler(widget, SignalID.request.rawValue) else {
            cg_log_warning(
                "CodeGateCountdownButton: nothing handles ::request, so no code can be asked for; "
                    + "connect a handler that answers the CodeGateRequest")
            answer(.failure(RequestFailure(message: RequestFailure.defaultMessage)))
            return {}
        }
        let (object, request) = RequestObject.make(answering: answer)
        gobject.keep(object, request)
        emit(.request, .object(object))
        return { [weak request] in request?.cancel() }
    }

    /// Notifies the derived properties that moved.
    private func derivedChanged() {
        for (offset, index) in Properties.derived.enumerated() {
            let now = propertyValue(index)
            if now != gobject.shown[offset] {
                gobject.shown[offset] = now
                Self.type.notify(widget, index)
            }
        }
    }

    private func emit(_ signal: SignalID, _ arguments: PropertyValue..., detail: String? = nil) {
        Self.type.emit(widget, signal.rawValue, arguments, detail: detail)
    }

    /// `kind`'s nick in CodeGateFailureKind, as the type registered it: the detail of `failed`.
    private static func nick(of kind: FailureKind) -> String? {
        let enumClass = g_type_class_ref(failureKindType)
        defer { g_type_class_unref(enumClass) }
        return g_enum_get_value(enumClass?.assumingMemoryBound(to: GEnumClass.self), kind.rawValue)
            .map { String(cString: $0.pointee.value_nick) }
    }

    /// The C strings the getters returned.
    package var cStrings: CStringCache { gobject.strings }

    /// Words the label by `format` and `idleText`, or keeps the old words with a warning when
    /// either is invalid (no seconds placeholder, too long, an empty idle text).
    fileprivate func setFormat(_ format: String, idleText: String) {
        guard !idleText.isEmpty else {
            cg_log_warning(
                "CodeGateCountdownButton: an empty idle-text would leave the button blank; "
                    + "it stays \"\(model.countdown.format.idleText)\""
            )
            return
        }
        do {
            model.countdown.format = try LabelFormat(parsing: format, idleText: idleText)
            gobject.formatText = format
        } catch {
            cg_log_warning(
                "CodeGateCountdownButton: \(error.description); the label format stays \"\(gobject.formatText)\"")
        }
    }

    fileprivate func setSlider(_ object: UnsafeMutableRawPointer?) {
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
        contentGuard.cancel()
        // A request handed out by the signal is cancelled with its GCancellable, so the app's
        // work for it stops, and let go. A Swift request function is the app's to end, as it
        // always was.
        if let request = gobject.request, request.isPending {
            reset()
        }
        gobject.keep(nil, nil)
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
    /// The request handed out last, referenced until the next or the button's dispose.
    private(set) var request: RequestObject?
    private var requestObject: UnsafeMutableRawPointer?
    /// The derived properties as last notified.
    var shown: [PropertyValue] = []
    /// How the last failure came about.
    var failureKind = FailureKind.failed
    var isDisposed = false

    /// Keeps `object`, the request handed out now, with its Swift side, dropping the last one:
    /// the CodeGateRequest lives at least as long as the button may still take its answer.
    func keep(_ object: UnsafeMutableRawPointer?, _ request: RequestObject?) {
        let old = requestObject
        requestObject = object
        self.request = request
        if let old { g_object_unref(old) }
    }
}
