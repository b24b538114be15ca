import CodeGateGLib
import CodeGateCore
import CodeGateGtk
import CodeGateFlow
import CGtk

/// Filters what is typed or pasted into a GtkEntry before it lands: `filter` returns the text
/// to insert instead, or nil to refuse the insertion with the error bell and `refused`.
/// Full-width digits from a Chinese input method land as ASCII digits this way in both fields.
@MainActor
enum EntryFilter {
    private final class Reentry {
        var isInserting = false
    }

    /// Installs `filter` on `entry`'s text delegate, where GTK emits `insert-text`.
    static func install(
        on entry: UnsafeMutablePointer<GtkWidget>, _ filter: @escaping @MainActor (String) -> String?,
        refused: @escaping @MainActor () -> Void = {}
    ) {
        guard let editable = gtk_editable_get_delegate(entry.opaque) else { return }
        let reentry = Reentry()
        Signal.connectInsertText(editable) { text, position in
            guard !reentry.isInserting else { return false }
            guard let kept = filter(text) else {
                gtk_widget_error_bell(entry)
                refused()
                return true
            }
            guard kept != text else { return false }
            reentry.isInserting = true
            gtk_editable_insert_text(editable, kept, -1, position)
            reentry.isInserting = false
            return true
        }
    }
}
