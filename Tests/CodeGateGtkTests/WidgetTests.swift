import CGtk
@testable import CodeGateGtk
import CodeGateCore
import Testing

/// The real window under Xvfb, driven with the mouse and keyboard. Serialized on the main actor:
/// GTK has one thread.
@MainActor
@Suite(.serialized) struct WidgetTests {
    typealias H = GtkHarness
    let clock = ManualClock()

    @Test func buttonIsInsensitiveUntilTheSliderIsUnlocked() {
        let window = H.openWindow(clock: clock)
        defer { H.close(window) }
        #expect(!H.isSensitive(window.button.widget))
        #expect(H.text(window.button.label) == "获取验证码")
        #expect(H.text(window.slider.label) == "滑动解锁/获取验证码")
        H.drag(window.slider, to: 1.1)
        #expect(H.pump { window.flow.slider.isUnlocked })
        #expect(gtk_range_get_value(window.slider.scale.cast()) == 1)
        #expect(H.text(window.slider.label) == "验证通过")
        #expect(H.isSensitive(window.button.widget))
    }

    @Test func clickStartsTheCountdownAndTheEndLocksAgain() {
        let window = H.openWindow(clock: clock)
        defer { H.close(window) }
        H.drag(window.slider, to: 1.1)
        H.click(window.button.widget)
        #expect(H.pump { window.flow.countdown.isCounting })
        #expect(!H.isSensitive(window.button.widget))
        #expect(H.text(window.button.label) == "获取验证码(60)")
        clock.advance(by: .milliseconds(1500))
        #expect(H.pump { H.text(window.button.label) == "获取验证码(59)" })
        clock.advance(by: .seconds(59))
        #expect(H.pump { H.text(window.button.label) == "获取验证码" })
        #expect(!window.flow.slider.isUnlocked)
        #expect(H.text(window.slider.label) == "滑动解锁/获取验证码")
        clock.advance(by: .seconds(1)) // the thumb's glide back runs on the same clock
        #expect(H.pump { gtk_range_get_value(window.slider.scale.cast()) == 0 })
        #expect(!H.isSensitive(window.button.widget), "each request needs a fresh slide")
    }

    @Test func drawnFillFollowsTheCountdown() {
        let window = H.openWindow(clock: clock)
        defer { H.close(window) }
        H.drag(window.slider, to: 1.1)
        H.click(window.button.widget)
        let fill = window.button.fill!
        let pixels = Int(gtk_widget_get_width(fill) * gtk_widget_get_scale_factor(fill))
        #expect(pixels > 100)
        #expect(H.pump { window.button.drawnFillPixels == 0 })
        clock.advance(by: .seconds(15))
        #expect(H.pump { window.button.drawnFillPixels == pixels / 4 })
        clock.advance(by: .seconds(30))
        #expect(H.pump { window.button.drawnFillPixels == pixels * 3 / 4 })
    }

    @Test func earlyReleaseGlidesBackToTheStart() {
        let window = H.openWindow(clock: BootClock())
        defer { H.close(window) }
        let range: UnsafeMutablePointer<GtkRange> = window.slider.scale.cast()
        H.drag(window.slider, to: 0.5)
        var seen: Set<Double> = []
        #expect(H.pump {
            seen.insert(gtk_range_get_value(range))
            return gtk_range_get_value(range) == 0
        })
        #expect(seen.contains { $0 > 0 && $0 < 0.4 }, "it glides rather than jumps: saw \(seen.sorted())")
        #expect(!window.flow.slider.isUnlocked)
        #expect(!H.isSensitive(window.button.widget))
    }

    @Test func troughClickAndWheelDoNotMoveTheThumb() {
        let window = H.openWindow(clock: clock)
        defer { H.close(window) }
        H.click(window.slider.scale, across: 0.95)
        H.pump(for: .milliseconds(300))
        #expect(gtk_range_get_value(window.slider.scale.cast()) == 0)
        H.xdotool("click", "5")
        H.xdotool("click", "4")
        H.pump(for: .milliseconds(100))
        #expect(gtk_range_get_value(window.slider.scale.cast()) == 0)
        #expect(!window.flow.slider.isUnlocked)
    }

    @Test func keyboardUnlocksOnlyByHoldingTheArrow() {
        let window = H.openWindow(clock: BootClock())
        defer { H.close(window) }
        gtk_widget_grab_focus(window.slider.scale)
        H.xdotool("key", "End", "Page_Up", "Page_Down")
        #expect(gtk_range_get_value(window.slider.scale.cast()) == 0)
        H.xdotool("key", "Right")
        #expect(H.pump { gtk_range_get_value(window.slider.scale.cast()) == 0 }, "a tap glides back")
        H.xdotool("keydown", "Right")
        let unlocked = H.pump(timeout: .seconds(5)) { window.flow.slider.isUnlocked }
        H.xdotool("keyup", "Right")
        #expect(unlocked)
        #expect(H.isSensitive(window.button.widget))
    }

    @Test func closingMidCountdownLeavesNoSourceBehind() {
        let window = H.openWindow(clock: BootClock())
        H.drag(window.slider, to: 1.1)
        H.click(window.button.widget)
        #expect(H.pump { window.flow.countdown.isCounting })
        let source = window.button.pendingSourceID
        #expect(source != 0)
        #expect(g_main_context_find_source_by_id(nil, source) != nil)
        H.close(window)
        #expect(g_main_context_find_source_by_id(nil, source) == nil)
    }
}
