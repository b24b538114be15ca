import CodeGateBase
import CodeGateGLib
import CodeGateGtk
import CodeGateFlow
import CodeGateGateway
import CodeGateService
import CAdw
import CGtk
import CodeGateCore

/// The app's window: phone number → slide → request → the code arrives in the message area →
/// type it → verify, all wired through one `CodeFlow`. It lives as long as its GtkWindow.
@MainActor
public final class CodeGateWindow {
    /// The GtkApplicationWindow.
    public let window: UnsafeMutablePointer<GtkWidget>
    /// The rules the window shows.
    public let flow: CodeFlow
    /// The human check.
    public let slider: SlideToUnlock
    /// The request button.
    public let button: CountdownButton

    /// The phone number field and its inline message.
    let phoneEntry: UnsafeMutablePointer<GtkWidget>
    let phoneStatus: UnsafeMutablePointer<GtkWidget>
    /// "请先滑动验证" under the slider, and the line that holds it, shown only with it.
    let slideStatus: UnsafeMutablePointer<GtkWidget>
    private let slideLine: UnsafeMutablePointer<GtkWidget>
    /// Feedback under the request button, and the line that holds it.
    let requestStatus: UnsafeMutablePointer<GtkWidget>
    private let requestLine: UnsafeMutablePointer<GtkWidget>
    /// The code field, its button and its inline message.
    let codeEntry: UnsafeMutablePointer<GtkWidget>
    let verifyButton: UnsafeMutablePointer<GtkWidget>
    let verifyStatus: UnsafeMutablePointer<GtkWidget>
    /// The received messages, newest first.
    let inbox: MessageList
    /// The page that replaces the form once the code is verified.
    let completion: CompletionPage
    private let pages: UnsafeMutablePointer<GtkWidget>
    let form: UnsafeMutablePointer<GtkWidget>
    /// The accessible descriptions and invalid states as last set, so that only a real change
    /// reaches the accessibility tree: each one is an event a screen reader may speak.
    private var descriptions: [UnsafeMutablePointer<GtkWidget>: String] = [:]
    private var invalid: [UnsafeMutablePointer<GtkWidget>: Bool] = [:]

    /// Called with each delivered message after it is shown, e.g. to notify the desktop.
    public var onMessage: (@MainActor (SMSMessage) -> Void)?

    /// Builds the window for `application` over `flow`, showing each message of `messages`
    /// — what the flow's service delivers — in its message area. Without `messages` the
    /// service is a real server, whose codes go to the phone: the area says so.
    public init(application: UnsafeMutablePointer<GtkApplication>, flow: CodeFlow, messages: ObserverList<SMSMessage>?)
    {
        self.flow = flow
        slider = SlideToUnlock(model: flow.slider)
        button = CountdownButton(model: flow.request)
        // The flow's request already waits for the flow's slider; the button learns which
        // control shows it, to hand it the focus when the button turns insensitive.
        button.requireUnlock(by: slider)
        phoneEntry = gtk_entry_new()
        phoneStatus = Self.statusLabel()
        slideStatus = Self.statusLabel()
        slideLine = StatusSlot.make(around: slideStatus)
        requestStatus = Self.statusLabel()
        requestLine = StatusSlot.make(around: requestStatus)
        codeEntry = gtk_entry_new()
        verifyButton = gtk_button_new_with_label(localized("验证"))
        verifyStatus = Self.statusLabel()
        inbox = messages == nil ? MessageList(note: localized("验证码将以短信发送到你的手机，请在手机上查看")) : MessageList()
        completion = CompletionPage { [weak flow] in flow?.startOver() }
        pages = gtk_stack_new()
        // GNOME's 6 px between the parts of a group: heading, control, its status line.
        form = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        window = gtk_application_window_new(application)
        layOut()
        connect(messages: messages)
        render()
    }

