import CodeGateGLib
import CGtk
import CodeGateCore

/// The "获取验证码" button: pressed, it runs the app's own request, then stays insensitive for
/// the cooldown the answer names while its label counts down ("获取验证码(59)") and a fill grows
/// across its background; a failure or a timeout brings it back at once.
///
/// It holds no timer: the countdown schedules its own changes and the button redraws when
/// told. It tells the countdown its width, so that the fill's steps are its pixels.
///
/// Its widget is a CodeGateCountdownButton, a GtkButton subclass — the same GType C, Python,
/// GJS and Vala use, with its properties and signals — and this class is a typed handle over
/// it: it lives as long as the widget, and `CountdownButton.of(_:)` finds it from the widget.
///
/// Styling: the button has the style class `countdown-button`, and `busy` while a request
/// runs or its cooldown counts, `counting` while the cooldown runs; inside it,
/// `.countdown-label` is the label and `.countdown-fill` the fill.
@MainActor
public final class CountdownButton {
    /// Where the button stands in the request cycle: idle, sending or counting.
    public typealias Phase = CountdownRequest.Phase

    /// The CodeGateCountdownButton (a GtkButton) to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The button's rules: the request, its timeout, the gate and the cooldown.
    public let model: CountdownRequest

    /// The label and the fill inside the button, package-wide for tests.
    package let label: UnsafeMutablePointer<GtkWidget>
    package let fill: UnsafeMutablePointer<GtkWidget>
    /// What the button shows, as last rendered.
    private var shown: RequestButtonState?
    /// Its accessible name, as last set; package-wide for tests.
    package private(set) var nameShown: String?
    /// Its accessible description, as last set (package-wide for tests), and as it should be:
    /// the news of the last request.
    package private(set) var descriptionShown = ""
    private var news = ""
    /// The model's `outcomeCount` as last said.
    private var outcomeSaid = 0
    /// The slider the button waits for, set by `requireUnlock(by:)`.
    private weak var unlockSlider: SlideToUnlock?
    /// What the GObject side keeps: its C strings, slider and request.
    let gobject = CountdownButtonGObjectState()

    /// A button worded by `format` ("获取验证码" idle, "获取验证码(59)" counting, by default)
    /// that runs `request` when pressed, on the GLib main loop's timers unless told otherwise.
    public convenience init(
        format: LabelFormat = .parenthesized,
        timeout: Duration = CountdownRequest.defaultTimeout,
        timers: any TimerPort = GLibTimerPort(),
        request: CountdownRequest.Handler? = nil
    ) {
        self.init(
            model: CountdownRequest(
                countdown: Countdown(timers: timers, format: format), timeout: timeout, handler: request))
    }

    /// A button showing `model`, e.g. one whose countdown the app restores from an earlier run.
    public convenience init(model: CountdownRequest) {
        self.init(widget: ObjectType.newInstance(of: Self.gtype).assumingMemoryBound(to: GtkWidget.self), model: model)
    }

