import CGtk
import CodeGateCore

/// The slide-to-unlock control over a `SlideUnlock` model, built on GtkScale: the track left of
/// the thumb fills in the accent colour and the hint sits on the track.
///
/// Only a drag of the thumb or the → key held to the end moves it: clicks on the trough, the
/// mouse wheel, Page Up/Down and Home/End are refused, so no single action unlocks it. Letting
/// go early (mouse button or key) glides the thumb back.
@MainActor
public final class SlideToUnlock {
    /// The widget to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The state this control shows.
    public let model: SlideUnlock
    /// The text on the track while locked.
    public var hint = "滑动解锁/获取验证码" {
        didSet { render() }
    }
    /// The text on the track once unlocked.
    public var unlockedText = "验证通过" {
        didSet { render() }
    }

    /// The GtkScale and the hint on it, internal for tests.
    let scale: UnsafeMutablePointer<GtkWidget>
    let label: UnsafeMutablePointer<GtkWidget>
    private let glide: TickCallback
    private var isDragging = false
    private var observation: ObservationToken?

    /// Creates the control over `model`.
    public init(model: SlideUnlock) {
        Stylesheet.install()
        self.model = model
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.05)
        gtk_scale_set_draw_value(scale.cast(), 0)
        gtk_range_set_increments(scale.cast(), 0.05, 0.25)
        gtk_widget_set_hexpand(scale, 1)
        cg_accessible_set_label(scale, "滑动解锁")
        cg_accessible_set_description(scale, "拖动滑块到最右端，或按住→键直到最右端")
        gtk_widget_set_tooltip_text(scale, "拖动滑块到最右端（键盘：按住 → 键）")
        label = gtk_label_new(nil)
        gtk_widget_set_can_target(label, 0)
        gtk_widget_add_css_class(label, "slide-hint")
        widget = gtk_overlay_new()
        gtk_overlay_set_child(widget.opaque, scale)
        gtk_overlay_add_overlay(widget.opaque, label)
        gtk_widget_add_css_class(widget, "slide-to-unlock")
        glide = TickCallback(widget: scale)

        attach(self, to: widget.cast(), key: "codegate-slide-to-unlock")
        Signal.connectChangeValue(scale.cast()) { [weak self] scroll, value in
            self?.model.move(to: value, by: self?.input(for: scroll) ?? .jump)
            return true
        }
        Signal.connectNotify(scale, property: "css-classes") { [weak self] in self?.dragStateChanged() }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyReleased(keys) { [weak self] in self?.letGo() }
        gtk_widget_add_controller(scale, keys)
        let press = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signal.connectPressed(press) { [weak self] x, y in self?.pressed(press, x: x, y: y) }
        gtk_widget_add_controller(scale, press)
        Signal.connect(widget, "map") { [weak self] in self?.render() }
        Signal.connect(widget, "unmap") { [weak self] in self?.glide.stop() }
        Signal.connect(widget, "destroy") { [weak self] in self?.tearDown() }
        observation = model.changes.add { [weak self] in self?.render() }
        render()
    }

    /// GtkRange reports a drag of the thumb and a jump to a click or a wheel turn alike as
    /// GTK_SCROLL_JUMP; the `dragging` class it sets during a thumb drag tells them apart.
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
    /// single click drag it to the end.
    private func pressed(_ gesture: OpaquePointer, x: Double, y: Double) {
        guard let target = gtk_widget_pick(scale, x, y, GTK_PICK_DEFAULT),
              String(cString: gtk_widget_get_css_name(target)) != "slider"
        else { return }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
    }

    private func dragStateChanged() {
        let dragging = gtk_widget_has_css_class(scale, "dragging") != 0
        guard dragging != isDragging else { return }
        isDragging = dragging
        if !dragging {
            letGo()
        }
    }

    private func letGo() {
        model.animates = cg_animations_enabled(scale) != 0
        model.release()
    }

    private func render() {
        showPosition()
        gtk_label_set_text(label.opaque, model.isUnlocked ? unlockedText : hint)
        if model.isUnlocked {
            gtk_widget_add_css_class(widget, "unlocked")
        } else {
            gtk_widget_remove_css_class(widget, "unlocked")
        }
        if model.isGlidingBack, gtk_widget_get_mapped(widget) != 0 {
            glide.start { [weak self] in self?.glideFrame() ?? false }
        }
    }

    private func glideFrame() -> Bool {
        guard model.isGlidingBack else {
            model.settle()
            return false
        }
        showPosition()
        return true
    }

    private func showPosition() {
        let value = model.value
        gtk_range_set_value(scale.cast(), value)
        // The hint fades as the thumb covers it, as on a phone's lock screen.
        gtk_widget_set_opacity(label, model.isUnlocked ? 1 : max(0.15, 1 - value * 1.5))
    }

    private func tearDown() {
        glide.stop()
        if let observation {
            model.changes.remove(observation)
        }
        observation = nil
    }
}
