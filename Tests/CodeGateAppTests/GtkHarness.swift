import CAdw
import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateCore
import CodeGateTestSupport
import GtkTestSupport

/// The app's windows in tests: GtkDriver's pumping and real input, plus one registered
/// AdwApplication with the app's actions and the app's window on the Xvfb display.
typealias GtkHarness = GtkDriver

@MainActor
extension GtkDriver {
    static let application: UnsafeMutablePointer<GtkApplication> = {
        // A warning from GLib or GTK in a widget test is a failure, not noise.
        g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue))
        // Non-unique, so that the tests never hand their windows to a CodeGate that runs.
        let application: UnsafeMutablePointer<GtkApplication> =
            adw_application_new("io.github.codegate.CodeGate.Tests", G_APPLICATION_NON_UNIQUE)!.cast()
        g_application_register(application.cast(), nil, nil)
        ApplicationActions.install(on: application)
        MainQueueSource.install()
        // The app's own stylesheet, which AdwApplication loads from the app id's resource path
        // (this test id has none): the window's layout depends on it.
        if ResourceBundle.app.register(), let display = gdk_display_get_default() {
            let css = gtk_css_provider_new()
            gtk_css_provider_load_from_resource(css, ResourceBundle.app.basePath + "/style.css")
            gtk_style_context_add_provider_for_display(display, OpaquePointer(css), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            g_object_unref(css)
        }
        return application
    }()

    /// Opens the app's window on `timers`, keeping its state in `stateFolder` if given, and
    /// waits until it is on screen.
    static func openWindow(
        options: LaunchOptions = LaunchOptions(), timers: any TimerPort, stateFolder: String? = nil
    ) -> CodeGateWindow {
        let window = CodeGateApplication.openWindow(application: application, options: options, timers: timers,
                                                    state: stateFolder.map { StateFolder.open($0) })
        gtk_window_present(window.window.cast())
        let mapped = pump { gtk_widget_get_mapped(window.button.widget) != 0 && gtk_widget_get_width(window.slider.scale) > 0 }
        precondition(mapped, "the window never appeared")
        pump(for: .milliseconds(100))
        return window
    }

    /// Closes a window and lets GTK finish tearing it down.
    static func close(_ window: CodeGateWindow) {
        gtk_window_destroy(window.window.cast())
        pump(for: .milliseconds(50))
    }

    /// Types a valid number and drags the slider to the end: ready to request a code.
    static func prepareRequest(in window: CodeGateWindow) {
        type("138 0013 8000", into: window.phoneEntry)
        drag(window.slider, to: 1.1)
        precondition(pump { window.flow.canRequest }, "the window never became ready to request")
    }

    /// Prepares a request, clicks the request button and waits for the cooldown to start.
    static func startCountdown(in window: CodeGateWindow) -> Bool {
        prepareRequest(in: window)
        click(window.button.widget)
        return pump { window.flow.countdown.isCounting }
    }

}