    /// The control over `widget`, a new CodeGateCountdownButton, showing `model`.
    init(widget: UnsafeMutablePointer<GtkWidget>, model: CountdownRequest) {
        // The request runs as a main-actor task: under g_application_run something must drain
        // the main queue, and the control sees to it so an app need not know.
        MainQueueSource.install()
        Stylesheet.install()
        self.model = model
        self.widget = widget
        label = gtk_label_new(nil)
        let tint = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(tint, "countdown-fill")
        fill = ClipBin.make(around: tint)
        gtk_widget_set_can_target(fill, 0)
        gtk_widget_add_css_class(label, "countdown-label")
        // A caption wider than the button ends in "…" instead of widening the button and the
        // window around it: no format or translation can push a layout out of shape (a
        // restored cooldown once opened a window 45,606 px wide). The accessible name keeps
        // the whole text.
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        // The fill spans the button under the label, which alone decides the button's size.
        // Passed over by screen readers, with the label and the fill inside: the button's own
        // name says all of it, and does not change every second as the label does.
        let overlay = cg_presentation_new(gtk_overlay_get_type())!
        gtk_overlay_set_child(overlay.opaque, fill)
        gtk_overlay_add_overlay(overlay.opaque, label)
        gtk_overlay_set_measure_overlay(overlay.opaque, label, 1)
        gtk_button_set_child(widget.cast(), overlay)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(widget, "countdown-button")

        attach(self, to: widget.cast(), key: ObjectType.instanceKey)
        Signal.connect(widget, "clicked") { [weak self] in self?.model.press() }
        Signal.connect(widget, "unmap") { [weak self] in self?.model.countdown.fillResolution = 0 }
        Signal.connect(widget, "map") { [weak self] in self?.sendAccessibleUpdates() }
        model.changes.observe(until: widget) { [weak self] in self?.render() }
        // Reached while counting, it says how many seconds are left now; left, it follows the
        // seconds again from the next one, not as it goes, which a screen reader would speak
        // before the next control. Left while kept focusable, it turns insensitive.
        Signal.connectNotify(widget, property: "has-focus") { [weak self] in
            guard let self else { return }
            let focused = gtk_widget_has_focus(widget) != 0
            render(renewingName: focused, focusLeaving: !focused)
        }
        ClipBin.onResize(fill) { [weak self] in self?.resized() }
        KeyboardRing.follow(widget)
        bindGObject()
        render()
    }

    /// The button whose widget is `widget`, if it is one — also one made by g_object_new.
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> CountdownButton? {
        attached(to: widget.cast(), key: ObjectType.instanceKey, as: CountdownButton.self)
    }

    /// The request a press runs; nil leaves the button insensitive.
    public var request: CountdownRequest.Handler? {
        get { model.handler }
        set { model.handler = newValue }
    }

    /// The app's own gate, e.g. whether its form is filled in; true by default.
    public var isEnabled: Bool {
        get { model.isEnabled }
        set { model.isEnabled = newValue }
    }

    /// Idle, sending or counting.
    public var phase: Phase { model.phase }

    /// Makes the button wait for `slider`: its unlock enables the button, and the end of each
    /// cooldown or a failed request locks it again, so one slide is good for one request.
    public func requireUnlock(by slider: SlideToUnlock) {
        unlockSlider = slider
        model.requireUnlock(of: slider.model)
    }

    /// The slider the button waits for now, if any.
    private var requiredSlider: SlideToUnlock? {
        guard let slider = unlockSlider, slider.model === model.slider else { return nil }
        return slider
    }

    /// Counts down `duration` now, e.g. a cooldown the app learnt of itself.
    public func startCooldown(_ duration: Duration) {
        model.startCooldown(duration)
    }

    /// Back to "获取验证码" at once: a request under way is dropped, a cooldown ends.
    public func reset() {
        model.reset()
    }

    /// Runs `action` with each new phase, until the button is destroyed or the observation
    /// is cancelled.
    @discardableResult
    public func onPhaseChange(_ action: @escaping @MainActor (Phase) -> Void) -> Observation {
        model.phaseChanges.observe(until: widget, action)
    }

    /// Runs `action` when a request was answered, with the cooldown it starts.
    @discardableResult
    public func onSent(_ action: @escaping @MainActor (Duration) -> Void) -> Observation {
        model.sent.observe(until: widget, action)
    }

    /// Runs `action` when a request failed, with the app's error or a `RequestTimeout`.
    @discardableResult
    public func onFailure(_ action: @escaping @MainActor (any Error) -> Void) -> Observation {
        model.failures.observe(until: widget, action)
    }

    /// Runs `action` when a cooldown ends and the button may be pressed again.
    @discardableResult
    public func onCooldownEnd(_ action: @escaping @MainActor () -> Void) -> Observation {
        model.cooldownEnded.observe(until: widget) { action() }
    }

