import CGtk

/// The height a status slot keeps for the tallest of its sentences, without laying out every
/// sentence at every measure.
///
/// GTK measures each slot about fifteen times before the window first shows, at as many
/// widths (it bisects for the window's narrowest size), and laying out all of its sentences
/// each time (some sixty in the three slots) took a fifth of the app's start-up instructions.
/// Each sentence is laid out once on one line; at a given width only those wider than it wrap
/// and are laid out again, and the last few widths' answers are kept. All of it is forgotten
/// when the label's Pango context changes (font, size, language, font map): its serial says so.
@MainActor
final class StatusRoom {
    /// A sentence as it lays out unwrapped: at any width it fits in, it is this tall.
    private struct Line {
        let text: String
        /// Unwrapped, in Pango units.
        let width: Int32
        /// Unwrapped, in pixels.
        let height: Int32
    }

    private let sentences: [String]
    private var lines: [Line] = []
    /// The Pango context serial `lines` and `heights` were worked out under.
    private var serial: guint = 0
    /// The tallest height at the last few widths asked (a window being resized asks a new one
    /// at each step): width in pixels → height in pixels.
    private var heights: [(width: Int32, height: Int32)] = []
    private static let widthsKept = 4

    init(sentences: [String]) {
        self.sentences = sentences
    }

    /// The height of the tallest sentence wrapped at `width` pixels (unwrapped if it is
    /// negative), as `label` would lay it out.
    func tallest(in label: UnsafeMutablePointer<GtkWidget>, width: Int32) -> Int32 {
        guard let context = gtk_widget_get_pango_context(label) else { return 0 }
        let current = pango_context_get_serial(context)
        if current != serial {
            serial = current
            lines = []
            heights = []
        }
        if let known = heights.first(where: { $0.width == width }) {
            return known.height
        }
        guard let layout = gtk_widget_create_pango_layout(label, nil) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if lines.isEmpty {
            lines = sentences.map { sentence in
                pango_layout_set_text(layout, sentence, -1)
                var lineWidth: Int32 = 0, height: Int32 = 0
                pango_layout_get_size(layout, &lineWidth, nil)
                pango_layout_get_pixel_size(layout, nil, &height)
                return Line(text: sentence, width: lineWidth, height: height)
            }
        }
        // A width beyond what Pango units can hold wraps nothing.
        let limit = width < 0 || width > Int32.max / PANGO_SCALE ? Int32.max : width * PANGO_SCALE
        var tallest: Int32 = 0
        pango_layout_set_width(layout, limit == Int32.max ? -1 : limit)
        pango_layout_set_wrap(layout, gtk_label_get_wrap_mode(label.opaque))
        for line in lines {
            guard line.width > limit else {
                tallest = max(tallest, line.height)
                continue
            }
            pango_layout_set_text(layout, line.text, -1)
            var height: Int32 = 0
            pango_layout_get_pixel_size(layout, nil, &height)
            tallest = max(tallest, height)
        }
        heights.insert((width, tallest), at: 0)
        if heights.count > Self.widthsKept {
            heights.removeLast()
        }
        return tallest
    }
}
