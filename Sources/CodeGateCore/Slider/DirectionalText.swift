/// A word of the slider that names a side of its track ("按 → 键", "最右端"), in two versions:
/// for the track as drawn in a left-to-right language, which ends at the right and steps with →,
/// and for the track GTK mirrors in a right-to-left one (Hebrew, Arabic), which ends at the left
/// and steps with ←. A text an app sets itself stands for both: it is the app's to word.
package struct DirectionalText: Sendable {
    private let leftToRight: String
    private let rightToLeft: String

    /// The two versions of a word.
    package init(leftToRight: String, rightToLeft: String) {
        self.leftToRight = leftToRight
        self.rightToLeft = rightToLeft
    }

    /// One text for both directions.
    package init(_ text: String) {
        self.init(leftToRight: text, rightToLeft: text)
    }

    /// The version for a track that is mirrored, or not.
    package func text(mirrored: Bool) -> String {
        mirrored ? rightToLeft : leftToRight
    }
}
