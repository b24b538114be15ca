import CodeGateGLib
import CodeGateCore
import CodeGateGtk
import CodeGateFlow
import CGtk

/// Sends desktop notifications through GApplication, but only while a notification service
/// owns `org.freedesktop.Notifications` on the session bus: elsewhere GIO would log a warning
/// for every message. Presence is watched, not polled, and the watch ends with `stop()`.
@MainActor
final class DesktopNotifier {
    private let application: UnsafeMutablePointer<GApplication>
    private var watchID: guint = 0
    /// The ids of the notifications shown and not withdrawn yet.
    private var shown: Set<String> = []
    /// Whether a notification service is on the bus now.
    private(set) var isServicePresent = false

    /// Starts watching the bus of `application`, if it has one.
    init(application: UnsafeMutablePointer<GApplication>) {
        self.application = application
        guard let connection = g_application_get_dbus_connection(application) else { return }
        let presence: @MainActor (Bool) -> Void = { [weak self] present in self?.isServicePresent = present }
        watchID = g_bus_watch_name_on_connection(
            connection, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor (Bool) -> Void>.unbox(data)?.value(true) }
            },
            { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor (Bool) -> Void>.unbox(data)?.value(false) }
            },
            ClosureBox.retain(presence),
            releaseClosureBox
        )
    }

    /// Shows `title` and `body` as a desktop notification, replacing the previous one with the
    /// same `id`; does nothing without a notification service.
    func send(id: String, title: String, body: String) {
        guard isServicePresent else { return }
        let notification = g_notification_new(title)
        g_notification_set_body(notification, body)
        g_application_send_notification(application, id, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
        shown.insert(id)
    }

    /// Takes away the notification with `id`, if one was shown: what it says is no use any
    /// more, and a code must not sit on screen after it was used.
    func withdraw(id: String) {
        guard shown.remove(id) != nil else { return }
        g_application_withdraw_notification(application, id)
    }

    /// Ends the bus watch.
    func stop() {
        guard watchID != 0 else { return }
        g_bus_unwatch_name(watchID)
        watchID = 0
    }
}
