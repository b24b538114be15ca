import CGtk

/// A new instance of `type` with no properties set: its floating reference, as `gtk_*_new`
/// returns one (g_object_new itself is variadic).
func newWidget(of type: GType) -> UnsafeMutablePointer<GtkWidget>? {
    g_object_new_with_properties(type, 0, nil, nil).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
}
