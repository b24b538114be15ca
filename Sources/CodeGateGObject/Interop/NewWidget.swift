import CGtk
import CodeGateGtk

/// A new instance of `type` with no properties set: its floating reference, as `gtk_*_new`
/// returns one (g_object_new itself is variadic). NULL, with a critical naming `function`, off
/// the GTK thread.
func newWidget(of type: GType, function: String) -> UnsafeMutablePointer<GtkWidget>? {
    let name = String(function.prefix { $0 != "(" })
    return onGTKThread(name, type, fallback: Unchecked(value: nil)) { type in
        Unchecked(
            value: g_object_new_with_properties(type, 0, nil, nil).map {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)
            })
    }.value
}
