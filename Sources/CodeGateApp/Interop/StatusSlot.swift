import CodeGateGtk
import CGtk

/// The room a status line takes under a field: one line of its label's font, kept whether or
/// not it shows anything, or as much as the label needs when it wraps to more. The label spans
/// the slot's full width and wraps there.
///
/// Why one line, and not the tallest sentence the line could ever show: nearly every status is
/// one line at the default width, so one line kept means that a status coming or going moves
/// nothing below it, and the empty line doubles as the space between one group of controls
/// and the next heading (the window's CSS counts it in). Keeping the tallest sentence left
/// gaps of two or three empty lines under every field at rest (at 360 px, at twice the text
/// size, in English), and working it out laid out every sentence at each of the widths GTK
/// measures the window at: a third of the window's start-up instructions, what made it map
/// later than a plain libadwaita window (docs/performance.md). A long status at a narrow width
/// or a large text size still wraps, and then pushes what is below by its lines beyond the
/// first: it is on screen, where the user is reading. A GtkRevealer would have kept the empty
/// window tighter but moved everything below at every status, the controls under the user's
/// pointer included.
///
/// The label itself is hidden while empty: an empty label would reach a screen reader as an
/// object with no name.
@MainActor
enum StatusSlot {
    private nonisolated static let lineKey = "codegate-status-line"

    /// A slot holding `label`, keeping one line of its font.
    static func make(around label: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        gtk_widget_set_halign(label, GTK_ALIGN_FILL)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        let slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(slot, "status-slot")
        gtk_box_append(slot.cast(), label)
        g_object_set_data_full(slot.cast(), lineKey, ClosureBox.retain(LineHeight()), releaseClosureBox)
        // The box's own layout would make it as tall as the label alone: nothing while hidden.
        gtk_widget_set_layout_manager(
            slot,
            gtk_custom_layout_new(
                { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
                { slot, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                    guard let slot, let label = gtk_widget_get_first_child(slot) else { return }
                    var labelMinimum: Int32 = 0, labelNatural: Int32 = 0
                    gtk_widget_measure(label, orientation, forSize, &labelMinimum, &labelNatural, nil, nil)
                    if orientation == GTK_ORIENTATION_VERTICAL {
                        let line = MainActor.assumeIsolated {
                            ClosureBox<LineHeight>.unbox(g_object_get_data(slot.cast(), StatusSlot.lineKey))?.value
                                .height(of: label) ?? 0
                        }
                        labelMinimum = max(labelMinimum, line)
                        labelNatural = max(labelNatural, line)
                    }
                    minimum?.pointee = labelMinimum
                    natural?.pointee = labelNatural
                    minimumBaseline?.pointee = -1
                    naturalBaseline?.pointee = -1
                }, WholeAllocation.allocate))
        return slot
    }

    /// The height of one line of a label's text: one Pango layout, unwrapped, of a sample of
    /// its language's script, a Han character and Latin letters and digits (a status mixes
    /// them: "验证码已发送至 138****8000"; the Han font is the tallest line of the Chinese
    /// source strings, whatever the locale). Laid out again only when the label's Pango
    /// context changes (font, text size, language, font map): its serial says so. GTK measures
    /// a slot about fifteen times before the window first shows; this is one layout for them
    /// all, where keeping the three lines' tallest sentences took 276.
    private final class LineHeight {
        private var serial: guint = 0
        private var height: Int32 = 0

        func height(of label: UnsafeMutablePointer<GtkWidget>) -> Int32 {
            guard let context = gtk_widget_get_pango_context(label) else { return 0 }
            let current = pango_context_get_serial(context)
            guard current != serial || height == 0 else { return height }
            guard let layout = gtk_widget_create_pango_layout(label, nil) else { return 0 }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let sample = pango_language_get_sample_string(pango_context_get_language(context)).map {
                String(cString: $0)
            }
            pango_layout_set_text(layout, (sample ?? "") + " 验 Ag 8", -1)
            pango_layout_get_pixel_size(layout, nil, &height)
            serial = current
            return height
        }
    }
}
