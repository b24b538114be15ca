import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
import XCTest

/// What the window must survive over a long session and at its end: many messages without
/// growing, and closing with the focus anywhere without a GLib warning (which the harness makes
/// fatal, as `G_DEBUG=fatal-warnings` would).
final class WindowLimitsTests: XCTestCase {
    typealias H = GtkHarness

    /// Empty, the message area is about one message tall, not a gap of its full height; the
    /// first message shows in full where its placeholder was; then the area grows with the
    /// messages up to its limit, and scrolls.
    func testMessageAreaKeepsTheNewestTwentyAndTheWindowItsHeight() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            @MainActor func deliver(_ index: Int) {
                window.inbox.add(SMSMessage(recipient: .sample, text: "【CodeGate】验证码 \(100_000 + index)，5分钟内有效，请勿泄露。"))
            }
            let empty = gtk_widget_get_height(window.inbox.widget)
            XCTAssertLessThan(empty, MessageList.height / 2, "no empty box of the area's full height")
            deliver(0)
            H.pump(for: .milliseconds(100))
            let first = gtk_widget_get_height(window.inbox.widget)
            XCTAssertEqual(Double(first), Double(empty), accuracy: Double(empty) / 4, "one message in its place")
            let row = gtk_widget_get_first_child(window.inbox.list)!
            var natural: Int32 = 0
            gtk_widget_measure(row, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(row), nil, &natural, nil, nil)
            XCTAssertGreaterThanOrEqual(
                gtk_widget_get_height(window.inbox.scrolled), natural, "the first message shows in full, wrapped")
            let height = gtk_widget_get_height(window.window)
            for index in 1..<30 {
                deliver(index)
            }
            H.pump(for: .milliseconds(100))
            XCTAssertEqual(window.inbox.texts.count, MessageList.capacity)
            XCTAssertNotNil(gtk_list_box_get_row_at_index(window.inbox.list.opaque, Int32(MessageList.capacity - 1)))
            XCTAssertNil(gtk_list_box_get_row_at_index(window.inbox.list.opaque, Int32(MessageList.capacity)))
            XCTAssertTrue(window.inbox.texts.first?.contains("100029") ?? false, "the newest on top")
            XCTAssertTrue(window.inbox.texts.last?.contains("100010") ?? false, "the oldest kept")
            XCTAssertEqual(gtk_widget_get_height(window.window), height)
            XCTAssertEqual(gtk_widget_get_height(window.inbox.scrolled), MessageList.height, "at most its limit")
        }
    }

    /// The window fits a small screen, scrolling the form (360×480, smaller than the form at
    /// any text size), and in a wide one the form keeps its width, centred.
    func testTheWindowShrinksToASmallScreenAndClampsAWideOne() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: ManualTimerPort())
            defer { H.close(window) }
            H.pump(for: .milliseconds(200))
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(window.window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            XCTAssertLessThanOrEqual(minimum, 360, "as narrow as a phone")
            gtk_widget_measure(window.window, GTK_ORIENTATION_VERTICAL, 360, &minimum, &natural, nil, nil)
            XCTAssertLessThanOrEqual(minimum, 480, "as short as 480 px")
            var form: Int32 = 0
            gtk_widget_measure(window.form, GTK_ORIENTATION_VERTICAL, 360, &form, nil, nil, nil)
            XCTAssertGreaterThan(form, 480, "the form is taller than that: it scrolls")
            XCTAssertGreaterThanOrEqual(natural, form, "at first the window shows the whole form")

            gtk_window_set_default_size(window.window.cast(), 1000, 700)
            XCTAssertTrue(
                H.pump { gtk_widget_get_width(window.window) >= 900 }, "\(gtk_widget_get_width(window.window))")
            XCTAssertTrue(H.pump { gtk_widget_get_width(window.form) <= CodeGateWindow.maximumWidth })
            // Centred in what scrolls it, the window's content under the header bar.
            let content = gtk_window_get_child(window.window.cast())!
            var bounds = graphene_rect_t()
            _ = gtk_widget_compute_bounds(window.form, content, &bounds)
            XCTAssertEqual(
                Double(bounds.origin.x * 2 + bounds.size.width), Double(gtk_widget_get_width(content)), accuracy: 2,
                "centred")
        }
    }

    /// At twice the text size (the desktop's text scaling) the window keeps its default width
    /// and no text in it is cut off (English and Traditional Chinese: LocalizationTests).
    func testAtTwiceTheTextSizeNothingIsCutOffAtTheDefaultWidth() {
        MainActor.assumeIsolated { H.checkNothingIsCutOffAtTwiceTheTextSize() }
    }

    /// Every status line keeps one line of its text, which a status on one line fills without
    /// making the window grow, at the normal and at twice the text size; at rest no line keeps
    /// more, so the empty window has no gaps (English and Traditional Chinese:
    /// LocalizationTests).
    func testEachStatusLineKeepsOneLine() {
        MainActor.assumeIsolated {
            H.checkEveryStatusLineKeepsOneLine(textScale: 1)
            H.checkEveryStatusLineKeepsOneLine(textScale: 2)
        }
    }

    /// The line each status line keeps is worked out once per font (StatusSlot): when the text
    /// size changes under an open window, it is worked out again.
    func testEachStatusLineKeepsOneLineAfterTheTextSizeChanged() {
        MainActor.assumeIsolated { H.checkEveryStatusLineKeepsOneLine(textScale: 2, scaledWhileOpen: true) }
    }

    func testClosingWithTheFocusInThePhoneFieldIsQuiet() {
        MainActor.assumeIsolated { Self.closeQuietly { $0.phoneEntry } }
    }

    func testClosingWithTheFocusInTheCodeFieldIsQuiet() {
        MainActor.assumeIsolated { Self.closeQuietly { $0.codeEntry } }
    }

    func testClosingWithTheFocusOnTheSliderIsQuiet() {
        MainActor.assumeIsolated { Self.closeQuietly { $0.slider.scale } }
    }

    /// Enter in the code field verifies, and success turns both fields off while the code
    /// field has the focus: GTK's caret blink then ran on without a focus-out and warned at the
    /// next blink, seconds later, typically as the window closed.
    func testVerifyingWithEnterThenClosingIsQuiet() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            H.prepareRequest(in: window)
            H.click(window.button.widget)
            XCTAssertTrue(H.pump { !window.inbox.texts.isEmpty })
            guard let message = window.inbox.texts.first else { return }
            H.type(String(message.split(separator: " ")[1].prefix(6)), into: window.codeEntry)
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { H.text(window.verifyStatus) == "验证成功" })
            // Longer than a caret blink cycle (gtk-cursor-blink-time, 1.2 s).
            H.pump(for: .seconds(2))
            gtk_window_close(window.window.cast())
            H.pump(for: .milliseconds(100))
        }
    }

    /// Focuses the widget `focus` picks and types a key there (an entry then blinks its caret),
    /// then closes the window as its close button does; a GLib warning aborts the test run.
    @MainActor
    private static func closeQuietly(focusing focus: (CodeGateWindow) -> UnsafeMutablePointer<GtkWidget>) {
        let window = H.openWindow(timers: GLibTimerPort())
        let widget = focus(window)
        gtk_widget_grab_focus(widget)
        H.xdotool("type", "--delay", "5", "1")
        XCTAssertTrue(H.pump { gtk_widget_has_focus(widget) != 0 || gtk_widget_get_focus_child(widget) != nil })
        var destroyed = false
        Signal.connect(window.window, "destroy") { destroyed = true }
        gtk_window_close(window.window.cast())
        XCTAssertTrue(H.pump { destroyed })
        H.pump(for: .milliseconds(100))
    }
}
