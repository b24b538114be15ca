import CodeGateBase
import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
import CodeGateFlow
import CodeGateGateway
import CodeGateCore
import CodeGateTestSupport
import XCTest

/// The whole flow in the real window, as a user does it: type a number, slide, click, read the
/// code in the message area, type it, verify. The service answers through Swift concurrency,
/// so these also prove that main-actor work runs under the GLib loop.
final class CodeFlowWindowTests: XCTestCase {
    typealias H = GtkHarness

    func testMainActorTaskResumesUnderTheGLibLoop() {
        MainActor.assumeIsolated {
            _ = H.application
            var resumed = false
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(20))
                resumed = true
            }
            XCTAssertFalse(resumed)
            XCTAssertTrue(H.pump { resumed })
        }
    }

    func testCodeArrivesAndVerifies() throws {
        try MainActor.assumeIsolated {
            var options = LaunchOptions()
            options.gateway.latency = .milliseconds(300)
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(window) }
            let height = gtk_widget_get_height(window.window)
            H.prepareRequest(in: window)
            H.click(window.button.widget)
            XCTAssertEqual(H.text(window.button.caption), "发送中…")
            XCTAssertFalse(H.takesPresses(window.button.widget))
            // The gateway delivers the message just before it answers the request.
            XCTAssertTrue(H.pump { H.text(window.button.caption) == "获取验证码(60)" })
            XCTAssertEqual(H.text(window.requestStatus), "验证码已发送至 138****8000")
            H.pump(for: .milliseconds(100))
            XCTAssertEqual(
                gtk_widget_get_height(window.window), height, "a status line moves nothing: its room is kept")
            XCTAssertEqual(window.inbox.texts.count, 1)
            let message = try XCTUnwrap(window.inbox.texts.first)
            let code = String(message.split(separator: " ")[1].prefix(6))
            XCTAssertEqual(message, "【CodeGate】验证码 \(code)，5分钟内有效，请勿泄露。")

            H.type("a" + code.prefix(3) + " " + code.dropFirst(3), into: window.codeEntry)
            XCTAssertEqual(
                String(cString: gtk_editable_get_text(window.codeEntry.opaque)), code, "letters refused, space dropped")
            XCTAssertTrue(H.isSensitive(window.verifyButton))
            H.click(window.verifyButton)
            XCTAssertTrue(H.pump { H.text(window.verifyStatus) == "验证成功" })
            XCTAssertNotEqual(gtk_widget_has_css_class(window.verifyStatus, "success"), 0)
            XCTAssertFalse(H.isSensitive(window.codeEntry))
        }
    }

    func testPastedCodeIsNormalized() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            let clipboard = gtk_widget_get_clipboard(window.codeEntry)
            gdk_clipboard_set_text(clipboard, "382 917")
            H.click(window.codeEntry)
            H.xdotool("key", "ctrl+v")
            XCTAssertTrue(H.pump { String(cString: gtk_editable_get_text(window.codeEntry.opaque)) == "382917" })
        }
    }

    /// What a Chinese input method types in full-width mode lands in both fields as ASCII.
    func testFullWidthDigitsLandAsASCIIDigitsInBothFields() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            gtk_editable_set_text(window.phoneEntry.opaque, "１３８　００１３ ８０００")
            XCTAssertEqual(String(cString: gtk_editable_get_text(window.phoneEntry.opaque)), "138 0013 8000")
            XCTAssertEqual(window.flow.phone.number?.e164, "+8613800138000")
            gtk_editable_set_text(window.codeEntry.opaque, "３８２９１７")
            XCTAssertEqual(String(cString: gtk_editable_get_text(window.codeEntry.opaque)), "382917")
            XCTAssertEqual(window.flow.code, "382917")
        }
    }

    func testWrongCodeSaysHowManyTriesAreLeft() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            H.prepareRequest(in: window)
            H.click(window.button.widget)
            XCTAssertTrue(H.pump { !window.inbox.texts.isEmpty })
            guard let message = window.inbox.texts.first else { return }
            let code = String(message.split(separator: " ")[1].prefix(6))
            H.type(code == "000000" ? "111111" : "000000", into: window.codeEntry)
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { H.text(window.verifyStatus) == "验证码错误，还可尝试 4 次" })
            XCTAssertNotEqual(gtk_widget_has_css_class(window.verifyStatus, "error"), 0)
        }
    }

    func testFailedRequestReturnsTheButtonToIdleAndLocksTheSlider() {
        MainActor.assumeIsolated {
            var options = LaunchOptions()
            options.gateway.failure = .network
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(window) }
            H.prepareRequest(in: window)
            H.click(window.button.widget)
            XCTAssertTrue(H.pump { H.text(window.requestStatus) == "网络连接失败，请检查网络后重新滑动验证" })
            XCTAssertTrue(H.pump { H.hasFocus(window.slider.scale) }, "a new slide comes next")
            XCTAssertNotEqual(gtk_widget_get_visible(window.requestStatus), 0)
            XCTAssertEqual(H.text(window.button.caption), "获取验证码")
            XCTAssertFalse(window.flow.countdown.isCounting)
            XCTAssertEqual(H.text(window.slider.label), "滑动解锁/获取验证码")
            XCTAssertTrue(H.pump { fraction(window.slider) == 0 })
            XCTAssertFalse(H.takesPresses(window.button.widget), "a new slide is needed")
            XCTAssertTrue(window.inbox.texts.isEmpty)
        }
    }

    func testDoubleClickAndHeldEnterSendOneCode() {
        MainActor.assumeIsolated {
            var options = LaunchOptions()
            options.gateway.latency = .milliseconds(300)
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(window) }
            H.prepareRequest(in: window)
            let point = H.screenPoint(of: window.button.widget)
            H.xdotool("mousemove", "\(point.x)", "\(point.y)", "click", "--repeat", "2", "--delay", "40", "1")
            H.click(window.phoneEntry)
            H.xdotool("key", "--repeat", "3", "--delay", "30", "Return")
            XCTAssertTrue(H.pump { window.flow.countdown.isCounting })
            H.pump(for: .milliseconds(400))
            XCTAssertEqual(window.inbox.texts.count, 1)
        }
    }

    func testInvalidNumberShowsAMessageAndKeepsTheButtonOff() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            H.type("2380013800", into: window.phoneEntry)
            XCTAssertTrue(H.pump { gtk_widget_get_visible(window.phoneStatus) != 0 })
            XCTAssertEqual(H.text(window.phoneStatus), "大陆手机号以 1 开头；其他地区请以 + 和国家代码开头")
            H.drag(window.slider, to: 1.1)
            XCTAssertTrue(H.pump { window.flow.slider.isUnlocked })
            XCTAssertFalse(H.takesPresses(window.button.widget))
        }
    }

    func testFocusNeverDropsFromRequestToCompletionAndBack() throws {
        try MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            let visible = { (widget: UnsafeMutablePointer<GtkWidget>) in gtk_widget_get_visible(widget) != 0 }
            XCTAssertFalse(visible(window.completion.widget), "no 验证成功 in the tree before the code is verified")
            XCTAssertTrue(visible(window.inbox.placeholder))
            XCTAssertFalse(visible(window.inbox.scrolled), "no empty list to Tab to")
            H.prepareRequest(in: window)
            H.click(window.button.widget)
            XCTAssertTrue(H.pump { H.hasFocus(window.codeEntry) }, "a sent code is typed next")
            XCTAssertTrue(H.pump { !window.inbox.texts.isEmpty })
            XCTAssertFalse(visible(window.inbox.placeholder), "the placeholder goes with the first message")
            let message = try XCTUnwrap(window.inbox.texts.first)
            // The whole message pasted: the field takes its code.
            gdk_clipboard_set_text(gtk_widget_get_clipboard(window.codeEntry), message)
            H.xdotool("key", "ctrl+v")
            XCTAssertTrue(
                H.pump { VerificationCode.isComplete(String(cString: gtk_editable_get_text(window.codeEntry.opaque))) })
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { H.hasFocus(window.completion.startOverButton) }, "the completion takes the focus")
            XCTAssertNotEqual(gtk_widget_get_mapped(window.completion.widget), 0)
            XCTAssertEqual(gtk_widget_is_visible(window.slider.widget), 0, "nothing of the form behind the completion")
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { H.hasFocus(window.phoneEntry) }, "starting over begins at the number")
            XCTAssertEqual(
                gtk_editable_get_position(window.phoneEntry.opaque), 13, "the caret at the end, nothing selected")
            XCTAssertFalse(window.flow.slider.isUnlocked)
            XCTAssertFalse(visible(window.completion.widget))
            XCTAssertEqual(String(cString: gtk_editable_get_text(window.codeEntry.opaque)), "", "the used code goes")
            // Nor does its message look like the code to type: its caption says it was used, its
            // text is struck through.
            let row = try XCTUnwrap(gtk_list_box_get_row_at_index(window.inbox.list.opaque, 0))
            let caption = try XCTUnwrap(H.descendant(of: row.cast(), named: "label"))
            XCTAssertTrue(H.text(caption).hasSuffix("· 验证码已使用"), H.text(caption))
            let text = try XCTUnwrap(gtk_widget_get_next_sibling(caption))
            XCTAssertNotEqual(gtk_widget_has_css_class(text, "stale-message"), 0)
        }
    }

    /// The end of the cooldown turns the focused request button insensitive until the next
    /// slide: the focus goes to the slider, whose note says the cooldown is over, not to nothing.
    func testFocusGoesFromTheRequestButtonToTheSliderWhenTheCooldownEnds() {
        MainActor.assumeIsolated {
            var options = LaunchOptions()
            options.duration = .seconds(2)
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(window) }
            XCTAssertTrue(H.startCountdown(in: window))
            gtk_widget_grab_focus(window.button.widget)
            XCTAssertTrue(H.pump { H.hasFocus(window.button.widget) })
            XCTAssertTrue(H.pump(timeout: .seconds(4)) { !window.flow.countdown.isCounting })
            XCTAssertTrue(H.pump { H.hasFocus(window.slider.scale) }, "the slide comes next")
            XCTAssertEqual(window.slider.note, "冷却结束，滑动验证后可重新获取验证码")
        }
    }

    /// Enter in the phone field before the slide says "请先滑动验证" under the slider, where the
    /// focus goes, in the line the request button's status keeps: the button moves down a line,
    /// nothing below it moves. Passing the slide takes the line away again.
    func testSlideFirstShowsUnderTheSliderAndMovesNothingBelowTheButton() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            @MainActor func top(_ widget: UnsafeMutablePointer<GtkWidget>) -> Float {
                var bounds = graphene_rect_t()
                _ = gtk_widget_compute_bounds(widget, window.form, &bounds)
                return bounds.origin.y
            }
            let slideLine = gtk_widget_get_parent(window.slideStatus)!
            XCTAssertEqual(gtk_widget_get_next_sibling(window.slider.widget), slideLine, "right under the slider")
            XCTAssertEqual(gtk_widget_get_visible(slideLine), 0, "no empty line between slider and button")
            let button = top(window.button.widget), code = top(window.codeEntry)
            H.type("138 0013 8000", into: window.phoneEntry)
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { H.hasFocus(window.slider.scale) })
            XCTAssertTrue(H.pump { gtk_widget_get_mapped(window.slideStatus) != 0 })
            XCTAssertEqual(H.text(window.slideStatus), "请先滑动验证")
            XCTAssertEqual(window.slider.note, "请先滑动验证", "said once, with the slider that gets the focus")
            XCTAssertEqual(gtk_widget_get_mapped(window.requestStatus), 0)
            XCTAssertTrue(H.pump { top(window.button.widget) > button }, "the button makes way")
            XCTAssertEqual(top(window.codeEntry), code, "what is below the button stays")
            H.drag(window.slider, to: 1.1)
            XCTAssertTrue(H.pump { gtk_widget_get_visible(slideLine) == 0 })
            XCTAssertTrue(H.pump { top(window.button.widget) == button })
            XCTAssertEqual(top(window.codeEntry), code)
        }
    }

    /// Focus never drops to nothing while a request is in flight: the busy button keeps it.
    func testFocusHoldsOnTheButtonWhileTheRequestIsInFlight() {
        MainActor.assumeIsolated {
            var options = LaunchOptions()
            options.gateway.latency = .milliseconds(1500)
            let window = H.openWindow(options: options, timers: GLibTimerPort())
            defer { H.close(window) }
            H.prepareRequest(in: window)
            gtk_widget_grab_focus(window.button.widget)
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { window.flow.isSending })
            H.pump(for: .milliseconds(500))
            XCTAssertTrue(H.hasFocus(window.button.widget), "still on the button, which says it is sending")
            XCTAssertFalse(H.takesPresses(window.button.widget))
            H.xdotool("key", "Return")
            XCTAssertTrue(H.pump { H.hasFocus(window.codeEntry) }, "then on to the code")
            XCTAssertEqual(window.inbox.texts.count, 1, "Enter on the busy button sent nothing more")
        }
    }
}

/// Where the thumb is, as the model's fraction: the scale counts in percent.
@MainActor
private func fraction(_ slider: SlideToUnlock) -> Double {
    gtk_range_get_value(slider.scale.cast()) / 100
}