    /// Shows the model's state. While a request runs or its cooldown counts, the button keeps
    /// the focus it has and stays reachable by Tab — a screen reader learns the seconds left
    /// there — but takes no press and tells assistive technologies it is disabled. It turns
    /// insensitive only while idle and not ready (before the slide, say), and never under the
    /// focus, which would drop to nothing: the focus goes to the slider it waits for, or the
    /// button stays focusable until the focus leaves it.
    private func render(renewingName: Bool = false, focusLeaving: Bool = false) {
        let state = model.state
        if model.outcomeCount != outcomeSaid {
            outcomeSaid = model.outcomeCount
            news = say(model.outcome)
        }
        let usable = state.isSensitive || state.phase != .idle
        if !usable, gtk_widget_has_focus(widget) != 0, let slider = requiredSlider {
            KeyboardRing.handFocus(from: widget, to: slider.widget)
        }
        let focused = gtk_widget_has_focus(widget) != 0
        let sensitive = usable || focused
        if (gtk_widget_get_sensitive(widget) != 0) != sensitive {
            gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
        }
        // Nothing is renamed or described as the focus leaves: a screen reader would say it
        // before the next control. The render that moved the focus, or the next change, does.
        if focusLeaving { return }
        if news != descriptionShown {
            descriptionShown = news
            cg_accessible_set_description(widget, news)
        }
        guard state != shown || renewingName else { return }
        let old = shown
        shown = state
        if state.text != old?.text {
            gtk_label_set_text(label.opaque, state.text)
        }
        // While counting and focused, named when the count begins and when the button gets the
        // focus, not each second: a screen reader speaks each name change of the focused
        // object. Without the focus nothing is spoken, and the name follows the label, so that
        // a screen reader's review of the window reads the seconds the screen shows.
        let mayRename = state.phase != .counting || state.phase != old?.phase || renewingName || !focused
        if mayRename, state.accessibleText != nameShown {
            nameShown = state.accessibleText
            cg_accessible_set_label(widget, state.accessibleText)
        }
        // Set as the phase or the sensitivity moves, not at each step of the fill.
        if state.phase != old?.phase || state.isSensitive != old?.isSensitive {
            cg_accessible_set_disabled(widget, state.isSensitive ? 0 : 1)
            // No hover or press look unless a press would request: the keyboard stays.
            gtk_widget_set_can_target(widget, state.isSensitive ? 1 : 0)
            widget.setCSSClass("counting", state.phase == .counting)
            widget.setCSSClass("busy", state.phase != .idle)
        }
        showFill(state.fillFraction)
    }

    /// GTK 4.8 keeps what was set before the accessibility bus knew the button and sends it
    /// with the next change, typically the focus: the words it already had, heard twice. Sent
    /// at the map instead, before anyone focuses it.
    private func sendAccessibleUpdates() {
        cg_accessible_send_kept(widget, nameShown ?? "")
    }

    /// Says how the last request came out where the focus is or goes: in the description of
    /// the slider the button waits for when that has to be passed again (a failure, the end of
    /// the cooldown), which then gets the focus, or else of the button, whose description this
    /// returns. A press clears both.
    private func say(_ outcome: RequestOutcome?) -> String {
        let slider = requiredSlider
        var words: String
        switch outcome {
        case .sent: words = ControlsText.localized("验证码已发送")
        case .failed(let error): words = RequestFailure.message(for: error)
        // TRANSLATORS: said where the focus is when the cooldown ends.
        case .cooldownEnded: words = ControlsText.localized("可以重新获取验证码")
        case nil: words = ""
        }
        switch outcome {
        case .failed, .cooldownEnded, nil:
            if let slider {
                slider.status = words.isEmpty ? nil : words
                words = ""
            }
        case .sent: break
        }
        return words
    }

    /// The fill's width in device pixels: the countdown counts in those steps.
    private var devicePixels: Int { Int(gtk_widget_get_width(fill) * gtk_widget_get_scale_factor(fill)) }

    private func resized() {
        model.countdown.fillResolution = devicePixels
        showFill(model.state.fillFraction)
    }

    private func showFill(_ fraction: Double) {
        let shown = Int((fraction * Double(devicePixels)).rounded())
        if shown != ClipBin.shownWidth(of: fill) {
            ClipBin.show(fill, upTo: shown)
        }
    }

    /// The fill's width as last drawn, in device pixels, for tests.
    package var fillWidth: Int { ClipBin.shownWidth(of: fill) }
}
