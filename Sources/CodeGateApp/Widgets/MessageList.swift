import CodeGateBase
import CodeGateGtk
import CodeGateFlow
import CodeGateGateway
import CGtk
import CodeGateCore

/// The in-window inbox: the newest delivered text messages as rows, newest first, selectable
/// so the code can be copied, in a scrolled area that grows with them up to a fixed height.
/// Shows a placeholder until the first message arrives, about as tall as that message will be
/// (the full area, empty, was the largest gap in the window), and only then the list: GTK 4.8
/// tells a screen reader nothing of what is on screen, so what is not shown is hidden — no
/// empty list to Tab to, no placeholder left in the tree beside the messages.
///
/// Bounded on purpose: every request delivers a message, so a list that kept them all would
/// grow the window and the app's memory with each one, without end.
@MainActor
final class MessageList {
    /// How many messages are kept; older ones are removed as new ones arrive.
    static let capacity = 20
    /// The most the message area grows to: about three two-line messages, the rest a scroll
    /// away.
    static let height: Int32 = 230

    /// The framed list to put in a layout.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The list box; tests count its rows.
    let list: UnsafeMutablePointer<GtkWidget>
    /// "收到的短信会显示在这里", shown instead of the list while it is empty.
    let placeholder: UnsafeMutablePointer<GtkWidget>
    /// The scrolled area around the list, shown from the first message on.
    let scrolled: UnsafeMutablePointer<GtkWidget>
    /// The texts shown, newest first; tests read the delivered code here.
    private(set) var texts: [String] = []
    /// The newest message's caption and text labels, and its caption's words: marked when a
    /// newer code makes its code stale.
    private var newest: Shown?

    /// A message on the list, as far as it is marked later: its caption and text labels, and
    /// the caption's words.
    private struct Shown {
        let caption: UnsafeMutablePointer<GtkWidget>
        let text: UnsafeMutablePointer<GtkWidget>
        let time: String
        let recipient: String
    }

