import CodeGateBase
import CodeGateGLib
import CGtk
import CodeGateCore

/// The "获取验证码" button: pressed, it runs the app's own request, then takes no press for the
/// cooldown the answer names while its label counts down ("获取验证码(59)") and a fill grows
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
/// runs, `counting` while its cooldown runs (styled as `:disabled`, which does not match then:
/// the button stays sensitive to keep the focus); inside it,
/// `.countdown-label` is the words (a GtkInscription drawing them, and an invisible GtkLabel
/// sizing them) and `.countdown-fill` the fill.
@MainActor
public final class CountdownButton {
    /// Where the button stands in the request cycle: idle, sending or counting.
    public typealias Phase = CountdownRequest.Phase

    /// The CodeGateCountdownButton (a GtkButton) to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The button's rules: the request, its timeout, the gate and the cooldown.
    public let model: CountdownRequest

    /// The words inside the button (a GtkInscription, whose new text is only a redraw), the
    /// invisible label that sizes them, and the fill; package-wide for tests.
    package let caption: UnsafeMutablePointer<GtkWidget>
    package let sizer: UnsafeMutablePointer<GtkWidget>
    package let fill: UnsafeMutablePointer<GtkWidget>
    /// All of it, the button's child, referenced for as long as the button lives: an app that
    /// replaces the child (`gtk_button_set_label`, a `label` in a .ui file) cannot free what
    /// the countdown draws on.
    private let content: UnsafeMutablePointer<GtkWidget>
    /// Puts `content` back once a replacement of the child is over.
    package let contentGuard = IdleCall()
    /// Whether a refused child was warned about.
    private var childRefused = false
    /// Whether the app wants the button sensitive (`gtk_widget_set_sensitive`): the button is
    /// sensitive only when the app and its own state both say so.
    private var appSensitive = true
    /// The sensitivity the button last gave itself: a `sensitive` that differs is the app's
    /// doing.
    private var sensitivitySet = true
    /// `appSensitive` as last shown to assistive technologies.
    private var shownAppSensitive = true
    /// The room the sizer's words take, as measured when they were set (nil before the button
    /// was shown): words that take the same room leave the sizer and the layout as they are.
    private var sizerRoom: SIMD4<Int32>?
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
    /// What a screen reader hears where the focus is when a code was sent ("验证码已发送"), and
    /// when the cooldown ends ("可以重新获取验证码"): an app that words the button itself words
    /// these too, or it would speak two languages. Empty says nothing.
    public var sentNews = CountdownButton.defaultSentNews
    public var readyNews = CountdownButton.defaultReadyNews
    /// `sentNews` unless told otherwise, in the language of the moment.
    public static var defaultSentNews: String { ControlsText.localized("验证码已发送") }
    /// `readyNews` unless told otherwise, in the language of the moment.
    public static var defaultReadyNews: String {
        // TRANSLATORS: said where the focus is when the cooldown ends.
        ControlsText.localized("可以重新获取验证码")
    }
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
        // A Swift request runs as a main-actor task: under g_application_run something must
        // drain the main queue, and the control sees to it so an app need not know. A button
        // made by g_object_new runs no task (its request is a signal), and may live on a GTK
        // thread that is not the process's first, whose main queue it must not drain.
        MainQueueSource.install()
        self.init(widget: ObjectType.newInstance(of: Self.gtype).assumingMemoryBound(to: GtkWidget.self), model: model)
    }

    /// The control over `widget`, a new CodeGateCountdownButton, showing `model`.
    init(widget: UnsafeMutablePointer<GtkWidget>, model: CountdownRequest) {
        Stylesheet.install()
        self.model = model
        self.widget = widget
        let tint = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(tint, "countdown-fill")
        fill = ClipBin.make(around: tint)
        gtk_widget_set_can_target(fill, 0)
        // The words are drawn by an inscription, which takes a new text as a redraw, and sized
        // by an invisible label holding words of the same size: a GtkLabel queues a resize at
        // each new text, which relays the whole window out every second of the count (on X11
        // with a dozen round trips to the server). The label gets new words only when they
        // take other room; each second's digits, in figures of one width, do not.
        caption = cg_presentation_new(gtk_inscription_get_type())!
        sizer = cg_presentation_new(gtk_label_get_type())!
        gtk_inscription_set_min_chars(caption.opaque, 0)
        gtk_inscription_set_min_lines(caption.opaque, 0)
        gtk_inscription_set_xalign(caption.opaque, 0.5)
        gtk_widget_set_opacity(sizer, 0)
        // Words wider than the button end in "…" instead of widening the button and the
        // window around it: no format or translation can push a layout out of shape (a
        // restored cooldown once opened a window 45,606 px wide). The accessible name keeps
        // the whole text.
        gtk_inscription_set_text_overflow(caption.opaque, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        gtk_label_set_ellipsize(sizer.opaque, PANGO_ELLIPSIZE_END)
        let line = cg_presentation_new(gtk_overlay_get_type())!
        gtk_overlay_set_child(line.opaque, sizer)
        gtk_overlay_add_overlay(line.opaque, caption)
        // One line high, centred, as a label's own text is in a taller button.
        gtk_widget_set_valign(line, GTK_ALIGN_CENTER)
        for words in [caption, sizer] {
            gtk_widget_add_css_class(words, "countdown-label")
        }
        // The fill spans the button under the words, which alone decide the button's size.
        // Passed over by screen readers, with the words and the fill inside: the button's own
        // name says all of it, and does not change every second as the words do.
        let overlay = cg_presentation_new(gtk_overlay_get_type())!
        gtk_overlay_set_child(overlay.opaque, fill)
        gtk_overlay_add_overlay(overlay.opaque, line)
        gtk_overlay_set_measure_overlay(overlay.opaque, line, 1)
        content = overlay
        g_object_set_data_full(
            widget.cast(), "codegate-content", g_object_ref_sink(overlay.cast()), g_object_unref)
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
        Signal.connectNotify(widget, property: "sensitive") { [weak self] in self?.render() }
        // GtkButton notifies `child` in the middle of set_label and set_icon_name, which go
        // on to use the child they made: the content goes back once they are done.
        Signal.connectNotify(widget, property: "child") { [weak self] in
            guard let self, gtk_button_get_child(widget.cast()) != content else { return }
            contentGuard.schedule { [weak self] in self?.restoreContent() }
        }
        KeyboardRing.follow(widget)
        bindGObject()
        render()
    }

    /// Puts the countdown back as the button's child after an app replaced it: a label's text
    /// becomes the idle text ("label" in a .ui file, `gtk_button_set_label`), any other child
    /// or an icon is refused with a warning, once.
    private func restoreContent() {
        let button: UnsafeMutablePointer<GtkButton> = widget.cast()
        guard gtk_button_get_child(button) != content else { return }
        if let label = gtk_button_get_label(button) {
            let text = String(cString: label)
            if !text.isEmpty { Self.type.set(object, Properties.idleText.index, to: .string(text)) }
        } else if !childRefused {
            childRefused = true
            cg_log_warning(
                "CodeGateCountdownButton: the button's child is its countdown and stays so; "
                    + "set idle-text for its words")
        }
        gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        gtk_button_set_child(button, content)
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

    /// Whether the cooldown runs: the button takes no press and assistive technologies hear it
    /// disabled, yet it stays sensitive to keep the focus; the style class `counting` and the
    /// GObject property `counting` say the same.
    public var isCounting: Bool { model.phase == .counting }

    /// Makes the button wait for `slider`: its unlock enables the button, and the end of each
    /// cooldown or a failed request locks it again, so one slide is good for one request.
    public func requireUnlock(by slider: SlideToUnlock) {
        unlockSlider = slider
        model.requireUnlock(of: slider.model)
    }

    /// The slider the button waits for now, if any.
    private var requiredSlider: SlideToUnlock? {
        guard let slider = unlockSlider, slider.model === model.slider, !slider.isDisposed else { return nil }
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
    /// button stays focusable until the focus leaves it. The app's own `sensitive` comes on
    /// top: what it turned off stays off through every change of the button's state.
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
        // A sensitivity the button did not give itself is the app's (GTK may run a render
        // between its change and the notify that tells of it).
        let current = gtk_widget_get_sensitive(widget) != 0
        if current != sensitivitySet {
            sensitivitySet = current
            appSensitive = current
        }
        let sensitive = appSensitive && (usable || focused)
        if current != sensitive {
            sensitivitySet = sensitive
            gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
        }
        // Nothing is renamed or described as the focus leaves: a screen reader would say it
        // before the next control. The render that moved the focus, or the next change, does.
        if focusLeaving { return }
        if news != descriptionShown {
            descriptionShown = news
            cg_accessible_set_description(widget, news)
        }
        guard state != shown || renewingName || appSensitive != shownAppSensitive else { return }
        let old = shown
        shown = state
        if state.text != old?.text {
            gtk_inscription_set_text(caption.opaque, state.text)
            // Until the button is shown there is no layout to keep, and no font loaded yet to
            // measure with: the words go straight to the sizer.
            let room = gtk_widget_get_mapped(sizer) != 0 ? room(of: state.text) : nil
            if room == nil || room != sizerRoom {
                sizerRoom = room
                gtk_label_set_text(sizer.opaque, state.text)
            }
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
        if state.phase != old?.phase || state.isSensitive != old?.isSensitive || appSensitive != shownAppSensitive {
            shownAppSensitive = appSensitive
            cg_accessible_set_disabled(widget, state.isSensitive && appSensitive ? 0 : 1)
            // No hover or press look unless a press would request: the keyboard stays.
            gtk_widget_set_can_target(widget, state.isSensitive ? 1 : 0)
            widget.setCSSClass("counting", state.phase == .counting)
            widget.setCSSClass("busy", state.phase == .sending)
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
        case .sent: words = sentNews
        case .failed(let error): words = RequestFailure.message(for: error)
        case .cooldownEnded: words = readyNews
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

    /// The room `text` takes on one line in the sizer's font and attributes, in pixels.
    private func room(of text: String) -> SIMD4<Int32> {
        var extents = PangoRectangle()
        guard let probe = pango_layout_copy(gtk_label_get_layout(sizer.opaque)) else { return .zero }
        defer { g_object_unref(probe.cast()) }
        pango_layout_set_width(probe, -1)
        pango_layout_set_ellipsize(probe, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_text(probe, text, -1)
        pango_layout_get_pixel_extents(probe, nil, &extents)
        return SIMD4(extents.x, extents.y, extents.width, extents.height)
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
