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
    /// What the button shows, as last rendered.
    private(set) var shown: RequestButtonState?

    /// Creates the button over `flow`.
    public init(flow: CodeFlow) {
        Stylesheet.install()
        self.flow = flow
        widget = gtk_button_new()
        label = gtk_label_new(nil)
        let tint = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(tint, "countdown-fill")
        fill = ClipBin.make(around: tint)
        gtk_widget_set_can_target(fill, 0)
        gtk_widget_add_css_class(label, "countdown-label")
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

        attach(self, to: widget.cast(), key: "codegate-countdown-button")
        Signal.connect(widget, "clicked") { [weak self] in self?.flow.requestCode() }
        Signal.connect(widget, "unmap") { [weak self] in self?.flow.countdown.fillResolution = 0 }
        flow.changes.add(until: widget) { [weak self] in self?.render() }
        ClipBin.onResize(fill) { [weak self] in self?.resized() }
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
        widget.setCSSClass("counting", state.phase == .counting)
        showFill(state.fillFraction)
    }

    /// The fill's width in device pixels: the countdown counts in those steps.
    private var devicePixels: Int { Int(gtk_widget_get_width(fill) * gtk_widget_get_scale_factor(fill)) }

    private func resized() {
        flow.countdown.fillResolution = devicePixels
        showFill(flow.requestButton.fillFraction)
    }

    private func showFill(_ fraction: Double) {
        let shown = Int((fraction * Double(devicePixels)).rounded())
        if shown != ClipBin.shownWidth(of: fill) {
            ClipBin.show(fill, upTo: shown)
        }
    }

    /// The fill's width as last drawn, in device pixels, for tests.
    var fillWidth: Int { ClipBin.shownWidth(of: fill) }
}
