import CGtk

/// Wraps a label's text between phrases rather than inside them. Pango, following Unicode's
/// line breaking, may break between any two Chinese characters, and a line may not begin with
/// "。": so "请勿泄露。" ended one line with "泄" and began the next with "露。". Each short
/// phrase — the run between two spaces or punctuation marks, the mark kept with what it ends —
/// is kept on one line; a longer one wraps as before, so that no phrase widens the window.
@MainActor
enum PhraseWrap {
    /// The longest phrase, in characters, that is kept whole: at twice the text size, a line
    /// of the narrowest window (360 px) holds about ten Chinese characters.
    static let longestKept = 8

    /// Applies the phrase breaks to `label`, which shows `text`.
    static func apply(to label: UnsafeMutablePointer<GtkWidget>, text: String) {
        guard let attributes = attributes(for: text) else { return }
        defer { pango_attr_list_unref(attributes) }
        gtk_label_set_attributes(label.opaque, attributes)
    }

    /// Pango attributes that keep each short phrase of `text` on one line; the caller unrefs
    /// them.
    static func attributes(for text: String) -> OpaquePointer? {
        guard let attributes = pango_attr_list_new() else { return nil }
        for phrase in phrases(of: text) where phrase.characters > 1 && phrase.characters <= longestKept {
            guard let keep = pango_attr_allow_breaks_new(0) else { continue }
            keep.pointee.start_index = UInt32(phrase.bytes.lowerBound)
            keep.pointee.end_index = UInt32(phrase.bytes.upperBound)
            pango_attr_list_insert(attributes, keep)
        }
        return attributes
    }

    /// A phrase: its UTF-8 byte range in the text, where Pango's attributes point, and its
    /// length in characters.
    struct Phrase: Equatable {
        let bytes: Range<Int>
        let characters: Int
    }

    /// The phrases of `text`: each ends after a run of spaces or punctuation, which stays with
    /// the words before it (a line may not begin with "，" or "。").
    static func phrases(of text: String) -> [Phrase] {
        var phrases: [Phrase] = []
        var start = 0, offset = 0, characters = 0
        var inMarks = false
        for scalar in text.unicodeScalars {
            let isMark = isBreakMark(scalar)
            if inMarks, !isMark {
                phrases.append(Phrase(bytes: start..<offset, characters: characters))
                start = offset
                characters = 0
            }
            inMarks = isMark
            offset += scalar.utf8.count
            characters += 1
        }
        if offset > start {
            phrases.append(Phrase(bytes: start..<offset, characters: characters))
        }
        return phrases
    }

    /// Whether a phrase may end after `scalar`: white space, and punctuation that closes a
    /// clause or a bracket ("，", "。", "】", ")").
    private static func isBreakMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        case .otherPunctuation, .closePunctuation, .finalPunctuation: true
        default:
            scalar == "\n"
        }
    }
}