    private func layOut() {
        gtk_window_set_title(window.cast(), "CodeGate")
        gtk_window_set_default_size(window.cast(), 420, -1)
        gtk_window_set_titlebar(window.cast(), Self.headerBar())
        Self.addShortcutsAction(to: window)
        FocusRings.keepVisible(in: window)

        // One example, short enough to fit at twice the text size: a placeholder cannot wrap,
        // and cut off it would show half a number. A number of another region is explained
        // under the field as soon as it is typed without its "+" and country code.
        gtk_entry_set_placeholder_text(phoneEntry.cast(), localized("如 138 0013 8000"))
        gtk_entry_set_input_purpose(phoneEntry.cast(), GTK_INPUT_PURPOSE_PHONE)
        // The statuses reach a screen reader in the controls' descriptions (CodeFlowAnnouncements),
        // never through a DESCRIBED_BY relation to the status lines: GTK 4.18 (Debian 13) lets such a
        // relation hide the description, which a screen reader would then never hear.
        cg_accessible_set_label(phoneEntry, localized("手机号"))

        gtk_entry_set_placeholder_text(codeEntry.cast(), localized("6 位验证码"))
        gtk_entry_set_input_purpose(codeEntry.cast(), GTK_INPUT_PURPOSE_DIGITS)
        gtk_entry_set_max_length(codeEntry.cast(), Int32(VerificationCode.length))
        gtk_widget_set_hexpand(codeEntry, 1)
        cg_accessible_set_label(codeEntry, localized("验证码"))
        gtk_widget_add_css_class(verifyButton, "suggested-action")
        cg_set_entry_select_on_focus(phoneEntry, 0)

        let codeRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_box_append(codeRow.cast(), codeEntry)
        gtk_box_append(codeRow.cast(), verifyButton)

        let content = form
        gtk_widget_add_css_class(content, "codegate-content")
        for child in [
            Self.heading(localized("手机号")), phoneEntry,
            StatusSlot.make(around: phoneStatus),
            Self.heading(localized("安全验证")), slider.widget, slideLine, button.widget, requestLine,
            Self.heading(localized("验证码")), codeRow,
            StatusSlot.make(around: verifyStatus),
            Self.heading(localized("短信")), inbox.widget,
        ] {
            gtk_box_append(content.cast(), child)
        }
        cg_stack_page_set_label(gtk_stack_add_child(pages.opaque, form), localized("获取并输入验证码"))
        cg_stack_page_set_label(gtk_stack_add_child(pages.opaque, completion.widget), localized("验证成功"))
        // Hidden until the code is verified; the form, once it is.
        gtk_widget_set_visible(completion.widget, 0)
        gtk_window_set_child(window.cast(), Self.scrolling(pages))
    }

