import CodeGateGLib
import CGtk
import CodeGateCore

/// The slide-to-unlock control over a `SlideUnlock` model, built on GtkScale: the track left of
/// the thumb fills in the accent colour and the hint sits on the track.
///
/// Only a drag of the thumb or steps to the end move it — a → key press, a click on the thumb
/// or on the track ahead of it, a value an assistive technology sets through AT-SPI are one
/// step each; the mouse wheel, Page Up/Down and Home/End are refused, so no single action
/// unlocks it. In a right-to-left language GTK mirrors the scale, as a Hebrew or Arabic reader
/// expects: the thumb starts at the right, ← steps it and a drag to the left unlocks it, and the
/// words that name a key or a side say ← and the left end. Letting go of
/// the thumb early, or pausing the steps, glides it back; the model runs the glide and the
/// pause, the control draws each frame and names each state for screen readers. The words on
/// it are the model's (`hint`, `unlockedHint`, `keyboardHint`, `focusedHint`, the accessible names) and this
/// control's (`tooltip`, `groupName`); all can be set.
///
/// Its widget is a CodeGateSlideToUnlock — the same GType C, Python, GJS and Vala use, with its
/// properties — and this class is a typed handle over it: it lives as long as the widget, and
/// `SlideToUnlock.of(_:)` finds it from the widget.
///
/// Styling: the widget's CSS name is `slide-to-unlock` and it has the style class
/// `slide-to-unlock`, plus `unlocked`, `gliding` and `at-start` by state; inside it are a
/// GtkScale (`scale`, with its `trough`, `highlight` and `slider` nodes) and, on top, the
/// hint, a label with the class `slide-hint`.
@MainActor
public final class SlideToUnlock {
    /// The widget to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The state this control shows.
    public let model: SlideUnlock