    /// An empty inbox that says `note` until the first message arrives.
    init(note: String = localized("收到的短信会显示在这里")) {
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        placeholder = gtk_label_new(note)
        gtk_widget_add_css_class(placeholder, "dim-label")
        gtk_widget_add_css_class(placeholder, "inbox-placeholder")
        // Wrapped and centred, so a long translation at a large text size never widens the window.
        gtk_label_set_wrap(placeholder.opaque, 1)
        gtk_label_set_justify(placeholder.opaque, GTK_JUSTIFY_CENTER)
        cg_accessible_set_label(list, localized("短信"))
        scrolled = gtk_scrolled_window_new()
        AccessibleNames.nameScrollbars(of: scrolled, localized("短信列表滚动条"))
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled.opaque, list)
        // The texts are read, not stops of the focus, and neither is the list (as in GTK 4.8;
        // GTK 4.18 makes a scrolled window focusable by default).
        gtk_widget_set_focusable(scrolled, 0)
        gtk_widget_set_visible(scrolled, 0)
        // The placeholder or the list.
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(content.cast(), placeholder)
        gtk_box_append(content.cast(), scrolled)
        gtk_widget_set_layout_manager(content, Self.growingLayout())
        widget = gtk_frame_new(nil)
        cg_accessible_set_label(widget, localized("短信"))
        gtk_frame_set_child(widget.cast(), content)
    }

    /// The layout of the area: the placeholder as it likes; the list as tall as its messages at
    /// the area's width, up to `height`, and that as its minimum too: the list must not grow
    /// without end, and the page that scrolls the window's form gives it its minimum. (GTK 4.8's
    /// GtkScrolledWindow measures its content at no width for a natural height, so a wrapped
    /// message would count as one line.) The area is the last thing in the window: growing
    /// moves nothing, the window keeps its size (the form scrolls), and the newest message, on
    /// top, shows where the placeholder was.
    private static func growingLayout() -> UnsafeMutablePointer<GtkLayoutManager> {
        gtk_custom_layout_new(
            { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { content, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                var shownMinimum: Int32 = 0, shownNatural: Int32 = 0
                var child = content.flatMap { gtk_widget_get_first_child($0) }
                while let current = child {
                    child = gtk_widget_get_next_sibling(current)
                    guard gtk_widget_get_visible(current) != 0 else { continue }
                    var childMinimum: Int32 = 0, childNatural: Int32 = 0
                    let isList =
                        g_type_check_instance_is_a(
                            UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self),
                            gtk_scrolled_window_get_type()) != 0
                    if orientation == GTK_ORIENTATION_VERTICAL, isList,
                        let list = gtk_scrolled_window_get_child(current.opaque)
                    {
                        gtk_widget_measure(list, orientation, forSize, nil, &childNatural, nil, nil)
                        childNatural = min(childNatural, MessageList.height)
                        childMinimum = childNatural
                    } else {
                        gtk_widget_measure(current, orientation, forSize, &childMinimum, &childNatural, nil, nil)
                    }
                    shownMinimum = max(shownMinimum, childMinimum)
                    shownNatural = max(shownNatural, childNatural)
                }
                minimum?.pointee = shownMinimum
                natural?.pointee = shownNatural
                minimumBaseline?.pointee = -1
                naturalBaseline?.pointee = -1
            }, WholeAllocation.allocate)
    }

    /// Adds `message` at the top, says the one before it is superseded, and drops the oldest
    /// beyond `capacity`.
    func add(_ message: SMSMessage) {
        texts.insert(message.text, at: 0)
        if let previous = newest {
            markStale(
                previous,
                // TRANSLATORS: over an older message: {0} is when it came ("12:03"), {1} where it
                // was sent ("138****8000").
                caption: localized("{0} 发送至 {1} · 已有更新的验证码").filling(previous.time, previous.recipient),
                description: localized("这条短信的验证码已被更新的取代"))
        }
        let time = Self.now()
        let row = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_add_css_class(row, "inbox-message")
        // TRANSLATORS: over a message: {0} is when it came ("12:03"), {1} where it was sent.
        let sender = gtk_label_new(localized("{0} 发送至 {1}").filling(time, message.recipient.masked))!
        gtk_widget_add_css_class(sender, "dim-label")
        gtk_widget_add_css_class(sender, "caption")
        let text = gtk_label_new(message.text)!
        gtk_label_set_wrap(text.opaque, 1)
        PhraseWrap.apply(to: text, text: message.text)
        gtk_label_set_selectable(text.opaque, 1)
        for label in [sender, text] {
            gtk_label_set_xalign(label.opaque, 0)
            gtk_box_append(row.cast(), label)
        }
        gtk_list_box_prepend(list.opaque, row)
        // One Tab stop a message: its text, which can be selected to copy the code, named by
        // the whole message; the row around it would read the same a second time.
        // TRANSLATORS: a received message as a screen reader names it: {0} is where it was
        // sent ("138****8000"), {1} its text.
        let name = localized("发送至 {0} 的短信：{1}").filling(message.recipient.masked, message.text)
        if let listRow = gtk_widget_get_parent(row) {
            gtk_widget_set_focusable(listRow, 0)
            cg_accessible_set_label(listRow, name)
        }
        newest = Shown(caption: sender, text: text, time: time, recipient: message.recipient.masked)
        gtk_widget_set_visible(placeholder, 0)
        gtk_widget_set_visible(scrolled, 1)
        if texts.count > Self.capacity,
           let oldest = gtk_list_box_get_row_at_index(list.opaque, Int32(Self.capacity)) {
            gtk_list_box_remove(list.opaque, oldest.cast())
            texts.removeLast()
        }
    }

    /// Says the newest message's code was used (verified): after 重新开始 it must not look like
    /// the code to type. A later message finds nothing left to mark.
    func markNewestUsed() {
        guard let used = newest else { return }
        markStale(
            used,
            // TRANSLATORS: over a message whose code was verified: {0} is when it came ("12:03"),
            // {1} where it was sent ("138****8000").
            caption: localized("{0} 发送至 {1} · 验证码已使用").filling(used.time, used.recipient),
            description: localized("这条短信的验证码已经用过"))
        newest = nil
    }

    /// Words a message's caption and description as no longer current, and strikes its text
    /// through (struck, not faded: it stays readable).
    private func markStale(_ message: Shown, caption: String, description: String) {
        gtk_label_set_text(message.caption.opaque, caption)
        cg_accessible_set_description(message.text, description)
        gtk_widget_add_css_class(message.text, "stale-message")
    }

    /// The local time now, as hours and minutes ("12:03").
    private static func now() -> String {
        guard let date = g_date_time_new_now_local() else { return "" }
        defer { g_date_time_unref(date) }
        guard let text = g_date_time_format(date, "%H:%M") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
