import CGtk
@testable import CodeGateApp
@testable import CodeGateGtk
@testable import CodeGateGLib
import CodeGateFlow
import CodeGateCore
import CodeGateTestSupport
import XCTest

/// The two controls in the real window under Xvfb, driven with the mouse and keyboard.
///
/// XCTest runs these one at a time on the main thread — GTK's thread — with the Dispatch main
/// queue still bound to it as in the app, so `MainQueueSource` is what resumes main-actor tasks
/// here too. (Swift Testing parks the main thread in `dispatch_main`, where it would not.)
final class WidgetTests: XCTestCase {
    typealias H = GtkHarness
    func testButtonIsInsensitiveUntilNumberAndSlideAreThere() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let window = H.openWindow(timers: clock)
            defer { H.close(window) }
            XCTAssertFalse(H.takesPresses(window.button.widget))
            XCTAssertEqual(H.text(window.button.caption), "获取验证码")
            XCTAssertEqual(H.text(window.slider.label), "滑动解锁/获取验证码")
            H.type("13800138000", into: window.phoneEntry)
            XCTAssertFalse(H.takesPresses(window.button.widget), "a number alone is not enough")
            H.drag(window.slider, to: 1.1)
            XCTAssertTrue(H.pump { window.flow.slider.isUnlocked })
            XCTAssertEqual(fraction(window.slider), 1)
            XCTAssertEqual(H.text(window.slider.label), "验证通过")
            XCTAssertTrue(H.takesPresses(window.button.widget))
        }
    }

    func testClickCountsDownAndTheEndLocksAgain() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let window = H.openWindow(timers: clock)
            defer { H.close(window) }
            XCTAssertTrue(H.startCountdown(in: window))
            XCTAssertFalse(H.takesPresses(window.button.widget))
            XCTAssertEqual(H.text(window.button.caption), "获取验证码(60)")
            clock.advance(by: .milliseconds(1500))
            XCTAssertTrue(H.pump { H.text(window.button.caption) == "获取验证码(59)" })
            clock.advance(by: .seconds(59))
            XCTAssertTrue(H.pump { H.text(window.button.caption) == "获取验证码" })
            XCTAssertFalse(window.flow.slider.isUnlocked)
            XCTAssertEqual(H.text(window.slider.label), "滑动解锁/获取验证码")
            clock.advance(by: .seconds(1)) // the thumb's glide back runs on the same clock
            XCTAssertTrue(H.pump { fraction(window.slider) == 0 })
            XCTAssertFalse(H.takesPresses(window.button.widget), "each request needs a fresh slide")
        }
    }

    func testDrawnFillFollowsTheCountdown() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let window = H.openWindow(timers: clock)
            defer { H.close(window) }
            XCTAssertTrue(H.startCountdown(in: window))
            let pixels = Int(gtk_widget_get_width(window.button.widget))
            XCTAssertEqual(window.flow.countdown.fillResolution, pixels, "the button tells the countdown its width")
            XCTAssertGreaterThan(pixels, 100)
            XCTAssertTrue(H.pump { window.button.fillWidth == 0 })
            clock.advance(by: .seconds(15))
            XCTAssertTrue(H.pump { window.button.fillWidth == pixels / 4 })
            clock.advance(by: .seconds(30))
            XCTAssertTrue(H.pump { window.button.fillWidth == pixels * 3 / 4 })
            clock.advance(by: .seconds(15))
            XCTAssertTrue(H.pump { window.button.fillWidth == 0 }, "the fill goes with the cooldown")
        }
    }

    func testEarlyReleaseGlidesBackToTheStart() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            let range: UnsafeMutablePointer<GtkRange> = window.slider.scale.cast()
            H.drag(window.slider, to: 0.5)
            var seen: Set<Double> = []
            XCTAssertTrue(H.pump {
                seen.insert(gtk_range_get_value(range) / 100)
                return gtk_range_get_value(range) / 100 == 0
            })
            XCTAssertTrue(seen.contains { $0 > 0 && $0 < 0.4 }, "it glides rather than jumps: saw \(seen.sorted())")
            XCTAssertFalse(window.flow.slider.isUnlocked)
        }
    }

    func testATroughClickIsOneStepAndTheWheelNothing() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let window = H.openWindow(timers: clock)
            defer { H.close(window) }
            H.click(window.slider.scale, across: 0.95)
            H.pump(for: .milliseconds(300))
            XCTAssertEqual(fraction(window.slider), 0.1, accuracy: 1e-9, "one step, never a jump to the click")
            H.click(window.slider.scale, across: 0.01)
            H.pump(for: .milliseconds(300))
            XCTAssertEqual(fraction(window.slider), 0.2, accuracy: 1e-9, "behind the thumb: one step too")
            H.xdotool("click", "5")
            H.xdotool("click", "4")
            H.pump(for: .milliseconds(100))
            XCTAssertEqual(fraction(window.slider), 0.2, accuracy: 1e-9)
            XCTAssertFalse(window.flow.slider.isUnlocked)
        }
    }

    func testKeyboardUnlocksWithSeparateArrowPressesWithNoTimeLimit() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: GLibTimerPort())
            defer { H.close(window) }
            // As after Tab: keyboard navigation makes the focus visible.
            gtk_window_set_focus_visible(window.window.cast(), 1)
            gtk_widget_grab_focus(window.slider.scale)
            XCTAssertTrue(
                H.pump { H.text(window.slider.label) == window.flow.slider.focusedHint },
                "focus shows how to slide by keyboard")
            H.xdotool("key", "End", "Page_Up", "Page_Down")
            XCTAssertEqual(fraction(window.slider), 0)
            H.xdotool("key", "Right")
            H.pump(for: .seconds(2))
            XCTAssertEqual(fraction(window.slider), 0.1, accuracy: 1e-9, "the thumb waits after a press, however long")
            XCTAssertEqual(H.text(window.slider.label), "已滑动 10%，还需 9 步", "the track says how far it is")
            // Nine more separate presses, as with key repeat off: each one a key down and up.
            H.xdotool(
                "key", "--delay", "150", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right"
            )
            XCTAssertTrue(H.pump { window.flow.slider.isUnlocked })
            XCTAssertEqual(H.text(window.slider.label), "验证通过")
        }
    }

    func testTwoTimerSourcesWhileCountingNoneIdleAndNoneAfterClosing() {
        MainActor.assumeIsolated {
            weak var closedWindow: CodeGateWindow?
            weak var closedButton: CountdownButton?
            weak var closedSlider: SlideToUnlock?
            let timers = GLibTimerPort()
            var sources: [guint] = []
            do {
                let window = H.openWindow(timers: timers)
                (closedWindow, closedButton, closedSlider) = (window, window.button, window.slider)
                XCTAssertEqual(timers.liveSources, [], "idle: no source")
                XCTAssertTrue(H.startCountdown(in: window))
                // The countdown's one source, and the end of the code's lifetime.
                XCTAssertTrue(H.pump { timers.liveSources.count == 2 }, "counting: \(timers.liveSources)")
                sources = Array(timers.liveSources)
                XCTAssertTrue(sources.allSatisfy { g_main_context_find_source_by_id(nil, $0) != nil })
                H.pump(for: .milliseconds(1200))
                XCTAssertEqual(timers.liveSources.count, 2, "still two, the countdown's re-armed for each change")
                H.close(window)
            }
            XCTAssertEqual(timers.liveSources, [])
            XCTAssertTrue(sources.allSatisfy { g_main_context_find_source_by_id(nil, $0) == nil })
            XCTAssertNil(closedWindow, "the window's Swift side goes with its GtkWindow")
            XCTAssertNil(closedButton)
            XCTAssertNil(closedSlider)
        }
    }

    /// GTK 4.8 hides the focus rings 3 s after the last key press; the window's
    /// `keyboard-focus` class keeps them (style.css) until the pointer is pressed, without
    /// setting `focus-visible` back, which would re-arm GTK's timer for good.
    func testFocusRingsStayWhileTheKeyboardIsInUse() {
        MainActor.assumeIsolated {
            let window = H.openWindow(timers: ManualTimerPort())
            defer { H.close(window) }
            let keyboardFocus = { gtk_widget_has_css_class(window.window, FocusRings.styleClass) != 0 }
            H.xdotool("key", "Tab")
            XCTAssertTrue(H.pump { gtk_window_get_focus_visible(window.window.cast()) != 0 })
            XCTAssertTrue(keyboardFocus())
            XCTAssertTrue(
                H.pump(timeout: .seconds(5), until: { gtk_window_get_focus_visible(window.window.cast()) == 0 }),
                "GTK's own timeout ends, and is not re-armed")
            XCTAssertTrue(keyboardFocus(), "the rings are still there after GTK's 3 s")
            let point = H.screenPoint(of: window.inbox.widget)
            H.xdotool("mousemove", "\(point.x)", "\(point.y)", "click", "1")
            XCTAssertTrue(H.pump(timeout: .seconds(5), until: { !keyboardFocus() }), "a pointer press lets them go")
        }
    }

    func testRestartShowsTheCooldownThatIsReallyLeft() throws {
        try MainActor.assumeIsolated {
            let folder = try XCTUnwrap(g_dir_make_tmp("codegate-XXXXXX", nil))
            defer { g_free(folder) }
            let state = String(cString: folder) + "/state"
            let path = state + "/cooldown"
            let first = H.openWindow(timers: GLibTimerPort(), stateFolder: state)
            XCTAssertTrue(H.startCountdown(in: first))
            H.close(first)
            XCTAssertTrue(g_file_test(path, G_FILE_TEST_EXISTS) != 0)

            let second = H.openWindow(timers: GLibTimerPort(), stateFolder: state)
            XCTAssertTrue(second.flow.countdown.isCounting, "the cooldown survives the restart")
            XCTAssertTrue(["获取验证码(60)", "获取验证码(59)"].contains(H.text(second.button.caption)))
            XCTAssertFalse(H.takesPresses(second.button.widget))
            second.flow.countdown.reset()
            XCTAssertFalse(g_file_test(path, G_FILE_TEST_EXISTS) != 0, "an ended cooldown is forgotten")
            H.close(second)

            let third = H.openWindow(timers: GLibTimerPort(), stateFolder: state)
            XCTAssertFalse(third.flow.countdown.isCounting)
            H.close(third)
            for name in ["gateway.db", "gateway.db-wal", "gateway.db-shm", "gateway.key"] {
                unlink(state + "/" + name)
            }
            XCTAssertEqual(rmdir(state), 0, "nothing else was left in the state folder")
            rmdir(folder)
        }
    }
}

/// Where the thumb is, as the model's fraction: the scale counts in percent.
@MainActor
private func fraction(_ slider: SlideToUnlock) -> Double {
    gtk_range_get_value(slider.scale.cast()) / 100
}
