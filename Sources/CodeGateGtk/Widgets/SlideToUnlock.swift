import CodeGateBase
import CodeGateGLib
import CGtk
import CodeGateCore

/// The slide-to-unlock control over a `SlideUnlock` model, a GtkScale of its own: the track left
/// of the thumb fills in and the hint sits on the track.
///
/// Only a drag of the thumb or steps to the end move it — a → key press, a click anywhere on
/// it, a value an assistive technology sets through AT-SPI are one step each; the mouse wheel,
/// Page Up/Down and Home/End are refused, so no single action unlocks it. In a right-to-left
/// language GTK mirrors the scale, as a Hebrew or Arabic reader expects: the thumb starts at
/// the right, ← steps it and a drag to the left unlocks it, and the words that name a key or a
/// side say ← and the left end. Letting go of the thumb early, or pausing the steps, glides it
/// back; the model runs the glide and the pause, the control draws each frame and names each
/// state for screen readers. The words on it are the model's (`hint`, `unlockedHint`,
/// `keyboardHint`, `focusedHint`, the accessible names) and this control's (`tooltip`); all can
/// be set.
///
/// Its widget is a CodeGateSlideToUnlock — the same GType C, Python, GJS and Vala use, with its
/// properties — and this class is a typed handle over it: it lives as long as the widget, and
/// `SlideToUnlock.of(_:)` finds it from the widget.
///
/// To assistive technologies it is one slider, named by the model's accessible names, with
/// the scale's value in percent: no group around it.
///
/// Styling: the widget's CSS name is `slide-to-unlock` and it has the style class
/// `slide-to-unlock`, plus `unlocked`, `gliding`, `at-start` and `keyboard-ring` by state;
/// inside it are the scale's `trough`, `highlight` and `slider` nodes and, on top, the hint, a
/// label with the class `slide-hint`.
@MainActor
public final class SlideToUnlock {
    /// The widget to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The state this control shows.
    public let model: SlideUnlock

    /// The widget as the GtkScale it is, package-wide for tests and for the app to focus it.
    package var scale: UnsafeMutablePointer<GtkWidget> { widget }
    /// The hint on the track, package-wide for tests.
    package let label: UnsafeMutablePointer<GtkWidget>
    private var isDragging = false
    /// Whether the thumb held by the pointer has moved since the press: a press and release
    /// without moving is a click, which steps the thumb on.
    private var draggedSincePress = false
    /// The scale's trough and the thumb in it, which GtkScale makes with itself: their widths
    /// give a drag's travel.
    private let trough: UnsafeMutablePointer<GtkWidget>?
    private let thumb: UnsafeMutablePointer<GtkWidget>?
    /// Where the pointer last went down, in surface coordinates.
    private var pressX = 0.0
    /// Where the pointer and the thumb were when the drag began.
    private var dragOrigin: (x: Double, value: Double)?
    private var shown: SliderState?
    /// Whether `render` is setting the scale's value, which is then not a value set from outside.
    private var isSettingValue = false
    /// The description as last given to the accessibility tree; package-wide for tests.
    package private(set) var shownDescription: String?
    /// How many times the description was given to the accessibility tree, each heard; for tests.
    package private(set) var descriptionChanges = 0
    /// The hint as last shown on the track.
    private var shownHint: String?
    /// What the GObject side keeps: its C strings and the last `unlocked` notified.
    let gobject = SlideToUnlockGObjectState()

    /// A control over a new locked slider, on the GLib main loop's timers unless told otherwise.
    public convenience init(timers: any TimerPort = GLibTimerPort()) {
        self.init(model: SlideUnlock(timers: timers))
    }

    /// Creates the control over `model`.
    public convenience init(model: SlideUnlock) {
        self.init(widget: ObjectType.newInstance(of: Self.gtype).assumingMemoryBound(to: GtkWidget.self), model: model)
    }

