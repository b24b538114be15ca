import CGtk
import CodeGateCore

/// The in-window inbox: each delivered text message as a row, newest first, selectable so the
/// code can be copied. Shows a placeholder until the first message arrives.
@MainActor
final class MessageList {
    /// The framed list to put in a layout.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    /// The texts shown, newest first; tests read the delivered code here.
    private(set) var texts: [String] = []

    init() {
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        let placeholder = gtk_label_new("收到的短信会显示在这里")!
        gtk_widget_add_css_class(placeholder, "dim-label")
        gtk_widget_add_css_class(placeholder, "inbox-placeholder")
        gtk_list_box_set_placeholder(list.opaque, placeholder)
        cg_accessible_set_label(list, "短信")
        widget = gtk_frame_new(nil)
        gtk_frame_set_child(widget.cast(), list)
    }

    /// Adds `message` at the top.
    func add(_ message: SMSMessage) {
        texts.insert(message.text, at: 0)
        let row = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_add_css_class(row, "inbox-message")
        let sender = gtk_label_new("发送至 \(message.recipient.masked)")!
        gtk_widget_add_css_class(sender, "dim-label")
        gtk_widget_add_css_class(sender, "caption")
        let text = gtk_label_new(message.text)!
        gtk_label_set_wrap(text.opaque, 1)
        gtk_label_set_selectable(text.opaque, 1)
        for label in [sender, text] {
            gtk_label_set_xalign(label.opaque, 0)
            gtk_box_append(row.cast(), label)
        }
        gtk_list_box_prepend(list.opaque, row)
    }
}