    /// `page` in a window of any size: as tall as it likes at first, it scrolls in a window
    /// made smaller (a laptop screen at twice the text size, 360×480), the focused control
    /// scrolled into view; in a wide window it keeps a readable width, centred.
    private static func scrolling(_ page: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(clamp.opaque, maximumWidth)
        adw_clamp_set_child(clamp.opaque, page)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scroller.opaque, 1)
        gtk_scrolled_window_set_child(scroller.opaque, clamp)
        AccessibleNames.nameScrollbars(of: scroller, localized("页面滚动条"))
        // Not a stop of its own, as in GTK 4.8: the controls it holds take the focus and are
        // scrolled into view. GTK 4.18 makes a scrolled window focusable by default.
        gtk_widget_set_focusable(scroller, 0)
        return scroller
    }

    /// The widest the content gets, margins included, in a window wider than that.
    static let maximumWidth: Int32 = 480

    private func connect(messages: ObserverList<SMSMessage>?) {
        attach(self, to: window.cast(), key: "codegate-window")
        Signal.connect(phoneEntry, "changed") { [weak self] in
            guard let self else { return }
            flow.phoneChanged(String(cString: gtk_editable_get_text(phoneEntry.opaque)))
        }
        Signal.connect(phoneEntry, "activate") { [weak self] in self?.flow.submitPhone() }
        EntryFilter.install(on: phoneEntry, PhoneNumber.filter(inserted:))
        EntryFilter.install(on: codeEntry, VerificationCode.filter(inserted:)) { [weak self] in
            self?.flow.codeInputRefused()
        }
        Signal.connect(codeEntry, "changed") { [weak self] in
            guard let self else { return }
            flow.codeChanged(String(cString: gtk_editable_get_text(codeEntry.opaque)))
        }
        Signal.connect(codeEntry, "activate") { [weak self] in self?.flow.submitCode() }
        Signal.connect(verifyButton, "clicked") { [weak self] in self?.flow.verify() }
        // A flow or a service may outlive the window: from its destruction on, it shows nothing.
        messages?.observe(until: window) { [weak self] message in self?.deliver(message) }
        flow.changes.observe(until: window) { [weak self] in self?.render() }
        flow.focusMoves.observe(until: window) { [weak self] target in self?.moveFocus(to: target) }
    }

    /// Puts the keyboard focus on the control the flow needs next, whose description then
    /// tells a screen reader why.
    private func moveFocus(to target: FlowFocus) {
        switch target {
        case .phone:
            gtk_widget_grab_focus(phoneEntry)
            gtk_editable_set_position(phoneEntry.opaque, -1)
        case .slider: slider.grabFocus()
        case .code: gtk_widget_grab_focus(codeEntry)
        case .completion: gtk_widget_grab_focus(completion.startOverButton)
        }
    }

    private func render() {
        // The flow empties the code when it goes stale (a new code sent, a new round).
        if String(cString: gtk_editable_get_text(codeEntry.opaque)) != flow.code {
            gtk_editable_set_text(codeEntry.opaque, flow.code)
        }
        Self.show(flow.phoneStatus, in: phoneStatus)
        Self.show(flow.slideStatus, in: slideStatus)
        Self.show(flow.requestStatus, in: requestStatus)
        // The request to slide first shows under the slider, where the focus goes, and takes
        // the line the request button's status keeps (the flow never shows both): the button
        // moves down a line, what is below it stays.
        gtk_widget_set_visible(slideLine, flow.slideStatus == nil ? 0 : 1)
        gtk_widget_set_visible(requestLine, flow.slideStatus == nil ? 1 : 0)
        Self.show(flow.verifyStatus, in: verifyStatus)
        gtk_button_set_label(verifyButton.cast(), flow.isVerifying ? localized("验证中…") : localized("验证"))
        // A clicked 验证 turns insensitive while the code is checked: the focus goes to the
        // code field, where the verdict is said, rather than to nothing.
        if !flow.canVerify, gtk_widget_has_focus(verifyButton) != 0, !flow.isVerified {
            gtk_widget_grab_focus(codeEntry)
        }
        gtk_widget_set_sensitive(verifyButton, flow.canVerify ? 1 : 0)
        for entry in [codeEntry, phoneEntry] {
            setSensitive(entry, !flow.isVerified)
        }
        if flow.isVerified, let number = flow.phone.number {
            completion.show(verified: number)
            inbox.markNewestUsed()
        }
        showPage(flow.isVerified ? completion.widget : form)
        describe(phoneEntry, flow.phoneDescription)
        if slider.note != flow.sliderNote {
            slider.note = flow.sliderNote
        }
        describe(codeEntry, flow.codeDescription)
        mark(phoneEntry, invalid: flow.isPhoneInvalid)
        mark(codeEntry, invalid: flow.isCodeInvalid)
    }

    /// Shows `page` and hides the other one: GTK 4.8 tells a screen reader nothing of what is
    /// on screen, so a page that is not shown must not be in the tree — no "验证成功" before
    /// the code is verified, no form behind the completion page.
    private func showPage(_ page: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_visible(page) == 0 else { return }
        let other = page == form ? completion.widget : form
        gtk_widget_set_visible(page, 1)
        gtk_stack_set_visible_child(pages.opaque, page)
        gtk_widget_set_visible(other, 0)
    }

    private func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        guard descriptions[widget] != text else { return }
        descriptions[widget] = text
        cg_accessible_set_description(widget, text)
    }

    /// Marks an entry whose value is wrong, for screen readers and, in the theme's error
    /// colour, for the eye.
    private func mark(_ entry: UnsafeMutablePointer<GtkWidget>, invalid isInvalid: Bool) {
        guard invalid[entry] != isInvalid else { return }
        invalid[entry] = isInvalid
        cg_accessible_set_invalid(entry, isInvalid ? 1 : 0)
        entry.setCSSClass("error", isInvalid)
    }

    /// Turns `widget` on or off. An entry turned off while it has the focus gets no focus-out,
    /// so GTK's caret blink runs on and warns "GtkText - did not receive a focus-out event" at
    /// its next tick: the focus leaves it first.
    private func setSensitive(_ widget: UnsafeMutablePointer<GtkWidget>, _ sensitive: Bool) {
        if !sensitive, gtk_widget_has_focus(widget) != 0 || gtk_widget_get_focus_child(widget) != nil {
            gtk_window_set_focus(window.cast(), nil)
        }
        gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
    }

    /// Shows a delivered text in the window — always, so it works on any desktop — then hands
    /// it to `onMessage`.
    private func deliver(_ message: SMSMessage) {
        inbox.add(message)
        onMessage?(message)
    }

    /// The header bar with the primary menu at its end, as in every GNOME app; F10 opens it.
    private static func headerBar() -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        g_menu_append(menu, localized("键盘快捷键"), "win.show-help-overlay")
        g_menu_append(menu, localized("关于 CodeGate"), "app.about")
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        gtk_menu_button_set_primary(button.opaque, 1)
        // The tooltip, which a screen reader hears as the description, adds the key to the name.
        // On one line: GTK's tooltip label wraps at its first break opportunity, which Chinese
        // text has before "（".
        let tooltip = g_markup_escape_text(localized("主菜单（F10）"), -1)!
        defer { g_free(tooltip) }
        gtk_widget_set_tooltip_markup(button, "<span allow_breaks=\"false\">\(String(cString: tooltip))</span>")
        cg_accessible_set_label(button, localized("主菜单"))
        if let popover = gtk_menu_button_get_popover(button.opaque) {
            // The menu itself, which GTK 4.8 would name "GtkPopoverMenu".
            cg_accessible_set_label(popover.cast(), localized("主菜单"))
            AccessibleNames.fillWhenShown(popover.cast(), area: localized("主菜单"))
        }
        g_object_unref(UnsafeMutableRawPointer(menu))
        let header = gtk_header_bar_new()!
        gtk_header_bar_pack_end(header.opaque, button)
        return header
    }

    /// Gives the window `win.show-help-overlay`, which shows its Keyboard Shortcuts window
    /// (`Resources/shortcuts.ui`). The window is built on first use: most sessions never open
    /// it, and built up front its widget tree took a third of a megabyte and start-up time.
    /// GtkApplicationWindow keeps it once set, and adds no action of its own beside this one.
    private static func addShortcutsAction(to window: UnsafeMutablePointer<GtkWidget>) {
        let action = g_simple_action_new("show-help-overlay", nil)!
        Signal.connectActivate(action) {
            guard let overlay = gtk_application_window_get_help_overlay(window.cast()) ?? shortcutsWindow(for: window)
            else { return }
            gtk_window_present(overlay.cast())
        }
        g_action_map_add_action(window.opaque, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Builds the shortcuts window and hands it to `window`, which makes it modal over itself
    /// and hides it on close.
    private static func shortcutsWindow(for window: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        guard ResourceBundle.app.register() else { return nil }
        let builder = gtk_builder_new_from_resource(ResourceBundle.app.basePath + "/shortcuts.ui")
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let overlay = gtk_builder_get_object(builder, "help_overlay") else { return nil }
        // Named itself too: GTK 4.18 no longer names the window after its title.
        cg_accessible_set_label(UnsafeMutablePointer(overlay.opaque), localized("键盘快捷键"))
        AccessibleNames.fill(in: UnsafeMutablePointer(overlay.opaque), area: localized("键盘快捷键"))
        gtk_application_window_set_help_overlay(window.cast(), overlay.opaque)
        return overlay.opaque
    }

    private static func heading(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_widget_add_css_class(label, "heading")
        return label
    }

    private static func statusLabel() -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_widget_add_css_class(label, "status")
        return label
    }

    private static func show(_ status: StatusMessage?, in label: UnsafeMutablePointer<GtkWidget>) {
        gtk_label_set_text(label.opaque, status?.text ?? "")
        gtk_widget_set_visible(label, status == nil ? 0 : 1)
        for (kind, name) in [(StatusMessage.Kind.info, "info"), (.success, "success"), (.error, "error")] {
            label.setCSSClass(name, status?.kind == kind)
        }
    }
}
