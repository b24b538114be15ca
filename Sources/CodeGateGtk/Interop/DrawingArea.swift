import CGtk

/// A GtkDrawingArea whose drawing is a Swift closure, owned by GTK and released through the
/// draw function's destroy notify.
@MainActor
enum DrawingArea {
    /// Creates the area; `draw` gets the cairo context and the size in logical pixels.
    static func make(
        _ draw: @escaping @MainActor (_ cairo: OpaquePointer, _ width: Int, _ height: Int) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        final class Box {
            let draw: @MainActor (OpaquePointer, Int, Int) -> Void
            init(_ draw: @escaping @MainActor (OpaquePointer, Int, Int) -> Void) { self.draw = draw }
        }
        let area = gtk_drawing_area_new()!
        let box = Unmanaged.passRetained(Box(draw)).toOpaque()
        gtk_drawing_area_set_draw_func(area.cast(), { _, cairo, width, height, data in
            MainActor.assumeIsolated {
                Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().draw(cairo!, Int(width), Int(height))
            }
        }, box) { data in
            data.map { Unmanaged<Box>.fromOpaque($0).release() }
        }
        return area
    }
}
