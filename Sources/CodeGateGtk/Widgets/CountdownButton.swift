import CGtk
import CodeGateCore

/// The "获取验证码" button: shows a `Countdown` as a label that counts down and a fill that grows
/// across the button's background, and is insensitive while the cooldown runs.
///
/// While counting it wakes only when the label's number changes or the fill has grown by a
/// device pixel; idle, it holds no source at all. It renders the model and forwards clicks,
/// nothing more. The Swift object lives as long as its GtkButton.
@MainActor
public final class CountdownButton {
    /// The GtkButton to put in a layout.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The cooldown this button shows.
    public let countdown: Countdown
    /// Called when the user clicks the (sensitive) button.
    public var onClicked: (@MainActor () -> Void)?
    /// Whether a request is allowed apart from the cooldown; the button is sensitive only when
    /// this is true and no cooldown runs.
    public var isAvailable = true {
        // The window sets this on every change of its flow, once a second while counting:
        // only a real change is worth a render, which also re-arms the wake-up.
        didSet { if isAvailable != oldValue { render() } }
    }
    /// Text shown instead of the countdown's label, with the button insensitive: "发送中…"
    /// while a request is in flight. Nil shows the countdown.
    public var overrideText: String? {
        didSet { if overrideText != oldValue { render() } }
    }

    /// The label and the fill inside the button, internal for tests.
    let label: UnsafeMutablePointer<GtkWidget>
    private(set) var fill: UnsafeMutablePointer<GtkWidget>!
    private let wake = OneShotTimer()
    private var observation: ObservationToken?
    /// The fill's width in device pixels as last drawn.
    private(set) var drawnFillPixels = 0

    /// Creates the button over `countdown`.
    public init(countdown: Countdown) {
        Stylesheet.install()
        self.countdown = countdown
        widget = gtk_button_new()
        label = gtk_label_new(nil)
        fill = DrawingArea.make { [weak self] cairo, width, height in
            self?.drawFill(cairo, width: width, height: height)
        }
        gtk_widget_add_css_class(fill, "countdown-fill")
        gtk_widget_add_css_class(label, "countdown-label")
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.opaque, fill)
        gtk_overlay_add_overlay(overlay.opaque, label)
        gtk_button_set_child(widget.cast(), overlay)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(widget, "countdown-button")

        attach(self, to: widget.cast(), key: "codegate-countdown-button")
        Signal.connect(widget, "clicked") { [weak self] in self?.onClicked?() }
        Signal.connect(widget, "map") { [weak self] in self?.render() }
        Signal.connect(widget, "unmap") { [weak self] in self?.wake.cancel() }
        Signal.connect(widget, "destroy") { [weak self] in self?.tearDown() }
        observation = countdown.changes.add { [weak self] in self?.render() }
        render()
    }

    /// The id of the pending GLib wake-up source, 0 when none: lets tests check that nothing is
    /// left behind.
    var pendingSourceID: guint { wake.sourceID }

    private var fillSteps: Int {
        Int(gtk_widget_get_width(fill) * gtk_widget_get_scale_factor(fill))
    }

    private func render() {
        gtk_label_set_text(label.opaque, overrideText ?? countdown.label)
        gtk_widget_set_sensitive(widget, isAvailable && overrideText == nil && !countdown.isCounting ? 1 : 0)
        if countdown.isCounting {
            gtk_widget_add_css_class(widget, "counting")
        } else {
            gtk_widget_remove_css_class(widget, "counting")
        }
        gtk_widget_queue_draw(fill)
        scheduleWake()
    }

    private func scheduleWake() {
        guard gtk_widget_get_mapped(widget) != 0,
              let delay = countdown.delayUntilNextChange(fillSteps: fillSteps)
        else { return wake.cancel() }
        wake.schedule(after: delay) { [weak self] in self?.wakeUp() }
    }

    private func wakeUp() {
        countdown.refresh()
        gtk_widget_queue_draw(fill)
        scheduleWake()
    }

    private func drawFill(_ cairo: OpaquePointer, width: Int, height: Int) {
        let scale = Int(gtk_widget_get_scale_factor(fill))
        drawnFillPixels = countdown.filledSteps(of: width * scale)
        guard drawnFillPixels > 0 else { return }
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(fill), &color)
        gdk_cairo_set_source_rgba(cairo, &color)
        cairo_rectangle(cairo, 0, 0, Double(drawnFillPixels) / Double(scale), Double(height))
        cairo_fill(cairo)
    }

    private func tearDown() {
        wake.cancel()
        if let observation {
            countdown.changes.remove(observation)
        }
        observation = nil
    }
}
