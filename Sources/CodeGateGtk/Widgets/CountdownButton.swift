import CGtk
import CodeGateCore

/// The "获取验证码" button: shows its flow's `RequestButtonState` — a label that counts down, a
/// fill that grows across the button's background, and sensitivity — and forwards clicks.
///
/// It holds no timer: the countdown schedules its own changes and the button redraws when
/// told. It tells the countdown its width, so that the fill's steps are its pixels. The Swift
/// object lives as long as its GtkButton.
@MainActor
public final class CountdownButton {
    /// The GtkButton to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The flow whose request button this is.
    public let flow: CodeFlow

    /// The label and the fill inside the button, internal for tests.
    let label: UnsafeMutablePointer<GtkWidget>
    let fill: UnsafeMutablePointer<GtkWidget>
    private let overlay: UnsafeMutablePointer<GtkWidget>
    /// What the button shows, as last rendered.
    private(set) var shown: RequestButtonState?
    private var observation: ObservationToken?

    /// Creates the button over `flow`.
    public init(flow: CodeFlow) {
        Stylesheet.install()
        self.flow = flow
        widget = gtk_button_new()
        label = gtk_label_new(nil)
        fill = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        overlay = gtk_overlay_new()
        gtk_widget_add_css_class(fill, "countdown-fill")
        gtk_widget_add_css_class(label, "countdown-label")
        gtk_widget_set_can_target(fill, 0)
        // The label sizes the button; the fill is placed under it by `fillAllocation`.
        gtk_overlay_set_child(overlay.opaque, label)
        gtk_overlay_add_overlay(overlay.opaque, fill)
        gtk_widget_insert_before(fill, overlay, label)
        gtk_button_set_child(widget.cast(), overlay)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(widget, "countdown-button")

        attach(self, to: widget.cast(), key: "codegate-countdown-button")
        Signal.connect(widget, "clicked") { [weak self] in self?.flow.requestCode() }
        Signal.connectChildPosition(overlay) { [weak self] _, allocation in
            self?.fillAllocation(&allocation) ?? false
        }
        Signal.connect(widget, "unmap") { [weak self] in self?.flow.countdown.fillResolution = 0 }
        Signal.connect(widget, "destroy") { [weak self] in self?.tearDown() }
        observation = flow.changes.add { [weak self] in self?.render() }
        render()
    }

    private func render() {
        let state = flow.requestButton
        guard state != shown else { return }
        let old = shown
        shown = state
        if state.text != old?.text {
            gtk_label_set_text(label.opaque, state.text)
        }
        if state.accessibleText != old?.accessibleText {
            cg_accessible_set_label(widget, state.accessibleText)
        }
        gtk_widget_set_sensitive(widget, state.isSensitive ? 1 : 0)
        if state.phase == .counting {
            gtk_widget_add_css_class(widget, "counting")
        } else {
            gtk_widget_remove_css_class(widget, "counting")
        }
        if state.fillFraction != old?.fillFraction {
            gtk_widget_queue_allocate(overlay)
        }
    }

    /// Places the fill over the part of the button the cooldown has covered, and tells the
    /// countdown the width the fill is drawn in.
    private func fillAllocation(_ allocation: inout GdkRectangle) -> Bool {
        let width = Int(gtk_widget_get_width(overlay))
        flow.countdown.fillResolution = width
        let fraction = flow.requestButton.fillFraction
        allocation = GdkRectangle(x: 0, y: 0, width: Int32((fraction * Double(width)).rounded()), height: gtk_widget_get_height(overlay))
        return true
    }

    /// The fill's width in pixels as last allocated, for tests.
    var fillWidth: Int { Int(gtk_widget_get_width(fill)) }

    private func tearDown() {
        if let observation {
            flow.changes.remove(observation)
        }
        observation = nil
    }
}