    /// The control over `widget`, a new CodeGateSlideToUnlock, showing `model`.
    init(widget: UnsafeMutablePointer<GtkWidget>, model: SlideUnlock) {
        Stylesheet.install()
        self.model = model
        self.widget = widget
        Self.giveRange(to: widget)
        gtk_widget_set_hexpand(widget, 1)
        trough = Self.child(of: widget, named: "trough")
        thumb = trough.flatMap { Self.child(of: $0, named: "slider") }
        // Not a node of its own for assistive technologies: the slider's description says it.
        label = cg_presentation_new(gtk_label_get_type())
        gtk_widget_set_can_target(label, 0)
        // Longer words than the track holds (a translation, large text, a narrow window) wrap
        // onto a second line, which the track grows to hold, then end in "…".
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(label.opaque, 2)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(label, "slide-hint")
        // The hint lies on the track: drawn after it, allocated as it is.
        gtk_widget_set_parent(label, widget)
        gtk_widget_add_css_class(widget, "slide-to-unlock")

        groupName = Self.defaultGroupName
        // GTK 4.8 sends no event for a range's value; from the next release on it does, and a
        // screen reader speaks each (Orca 48 on GTK 4.18): the model then says a step's
        // progress in the value's words alone.
        model.announcesValue = Self.isNewerThanGTK48
        followDirection()
        attach(self, to: widget.cast(), key: ObjectType.instanceKey)
        Signal.connectChangeValue(widget.cast()) { [weak self] scroll, value in
            guard let self else { return true }
            // A drag is followed from the pointer itself (`dragged(to:)`), not from GTK's value.
            let input = input(for: scroll)
            if input != .drag {
                model.move(to: value / Self.percent, by: input)
            }
            return true
        }
        Signal.connectNotify(widget, property: "has-focus") { [weak self] in self?.render() }
        Signal.connect(widget, "map") { [weak self] in self?.sendAccessibleUpdates() }
        // A value set from outside, as an assistive technology does through the scale's AT-SPI
        // Value (GTK 4.8 gives a scale no AT-SPI action): one step forward, whatever value was
        // asked, so that no single call unlocks it; a value back is undone.
        Signal.connect(widget, "value-changed") { [weak self] in self?.valueSetFromOutside() }
        Signal.connectDirectionChanged(widget) { [weak self] in self?.followDirection() }
        Signal.connectNotify(widget, property: "adjustment") { [weak self] in self?.keepRange() }
        watchRange()
        // Both in the capture phase, ahead of the scale's own gestures: the press decides
        // whether the scale may see it at all, and the release still arrives after the
        // scale's drag gesture has claimed the pointer. GTK runs a widget's controllers last
        // added first, and a press claimed goes no further: the pointer's position is taken
        // before the press gesture decides.
        let press = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signal.connectClick(press, "pressed") { [weak self] x, y in self?.pressed(press, x: x, y: y) }
        gtk_widget_add_controller(widget, press)
        let release = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(release, GTK_PHASE_CAPTURE)
        Signal.connectPointer(release) { [weak self] event in
            switch event {
            case .pressed(let x): self?.pressX = x
            case .moved(let x): self?.dragged(to: x)
            case .released: self?.pointerReleased()
            }
        }
        gtk_widget_add_controller(widget, release)
        // The hint says how to pass the check by keyboard from when a key reaches the thumb
        // (a Tab into it is let go there) until a pointer press or the focus leaves; added last,
        // so that it sees every press first.
        KeyboardRing.follow(widget) { [weak self] in self?.render() }
        model.changes.observe(until: widget) { [weak self] in self?.render() }
        bindGObject()
        render()
    }

    /// The control whose widget is `widget`, if it is one — also one made by g_object_new.
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> SlideToUnlock? {
        attached(to: widget.cast(), key: ObjectType.instanceKey, as: SlideToUnlock.self)
    }

    /// The tooltip on the track: how to pass the check with the pointer and the keyboard, shown
    /// until the slider is unlocked. By default it names the right end and →, or the left end
    /// and ← where the track is mirrored; a text set here is used for both.
    public var tooltip: String {
        get { tooltips.text(mirrored: model.isMirrored) }
        set {
            tooltips = DirectionalText(newValue)
            showTooltip()
        }
    }

