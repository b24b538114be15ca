import CodeGateGtk
import CGtk

/// The room a status line takes under a field, kept whether or not it shows one, so that a
/// line that comes, goes or wraps moves nothing below it: as tall as the tallest of the
/// sentences the line can show, laid out in its label's font at the slot's current width (so
/// at any text size, in any language), or as its label when that is taller. The label spans
/// the slot's full width and wraps there.
///
/// The label itself is hidden while empty: an empty label would reach a screen reader as an
/// object with no name.
@MainActor
enum StatusSlot {
    private nonisolated static let roomKey = "codegate-status-room"

    /// A slot holding `label`, keeping room for each of `sentences`.
    static func make(around label: UnsafeMutablePointer<GtkWidget>, reserving sentences: [String])
        -> UnsafeMutablePointer<GtkWidget>
    {
        gtk_widget_set_halign(label, GTK_ALIGN_FILL)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        let slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(slot.cast(), label)
        let room = StatusRoom(sentences: sentences)
        g_object_set_data_full(slot.cast(), roomKey, ClosureBox.retain(room), releaseClosureBox)
        // The box's own layout would make it as tall as the label alone.
        gtk_widget_set_layout_manager(
            slot,
            gtk_custom_layout_new(
                { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
                { slot, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                    guard let slot, let label = gtk_widget_get_first_child(slot) else { return }
                    var labelMinimum: Int32 = 0, labelNatural: Int32 = 0
                    gtk_widget_measure(label, orientation, forSize, &labelMinimum, &labelNatural, nil, nil)
                    if orientation == GTK_ORIENTATION_VERTICAL {
                        // With no width given, each sentence on one line, as wide as it likes: GTK
                        // wants no width to need less height than that.
                        let reserved = MainActor.assumeIsolated {
                            ClosureBox<StatusRoom>.unbox(g_object_get_data(slot.cast(), StatusSlot.roomKey))?.value
                                .tallest(in: label, width: forSize) ?? 0
                        }
                        labelMinimum = max(labelMinimum, reserved)
                        labelNatural = max(labelNatural, reserved)
                    }
                    minimum?.pointee = labelMinimum
                    natural?.pointee = labelNatural
                    minimumBaseline?.pointee = -1
                    naturalBaseline?.pointee = -1
                },
                { slot, width, height, _ in
                    guard let slot, let label = gtk_widget_get_first_child(slot), gtk_widget_should_layout(label) != 0
                    else { return }
                    gtk_widget_allocate(label, width, height, -1, nil)
                }))
        return slot
    }
}
