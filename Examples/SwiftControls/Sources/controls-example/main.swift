import CGtk
import CodeGateCore
import CodeGateGtk

/// The error this app's server answers with; what it says is shown under the button.
struct ServerError: Error {
    let message: String
}

/// A stand-in for this app's own server call: answers after 300 ms with a 60 s cooldown, or
/// fails when the check box says so. Waits on the GLib loop's timers: a `Task.sleep` would
/// start Swift's worker threads, which then wake the app every second for good.
@MainActor
func requestCode(timers: GLibTimerPort, failing: Bool) async throws -> Duration {
    try await timers.sleep(for: .milliseconds(300))
    if failing {
        throw ServerError(message: "服务器拒绝了请求，请重新滑动验证")
    }
    return .seconds(60)
}

@MainActor
func buildWindow(application: UnsafeMutablePointer<GtkApplication>) {
    let timers = GLibTimerPort()
    let slider = SlideToUnlock(timers: timers)
    let failing = gtk_check_button_new_with_label("让请求失败")!
    let status = gtk_label_new(nil)!
    let button = CountdownButton(timers: timers) {
        try await requestCode(timers: timers, failing: gtk_check_button_get_active(failing.cast()) != 0)
    }
    // The slide enables the button; the end of a cooldown or a failure locks the slider again.
    button.requireUnlock(by: slider)
    button.onSent { cooldown in
        gtk_label_set_text(status.opaque, "验证码已发送，\(cooldown.components.seconds) 秒后可重新获取")
    }
    button.onFailure { error in
        gtk_label_set_text(status.opaque, (error as? ServerError)?.message ?? "请求超时，请重新滑动验证")
    }

    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    for widget in [slider.widget, button.widget, failing, status] {
        gtk_box_append(box.cast(), widget)
    }
    gtk_widget_set_margin_top(box, 24)
    gtk_widget_set_margin_bottom(box, 24)
    gtk_widget_set_margin_start(box, 24)
    gtk_widget_set_margin_end(box, 24)
    let window = gtk_application_window_new(application)!
    gtk_window_set_title(window.cast(), "CodeGate controls")
    gtk_window_set_default_size(window.cast(), 360, -1)
    gtk_window_set_child(window.cast(), box)
    gtk_window_present(window.cast())
}

let application = gtk_application_new("io.github.codegate.ControlsExample", G_APPLICATION_NON_UNIQUE)!
Signal.connect(application, "activate") { buildWindow(application: application) }
exit(g_application_run(application.cast(), CommandLine.argc, CommandLine.unsafeArgv))