    /// The tooltip while the check is still to be passed, none once it is: it would tell the
    /// pointer to drag a thumb that has arrived. GTK 4.8 makes a tooltip's text the control's
    /// description, so there the text is set only when it changes, and only whether it shows
    /// follows the check; later GTK gives a control with no description (the unlocked slider)
    /// its tooltip's text as one, so there the text goes while unlocked.
    private func showTooltip() {
        let shows = !model.isUnlocked
        if Self.isNewerThanGTK48 {
            gtk_widget_set_tooltip_text(widget, shows ? tooltip : nil)
        } else if gtk_widget_get_tooltip_text(widget).map({ String(cString: $0) }) != tooltip {
            gtk_widget_set_tooltip_text(widget, tooltip)
        }
        gtk_widget_set_has_tooltip(widget, shows ? 1 : 0)
    }
    /// Whether the GTK running is newer than 4.8, the oldest supported (Debian 12), whose
    /// accessibility differs in what `init` and `showTooltip` say.
    private static let isNewerThanGTK48 = gtk_get_minor_version() > 8
    private var tooltips = SlideToUnlock.defaultTooltips
    /// The tooltip unless told otherwise, for each direction, in the language of the moment.
    static var defaultTooltips: DirectionalText {
        DirectionalText(
            leftToRight: ControlsText.localized("拖动滑块到最右端（键盘：逐次按 → 键）"),
            // TRANSLATORS: the same on a slider mirrored for a right-to-left language, which
            // starts at the right: its end is at the left and ← moves it on.
            rightToLeft: ControlsText.localized("拖动滑块到最左端（键盘：逐次按 ← 键）"))
    }
    /// `groupName` unless told otherwise, in the language of the moment.
    static var defaultGroupName: String { ControlsText.localized("安全验证") }

    /// Kept for compatibility: the control is one slider for assistive technologies, with no
    /// group around it to name; the text is kept and read back, and nothing shows it.
    public var groupName: String

    /// A line a screen reader hears before the control's own description, e.g. why the check
    /// has to be passed again; nil for none. It stands in for the controls' own `status`.
    public var note: String? {
        didSet { render() }
    }

    /// The controls' own news for the thumb's description, when the app gives no `note`: why
    /// a request failed, or that a new code may be requested. Set by the request button that
    /// waits for this slider, as it hands it the focus; gone once the thumb moves on.
    var status: String? {
        didSet { render() }
    }

    /// Whether the check is passed.
    public var isUnlocked: Bool { model.isUnlocked }

    /// Puts the keyboard focus on the thumb, e.g. when the check has to be passed again.
    public func grabFocus() {
        gtk_widget_grab_focus(widget)
    }

    /// Locks the check again, the thumb back at the start.
    public func lock() {
        model.lock()
    }

    /// Runs `action` each time the check is passed, until the control is destroyed or the
    /// observation is cancelled.
    @discardableResult
    public func onUnlock(_ action: @escaping @MainActor () -> Void) -> Observation {
        model.unlocks.observe(until: widget) { action() }
    }

    /// Takes on the scale's text direction, which GTK sets at start from the language (and an
    /// app may change): GTK lays the scale out right to left in a right-to-left language, and
    /// the model's words and the tooltip then name the key and the side that work.
    private func followDirection() {
        model.isMirrored = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        showTooltip()
    }

    /// Where the thumb goes for the pointer at `x`: as far as the pointer travelled since
    /// the drag began, one to one, leftwards on a mirrored track. GTK 4.8's own drag maps the
    /// pointer's travel over the whole trough yet moves the thumb over the trough less its
    /// width, so a wide thumb lags the pointer (by 12% here) and stops short of the end when
    /// the pointer gets there.
    private func dragged(to x: Double) {
        guard isDragging, let origin = dragOrigin, x != origin.x, let trough, let thumb else { return }
        let travel = Double(gtk_widget_get_width(trough) - gtk_widget_get_width(thumb))
        guard travel > 0 else { return }
        let forward = model.isMirrored ? origin.x - x : x - origin.x
        if model.move(to: origin.value + forward / travel, by: .drag) {
            draggedSincePress = true
        }
    }

    /// Gives the scale its range again, after g_object_new's construct properties replaced it.
    func setUpRange() {
        Self.giveRange(to: widget)
        watchRange()
        shown = nil
        render()
    }