    /// The GtkScale and the hint on it, package-wide for tests and for the app to focus it.
    package let scale: UnsafeMutablePointer<GtkWidget>
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
    /// The hint as last shown on the track.
    private var shownHint: String?
    /// The window whose `focus-visible` the hint follows while the control is mapped, and the
    /// id of the handler on it.
    private var rootWatch: (root: UnsafeMutableRawPointer, handler: gulong)?
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
        // In percent, which a screen reader says as such ("30"), not the model's fraction
        // ("0.3"); ten presses of → from start to end.
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, Self.percent, 1)
        gtk_scale_set_draw_value(scale.cast(), 0)
        gtk_range_set_increments(scale.cast(), SlideUnlock.step * Self.percent, 25)
        gtk_widget_set_hexpand(scale, 1)
        trough = Self.child(of: scale, named: "trough")
        thumb = trough.flatMap { Self.child(of: $0, named: "slider") }
        label = gtk_label_new(nil)
        gtk_widget_set_can_target(label, 0)
        // Longer words than the track holds (a translation, large text, a narrow window) wrap
        // onto a second line, which the track grows to hold, then end in "…".
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(label.opaque, 2)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(label, "slide-hint")
        // The hint lies on the track: drawn after it, measured and allocated as it is.
        gtk_widget_set_parent(scale, widget)
        gtk_widget_set_parent(label, widget)
        gtk_widget_add_css_class(widget, "slide-to-unlock")

        groupName = ControlsText.localized("安全验证")
        cg_accessible_set_label(widget, groupName)
        followDirection()
        attach(self, to: widget.cast(), key: ObjectType.instanceKey)
        Signal.connectChangeValue(scale.cast()) { [weak self] scroll, value in
            guard let self else { return true }
            // A drag is followed from the pointer itself (`dragged(to:)`), not from GTK's value.
            let input = input(for: scroll)
            if input != .drag {
                model.move(to: value / Self.percent, by: input)
            }
            return true
        }
        Signal.connectNotify(scale, property: "has-focus") { [weak self] in self?.render() }
        Signal.connect(widget, "map") { [weak self] in
            self?.sendAccessibleUpdates()
            self?.watchRoot()
        }
        Signal.connect(widget, "unmap") { [weak self] in self?.unwatchRoot() }
        // A value set from outside, as an assistive technology does through the scale's AT-SPI
        // Value (GTK 4.8 gives a scale no AT-SPI action): one step forward, whatever value was
        // asked, so that no single call unlocks it; a value back is undone.
        Signal.connect(scale, "value-changed") { [weak self] in self?.valueSetFromOutside() }
        Signal.connectDirectionChanged(scale) { [weak self] in self?.followDirection() }
        // Both in the capture phase, ahead of the scale's own gestures: the press decides
        // whether the scale may see it at all, and the release still arrives after the
        // scale's drag gesture has claimed the pointer.
        let press = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signal.connectClick(press, "pressed") { [weak self] x, y in self?.pressed(press, x: x, y: y) }
        gtk_widget_add_controller(scale, press)
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
        model.changes.observe(until: widget) { [weak self] in self?.render() }
        bindGObject()
        render()
    }

    /// The control whose widget is `widget`, if it is one — also one made by g_object_new.
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> SlideToUnlock? {
        attached(to: widget.cast(), key: ObjectType.instanceKey, as: SlideToUnlock.self)
    }

    /// The tooltip on the track: how to pass the check with the pointer and the keyboard. By
    /// default it names the right end and →, or the left end and ← where the track is mirrored;
    /// a text set here is used for both.
    public var tooltip: String {
        get { tooltips.text(mirrored: model.isMirrored) }
        set {
            tooltips = DirectionalText(newValue)
            gtk_widget_set_tooltip_text(scale, newValue)
        }
    }
    private var tooltips = DirectionalText(
        leftToRight: ControlsText.localized("拖动滑块到最右端（键盘：逐次按 → 键）"),
        // TRANSLATORS: the same on a slider mirrored for a right-to-left language, which starts
        // at the right: its end is at the left and ← moves it on.
        rightToLeft: ControlsText.localized("拖动滑块到最左端（键盘：逐次按 ← 键）"))

    /// What a screen reader calls the group around the track, which GTK 4.8 would otherwise
    /// name by its type.
    public var groupName: String {
        didSet { if groupName != oldValue { cg_accessible_set_label(widget, groupName) } }
    }

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
        gtk_widget_grab_focus(scale)
    }

    /// Locks the check again, gliding the thumb back to the start.
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
        model.isMirrored = gtk_widget_get_direction(scale) == GTK_TEXT_DIR_RTL
        gtk_widget_set_tooltip_text(scale, tooltip)
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

    /// Re-renders when the window starts showing focus, which a Tab turns on after the focus
    /// has moved, from the map on; the handler goes at the unmap, so a control moved to another
    /// window or destroyed leaves none behind. GTK's hiding it again 3 s after a key changes
    /// nothing on the track.
    private func watchRoot() {
        guard rootWatch == nil, let root = gtk_widget_get_root(widget) else { return }
        let window = UnsafeMutableRawPointer(root)
        let handler = Signal.connectNotify(window, property: "focus-visible") { [weak self] in
            if gtk_window_get_focus_visible(window.assumingMemoryBound(to: GtkWindow.self)) != 0 { self?.render() }
        }
        rootWatch = (window, handler)
        render()
    }

    private func unwatchRoot() {
        guard let watch = rootWatch else { return }
        rootWatch = nil
        g_signal_handler_disconnect(watch.root, watch.handler)
    }


    /// Lays the track over the whole widget and the hint over the wider side of the track
    /// beside the thumb.
    func allocate(width: Int32, height: Int32, baseline: Int32) {
        gtk_widget_allocate(scale, width, height, baseline, nil)
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
    /// single click drag it to the end; ahead of the thumb it is one step instead. A press on
    /// the thumb starts a drag, or a click.
    private func pressed(_ gesture: OpaquePointer, x: Double, y: Double) {
        guard let target = gtk_widget_pick(scale, x, y, GTK_PICK_DEFAULT),
              String(cString: gtk_widget_get_css_name(target)) != "slider"
        else {
            isDragging = true
            draggedSincePress = false
            // The press came through this control's own capture before the scale's gesture.
            dragOrigin = (pressX, model.value)
            return
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        // A click on the track ahead of the thumb is one step too: a head pointer or eye gaze
        // that keeps clicking the same spot is not left behind once the thumb has moved on.
        // Ahead is to the left on a mirrored track.
        var bounds = graphene_rect_t()
        if let thumb, gtk_widget_compute_bounds(thumb, scale, &bounds) != 0,
           model.isMirrored ? x < Double(bounds.origin.x) : x > Double(bounds.origin.x + bounds.size.width) {
            model.stepForward()
        }
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
        if gtk_range_get_value(scale.cast()) / Self.percent > model.state.position {
            model.stepForward()
        }
        render()
    }

    private func render() {
        let state = model.state
        // Read each time: the glide back follows the desktop's "reduce animation" setting.
        model.animates = cg_animations_enabled(scale) != 0
        isSettingValue = true
        gtk_range_set_value(scale.cast(), state.position * Self.percent)
        isSettingValue = false
        // The hint follows the thumb to the wider side of the track.
        gtk_widget_queue_allocate(widget)
        // Moved on and not let go, the track shows how far it is, focus shown or not (GTK 4.8
        // stops showing it 3 s after a key). At the start, reached by keyboard (focus shown),
        // it says how to pass it by keyboard, for as long as it keeps the focus; a pointer that
        // grabs the thumb focuses it too, without showing focus.
        let moved = state.phase == .locked && state.position > 0
        let focused = gtk_widget_has_focus(scale) != 0
        let byKeyboard = focused && (gtk_widget_has_visible_focus(scale) != 0 || shownHint == state.focusHint)
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
            cg_accessible_set_label(scale, state.accessibleName)
        }
        if state.valueText != shown?.valueText {
            cg_accessible_set_value_text(scale, state.valueText)
        }
        // In whole percent. GTK sets the raw value itself with each change of the scale's: given
        // again then.
        if state.position != shown?.position {
            cg_accessible_set_value_now(scale, (state.position * Self.percent).rounded())
        }
        shown = state
        // Set only when it changes: each change is what a screen reader hears of a step.
        let description = [note ?? status ?? "", state.description].filter { !$0.isEmpty }.joined(separator: "\n")
        if description != shownDescription {
            shownDescription = description
            cg_accessible_set_description(scale, description)
        }
        widget.setCSSClass("unlocked", state.phase == .unlocked)
        widget.setCSSClass("gliding", state.phase == .gliding)
        widget.setCSSClass("at-start", state.position == 0)
    }

    /// GTK 4.8 keeps what was set before the accessibility bus knew the thumb and sends it with
    /// the next change, typically the focus: the name and description it already had, heard
    /// twice. Sent at the map instead, before anyone focuses it.
    private func sendAccessibleUpdates() {
        cg_accessible_send_kept(scale, shown?.accessibleName ?? "")
    }

    /// The scale's range: the model's fraction in percent.
    private static let percent = 100.0
}
