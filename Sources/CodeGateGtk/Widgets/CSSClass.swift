import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Gives the widget the style class `name` when `on`, and takes it away otherwise: how the
    /// controls and the window show a state in CSS.
    package func setCSSClass(_ name: String, _ on: Bool) {
        if on {
            gtk_widget_add_css_class(self, name)
        } else {
            gtk_widget_remove_css_class(self, name)
        }
    }
}
