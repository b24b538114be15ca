import CGtk

/// A frame-clock callback on a widget, for animations that must move every frame. It runs only
/// while installed; the closure is released by GTK's destroy notify when it is removed.
@MainActor
final class TickCallback {
    private final class Box {
        weak var owner: TickCallback?
        let action: @MainActor () -> Bool
        init(owner: TickCallback, action: @escaping @MainActor () -> Bool) {
            self.owner = owner
            self.action = action
        }
    }

    private let widget: UnsafeMutablePointer<GtkWidget>
    private var callbackID: guint = 0

    /// A tick callback for `widget`, not yet installed.
    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// Calls `action` on every frame until it returns false or `stop()` is called.
    func start(_ action: @escaping @MainActor () -> Bool) {
        guard callbackID == 0 else { return }
        let box = Unmanaged.passRetained(Box(owner: self, action: action)).toOpaque()
        callbackID = gtk_widget_add_tick_callback(widget, { _, _, data in
            MainActor.assumeIsolated {
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                guard box.action() else {
                    box.owner?.callbackID = 0
                    return 0 // G_SOURCE_REMOVE
                }
                return 1 // G_SOURCE_CONTINUE
            }
        }, box) { data in
            data.map { Unmanaged<Box>.fromOpaque($0).release() }
        }
    }

    /// Removes the callback, if installed.
    func stop() {
        guard callbackID != 0 else { return }
        gtk_widget_remove_tick_callback(widget, callbackID)
        callbackID = 0
    }
}
