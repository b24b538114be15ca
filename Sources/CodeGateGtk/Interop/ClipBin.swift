import CodeGateBase
import CGtk
import CodeGateCore
import CodeGateGLib

/// A GTK widget class of our own, "CodeGateClipBin": one child, drawn only up to a given width
/// from the left. The request button's fill is a CSS-styled box inside one, so that growing
/// the fill is a redraw of this widget alone. Resizing the box instead would be a relayout,
/// which on X11 makes the window query the monitor's work area on every step, and drawing it
/// with cairo would need the style context's colour, which GTK 4.10 deprecates.
@MainActor
enum ClipBin {
    private nonisolated static let typeName = "CodeGateClipBin"
    private nonisolated static let widthKey = "codegate-clip-width"
    private nonisolated static let resizedKey = "codegate-clip-resized"
    /// The width of the tiles the child is drawn in, in device pixels: a step repaints at
    /// most one tile; a 300 px fill is drawn in 10 of them.
    private nonisolated static let tileDevicePixels = 32

    /// The registered type: a GtkWidget that sizes and allocates its child as its own, tells
    /// its owner each new allocation, draws the child clipped, and unparents it on dispose.
    private static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
        info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
        info.class_init = { gClass, _ in
            guard let widgetClass = gClass?.assumingMemoryBound(to: GtkWidgetClass.self) else { return }
            // Pure decoration: the button it sits in is named and described.
            gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_PRESENTATION)
            widgetClass.pointee.parent_class.dispose = { object in
                guard let object else { return }
                let widget: UnsafeMutablePointer<GtkWidget> = object.cast()
                while let child = gtk_widget_get_first_child(widget) {
                    gtk_widget_unparent(child)
                }
                // Chain up to GtkWidget's dispose: the class above ours, found by name so the
                // callback needs no state of its own.
                let ours = g_type_class_peek(g_type_from_name(ClipBin.typeName))
                g_type_class_peek_parent(ours)?.assumingMemoryBound(to: GObjectClass.self).pointee.dispose?(object)
            }
            widgetClass.pointee.measure = {
                widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                guard let widget, let child = gtk_widget_get_first_child(widget) else { return }
                gtk_widget_measure(child, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
            }
            widgetClass.pointee.size_allocate = { widget, width, height, baseline in
                guard let widget else { return }
                if let child = gtk_widget_get_first_child(widget) {
                    gtk_widget_allocate(child, width, height, baseline, nil)
                }
                let box = ClosureBox<@MainActor () -> Void>.unbox(g_object_get_data(widget.cast(), ClipBin.resizedKey))
                UIThread.assume { box?.value() }
            }
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let widget, let snapshot, let child = gtk_widget_get_first_child(widget) else { return }
                var bounds = graphene_rect_t()
                let scale = Float(max(1, gtk_widget_get_scale_factor(widget)))
                let devicePixels = Float(Int(bitPattern: g_object_get_data(widget.cast(), ClipBin.widthKey)))
                // Nothing shown, nothing drawn: GTK 4.8 drops the child's nodes under an empty
                // clip without freeing them (valgrind: a definite leak per frame at 0 px).
                guard devicePixels > 0 else { return }
                // In tiles of a fixed width: from one step to the next every whole tile is the
                // same clip of the same child node, which GTK's diff of the frames skips, so only
                // the last tile is damaged and painted — not the whole fill, as one clip that
                // changes width at every step would be.
                let width = devicePixels / scale, height = Float(gtk_widget_get_height(widget))
                let tile = Float(ClipBin.tileDevicePixels) / scale
                var left: Float = 0
                while left < width {
                    graphene_rect_init(&bounds, left, 0, min(tile, width - left), height)
                    gtk_snapshot_push_clip(snapshot, &bounds)
                    gtk_widget_snapshot_child(widget, child, snapshot)
                    gtk_snapshot_pop(snapshot)
                    left += tile
                }
            }
        }
        return g_type_register_static(gtk_widget_get_type(), typeName, &info, GTypeFlags(rawValue: 0))
    }()

    /// A new clip bin around `child`, showing none of it yet.
    static func make(around child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let bin = UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)).assumingMemoryBound(
            to: GtkWidget.self)
        gtk_widget_set_parent(child, bin)
        return bin
    }

    /// Runs `resized` after each new allocation of `bin`; the closure is released with it.
    static func onResize(_ bin: UnsafeMutablePointer<GtkWidget>, _ resized: @escaping @MainActor () -> Void) {
        g_object_set_data_full(bin.cast(), resizedKey, ClosureBox.retain(resized), releaseClosureBox)
    }

    /// Shows the child from the left up to `devicePixels` (the width times the scale factor),
    /// redrawing only this widget.
    static func show(_ bin: UnsafeMutablePointer<GtkWidget>, upTo devicePixels: Int) {
        g_object_set_data(bin.cast(), widthKey, UnsafeMutableRawPointer(bitPattern: max(0, devicePixels)))
        gtk_widget_queue_draw(bin)
    }

    /// The width shown, in device pixels.
    static func shownWidth(of bin: UnsafeMutablePointer<GtkWidget>) -> Int {
        Int(bitPattern: g_object_get_data(bin.cast(), widthKey))
    }
}