    /// Keeps the range the slider's own: GtkRange's setters (set_range, set_increments,
    /// set_adjustment, or a change to the adjustment itself) would make it impossible to
    /// unlock, so they are undone with a warning. A value set from outside is a step forward
    /// (`valueSetFromOutside`), as an assistive technology sets it.
    private func watchRange() {
        guard let adjustment = gtk_range_get_adjustment(widget.cast()) else { return }
        Signal.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in
            guard let self, gtk_range_get_adjustment(widget.cast()) == adjustment else { return }
            keepRange()
        }
    }

    private func keepRange() {
        let adjustment = gtk_range_get_adjustment(widget.cast())
        let own =
            gtk_adjustment_get_lower(adjustment) == 0 && gtk_adjustment_get_upper(adjustment) == Self.percent
            && gtk_adjustment_get_step_increment(adjustment) == SlideUnlock.step * Self.percent
            && gtk_adjustment_get_page_size(adjustment) == 0
        guard !own else { return }
        cg_log_warning(
            "CodeGateSlideToUnlock: its range is its own (0 to 100 in steps of 10) and stays so; "
                + "GtkRange's set_range, set_increments and set_adjustment do not apply to it")
        setUpRange()
    }

    /// The scale's range: in percent, which a screen reader says as such ("30"), not the
    /// model's fraction ("0.3"); ten presses of → from start to end.
    private static func giveRange(to widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_range_set_adjustment(
            widget.cast(), gtk_adjustment_new(0, 0, Self.percent, SlideUnlock.step * Self.percent, 25, 0))
        gtk_scale_set_draw_value(widget.cast(), 0)
    }

    /// Lays the hint over the wider side of the track beside the thumb, once the scale has laid
    /// out the track.
    func allocateHint(width: Int32, height: Int32, baseline: Int32) {
        var bounds = graphene_rect_t()
        guard let thumb, gtk_widget_compute_bounds(thumb, widget, &bounds) != 0 else {
            gtk_widget_allocate(label, width, height, baseline, nil)
            return
        }
        let before = Int32(bounds.origin.x.rounded(.down))
        let after = Int32((bounds.origin.x + bounds.size.width).rounded(.up))
        var place = before >= width - after ? graphene_point_t(x: 0, y: 0) : graphene_point_t(x: Float(after), y: 0)
        let transform = gsk_transform_translate(nil, &place)
        gtk_widget_allocate(label, max(0, before >= width - after ? before : width - after), height, -1, transform)
    }

    /// The first child of `widget` with the CSS name `name`.
    private static func child(of widget: UnsafeMutablePointer<GtkWidget>, named name: String) -> UnsafeMutablePointer<
        GtkWidget
    >? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child, String(cString: gtk_widget_get_css_name(current)) != name {
            child = gtk_widget_get_next_sibling(current)
        }
        return child
    }

    /// GtkRange reports a drag of the thumb and a jump to a wheel turn alike as
    /// GTK_SCROLL_JUMP; whether the pointer holds the thumb tells them apart.
    private func input(for scroll: GtkScrollType) -> SlideInput {
        switch scroll {
        case GTK_SCROLL_JUMP:
            isDragging ? .drag : .jump
        case GTK_SCROLL_STEP_FORWARD, GTK_SCROLL_STEP_BACKWARD, GTK_SCROLL_STEP_LEFT,
             GTK_SCROLL_STEP_RIGHT, GTK_SCROLL_STEP_UP, GTK_SCROLL_STEP_DOWN:
            .step
        case GTK_SCROLL_START, GTK_SCROLL_END:
            .boundary
        default:
            .page
        }
    }

    /// A press anywhere but on the thumb is claimed before the scale sees it: with
    /// `gtk-primary-button-warps-slider` the scale would jump the thumb to the click and let a
    /// single click drag it to the end; off the thumb it is one step instead. A press on the
    /// thumb starts a drag, or a click.
    private func pressed(_ gesture: OpaquePointer, x: Double, y: Double) {
        guard let target = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT),
              String(cString: gtk_widget_get_css_name(target)) != "slider"
        else {
            isDragging = true
            draggedSincePress = false
            // The press came through this control's own capture before the scale's gesture.
            dragOrigin = (pressX, model.value)
            return
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        // Behind the thumb too, not only ahead of it: a head pointer or eye gaze that keeps
        // clicking one spot in the middle would otherwise be stuck once the thumb passed it.
        model.stepForward()
    }

    /// The end of a drag glides the thumb back unless it reached the end; a click on the thumb
    /// (no drag) steps it on instead, for those who can click but not drag.
    private func pointerReleased() {
        guard isDragging else { return }
        isDragging = false
        if draggedSincePress {
            model.release()
        } else {
            model.stepForward()
        }
    }

    private func valueSetFromOutside() {
        // The model's own position, which render sets (rounded by GtkRange), is no request.
        guard !isSettingValue else { return }
        if gtk_range_get_value(widget.cast()) / Self.percent > model.state.position {
            model.stepForward()
        }
        render()
    }

    private func render() {
        // Disposed, the scale has no range left to show anything on.
        guard !isDisposed else { return }
        let state = model.state
        // Read each time: the glide back follows the desktop's "reduce animation" setting.
        model.animates = cg_animations_enabled(widget) != 0
        isSettingValue = true
        gtk_range_set_value(widget.cast(), state.position * Self.percent)
        isSettingValue = false
        // The hint follows the thumb to the wider side of the track: laid out again when the
        // thumb moved, not at each render (a focus, a note); a resize lays it out by itself.
        if state.position != shown?.position {
            gtk_widget_queue_allocate(widget)
        }
        // Moved on and not let go, the track shows how far it is. At the start, reached by
        // keyboard, it says how to pass it by keyboard, for as long as it keeps the focus; a
        // pointer that grabs the thumb focuses it too, not by keyboard.
        let moved = state.phase == .locked && state.position > 0
        let byKeyboard = gtk_widget_has_focus(widget) != 0 && KeyboardRing.isOn(widget)
        let hint = moved || (state.phase == .locked && byKeyboard) ? state.focusHint : state.hint
        if hint != shownHint {
            shownHint = hint
            gtk_label_set_text(label.opaque, hint)
        }
        // The news is stale once the thumb moves on.
        if moved, status != nil {
            status = nil
            return
        }
        // Only real changes reach the accessibility tree: each is an event a screen reader hears.
        if state.accessibleName != shown?.accessibleName {
            cg_accessible_set_label(widget, state.accessibleName)
        }
        if state.valueText != shown?.valueText {
            cg_accessible_set_value_text(widget, state.valueText)
        }
        // In whole percent. GTK sets the raw value itself with each change of the scale's: given
        // again then. Gliding back, where the thumb is going: a screen reader that meets it then
        // (the focus handed back after a failure) hears the start, not a step on the way.
        if state.position != shown?.position || state.phase != shown?.phase {
            let reported = state.phase == .gliding ? 0 : (state.position * Self.percent).rounded()
            cg_accessible_set_value_now(widget, reported)
        }
        if (state.phase == .unlocked) != (shown?.phase == .unlocked) {
            showTooltip()
        }
        shown = state
        // Set only when it changes: each change is what a screen reader hears of a step.
        let description = [note ?? status ?? "", state.description].filter { !$0.isEmpty }.joined(separator: "\n")
        if description != shownDescription {
            shownDescription = description
            descriptionChanges += 1
            cg_accessible_set_description(widget, description)
        }
        widget.setCSSClass("unlocked", state.phase == .unlocked)
        widget.setCSSClass("gliding", state.phase == .gliding)
        widget.setCSSClass("at-start", state.position == 0)
    }

    /// GTK 4.8 keeps what was set before the accessibility bus knew the thumb and sends it with
    /// the next change, typically the focus: the name and description it already had, heard
    /// twice. Sent at the map instead, before anyone focuses it.
    private func sendAccessibleUpdates() {
        cg_accessible_send_kept(widget, shown?.accessibleName ?? "")
    }

    /// The scale's range: the model's fraction in percent.
    private static let percent = 100.0
}
