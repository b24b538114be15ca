import CGtk
import CodeGateCore

/// The app's window: the slide-to-unlock check above the request button, wired through a
/// `CodeFlow`. It lives as long as its GtkWindow.
@MainActor
public final class CodeGateWindow {
    /// The GtkApplicationWindow.
    public let window: UnsafeMutablePointer<GtkWidget>
    /// The rules the window shows.
    public let flow: CodeFlow
    /// The human check.
    public let slider: SlideToUnlock
    /// The request button.
    public let button: CountdownButton

    /// Builds the window for `application` with the cooldown and wording of `options`.
    public init(application: UnsafeMutablePointer<GtkApplication>, options: LaunchOptions, clock: any TimeSource = BootClock()) {
        flow = CodeFlow(
            slider: SlideUnlock(clock: clock),
            countdown: Countdown(clock: clock, format: options.labelFormat),
            cooldown: options.duration
        )
        slider = SlideToUnlock(model: flow.slider)
        button = CountdownButton(countdown: flow.countdown)
        window = gtk_application_window_new(application)
        gtk_window_set_title(window.cast(), "CodeGate")
        gtk_window_set_default_size(window.cast(), 380, -1)
        gtk_window_set_titlebar(window.cast(), gtk_header_bar_new())

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        gtk_widget_add_css_class(content, "codegate-content")
        let heading = gtk_label_new("安全验证")!
        gtk_widget_add_css_class(heading, "title-2")
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_box_append(content.cast(), heading)
        gtk_box_append(content.cast(), slider.widget)
        gtk_box_append(content.cast(), button.widget)
        gtk_window_set_child(window.cast(), content)

        attach(self, to: window.cast(), key: "codegate-window")
        button.onClicked = { [weak self] in self?.flow.requestCode() }
        flow.changes.add { [weak self] in self?.render() }
        render()
    }

    private func render() {
        button.isAvailable = flow.slider.isUnlocked
    }
}
