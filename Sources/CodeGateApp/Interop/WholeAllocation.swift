import CGtk

/// The allocation of the app's custom layouts (`StatusSlot`, `MessageList`): every child that
/// takes part in layout gets the widget's whole box. What differs between them is how they
/// measure.
enum WholeAllocation {
    /// A `GtkCustomAllocateFunc` for `gtk_custom_layout_new`.
    static let allocate: GtkCustomAllocateFunc = { widget, width, height, _ in
        var child = widget.flatMap { gtk_widget_get_first_child($0) }
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            if gtk_widget_should_layout(current) != 0 {
                gtk_widget_allocate(current, width, height, -1, nil)
            }
        }
    }
}
