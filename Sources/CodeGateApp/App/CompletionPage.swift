import CodeGateBase
import CodeGateGLib
import CodeGateGtk
import CodeGateFlow
import CodeGateService
import CGtk
import CodeGateCore

/// Where the flow ends: a verified number, said in words and with a check mark, and a button
/// to start over, which takes the keyboard focus so it never drops to nothing.
@MainActor
final class CompletionPage {
    /// The page to put in the window's stack.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// "重新开始": focused when the page shows; its description carries the verdict.
    let startOverButton: UnsafeMutablePointer<GtkWidget>
    private let detail: UnsafeMutablePointer<GtkWidget>
    private var shown: PhoneNumber?

    init(onStartOver: @escaping @MainActor () -> Void) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(widget, "codegate-completion")
        // Decoration: the title beside it says the same in words.
        let icon = cg_presentation_new(gtk_image_get_type())!
        gtk_image_set_from_icon_name(icon.opaque, "object-select-symbolic")
        gtk_image_set_pixel_size(icon.opaque, 64)
        gtk_widget_add_css_class(icon, "completion-icon")
        let title = gtk_label_new(localized("验证成功"))!
        gtk_widget_add_css_class(title, "title-2")
        detail = gtk_label_new(nil)
        gtk_label_set_wrap(detail.opaque, 1)
        // Shown with its text: an empty label would be named "GtkLabel" by a screen reader.
        gtk_widget_set_visible(detail, 0)
        startOverButton = gtk_button_new_with_label(localized("重新开始"))
        gtk_widget_set_halign(startOverButton, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(startOverButton, "pill")
        gtk_widget_add_css_class(startOverButton, "suggested-action")
        for child in [icon, title, detail, startOverButton] {
            gtk_box_append(widget.cast(), child)
        }
        Signal.connect(startOverButton, "clicked") { onStartOver() }
    }

    /// Shows the verdict for `number`.
    func show(verified number: PhoneNumber) {
        guard number != shown else { return }
        shown = number
        // TRANSLATORS: under "验证成功"; {0} is the masked phone number.
        let text = localized("手机号 {0} 已通过验证").filling(number.masked)
        gtk_label_set_text(detail.opaque, text)
        gtk_widget_set_visible(detail, 1)
        // What a screen reader hears on the start-over button, after the page's name, which
        // already says 验证成功: the verdict once, not twice.
        cg_accessible_set_description(startOverButton, text)
    }
}
