import CCodeGateGObject
import CGtk
import CodeGateCore
@testable import CodeGateGtk
import CodeGateTestSupport
import GtkTestSupport
import XCTest

/// The two controls on their own, as another app takes them: a plain GtkWindow, no
/// application, no flow, the app's own request. XCTest runs these one at a time on the main
/// thread, GTK's.
final class ControlsTests: XCTestCase {
    typealias D = GtkDriver

    struct Refused: Error {}

    /// GTK, once, before a test makes a widget.
    override func setUp() {
        MainActor.assumeIsolated {
            guard gtk_is_initialized() == 0 else { return }
            gtk_init()
            // A warning from GLib or GTK in a widget test is a failure, not noise.
            g_log_set_always_fatal(
                GLogLevelFlags(
                    rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue))
        }
    }

    /// A window holding `widgets` one under the other, on screen.
    @MainActor
    private static func window(_ widgets: UnsafeMutablePointer<GtkWidget>...) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for widget in widgets { gtk_box_append(box.cast(), widget) }
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(), 360, -1)
        gtk_window_set_child(window.cast(), box)
        gtk_window_present(window.cast())
        precondition(
            D.pump { widgets.allSatisfy { gtk_widget_get_mapped($0) != 0 && gtk_widget_get_width($0) > 0 } },
            "no window")
        D.pump(for: .milliseconds(100))
        return window
    }

    /// One widget per control: the Swift classes are handles over the GTypes C, Python and
    /// GtkBuilder make, whose properties follow the Swift side.
    func testTheControlsAreTheGTypesEveryLanguageUses() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let button = CountdownButton { .seconds(30) }
            XCTAssertEqual(String(cString: g_type_name(cg_type_of_instance(button.widget))), "CodeGateCountdownButton")
            XCTAssertNotEqual(
                g_type_is_a(cg_type_of_instance(button.widget), gtk_button_get_type()), 0, "the button is a GtkButton")
            XCTAssertEqual(String(cString: g_type_name(cg_type_of_instance(slider.widget))), "CodeGateSlideToUnlock")
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(slider.widget)), "slide-to-unlock")
            XCTAssertTrue(CountdownButton.of(button.widget) === button)
            XCTAssertTrue(SlideToUnlock.of(slider.widget) === slider)
            XCTAssertNotEqual(
                g_type_is_a(cg_type_of_instance(slider.widget), gtk_scale_get_type()), 0,
                "the slider is a GtkScale itself, one node for a screen reader")
            XCTAssertEqual(
                String(cString: gtk_widget_get_css_name(gtk_widget_get_first_child(slider.widget))), "trough",
                "the scale's own track")
            XCTAssertEqual(gtk_widget_get_last_child(slider.widget), slider.label, "the hint on the track")
            button.startCooldown(.seconds(12))
            XCTAssertEqual(
                CountdownButton.Properties.secondsLeft.get(button), 12, "its GObject properties follow the Swift side")
            button.reset()
            // Made by g_object_new, as GtkBuilder or C makes it: a Swift handle is there too.
            let made = g_object_ref_sink(g_object_new_with_properties(CountdownButton.gtype, 0, nil, nil))!
            defer { g_object_unref(made) }
            XCTAssertNotNil(CountdownButton.of(UnsafeMutableRawPointer(made).assumingMemoryBound(to: GtkWidget.self)))
            g_object_ref_sink(slider.widget)
            g_object_ref_sink(button.widget)
            g_object_unref(slider.widget)
            g_object_unref(button.widget)
        }
    }

    func testTheAppsOwnRequestRunsAfterTheSlideAndCountsDown() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            var asked = 0
            let slider = SlideToUnlock(timers: clock)
            let button = CountdownButton(timers: clock) {
                asked += 1
                return .seconds(45)
            }
            button.requireUnlock(by: slider)
            var sent: [Duration] = []
            button.onSent { sent.append($0) }
            let window = Self.window(slider.widget, button.widget)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertEqual(D.text(button.caption), "获取验证码")
            XCTAssertFalse(D.takesPresses(button.widget), "waits for the slide")
            D.drag(slider, to: 1.1)
            XCTAssertTrue(D.pump { D.takesPresses(button.widget) })
            D.click(button.widget)
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码(45)" })
            XCTAssertEqual(asked, 1)
            XCTAssertEqual(sent, [.seconds(45)])
            XCTAssertFalse(D.takesPresses(button.widget))
            clock.advance(by: .seconds(45))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码" })
            XCTAssertFalse(slider.isUnlocked, "the end of the cooldown asks for a new slide")
            XCTAssertFalse(D.takesPresses(button.widget))
        }
    }

    /// While counting, the accessible name follows the seconds shown while the button has no
    /// focus (what a screen reader's review reads), and holds still while it has (a name change
    /// of the focused object is spoken): given at focus-in, renewed once focus leaves.
    func testTheCountingNameFollowsTheSecondsOnlyWithoutFocus() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let button = CountdownButton(timers: clock) { .seconds(45) }
            let other = gtk_button_new_with_label("other")!
            let window = Self.window(button.widget, other)
            defer { gtk_window_destroy(window.cast()) }
            gtk_widget_grab_focus(other)
            button.startCooldown(.seconds(45))
            XCTAssertEqual(button.nameShown, "获取验证码，45 秒后可重新获取")
            clock.advance(by: .seconds(7))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码(38)" })
            XCTAssertEqual(button.nameShown, "获取验证码，38 秒后可重新获取", "unfocused, it says what the screen shows")
            gtk_widget_grab_focus(button.widget)
            XCTAssertTrue(D.pump { D.hasFocus(button.widget) })
            clock.advance(by: .seconds(3))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码(35)" })
            XCTAssertEqual(button.nameShown, "获取验证码，38 秒后可重新获取", "focused, not renamed every second")
            gtk_widget_grab_focus(other)
            D.pump(for: .milliseconds(100))
            XCTAssertEqual(
                button.nameShown, "获取验证码，38 秒后可重新获取",
                "not renamed as the focus leaves: a screen reader would say it before the next control")
            clock.advance(by: .seconds(1))
            XCTAssertTrue(D.pump { button.nameShown == "获取验证码，34 秒后可重新获取" })
        }
    }

    /// An app that words the button in English (the process speaking Chinese) is heard in
    /// English alone, through the GObject properties every language sets: the names while
    /// sending and counting, and the news of a code sent.
    func testEverySpokenPhraseFollowsTheAppsWords() {
        MainActor.assumeIsolated {
            let button = CountdownButton(model: CountdownRequest(countdown: Countdown(timers: GLibTimerPort())))
            let window = Self.window(button.widget)
            defer { gtk_window_destroy(window.cast()) }
            let object = UnsafeMutableRawPointer(button.widget)
            let set = { (property: Property<CountdownButton, String?>, text: String) in
                CountdownButton.type.set(object, property.index, to: .string(text))
            }
            set(CountdownButton.Properties.idleText, "Get code")
            set(CountdownButton.Properties.sendingText, "Sending…")
            set(CountdownButton.Properties.sendingAccessibleName, "{0}, {1}")
            set(CountdownButton.Properties.countingAccessibleName, "{0}, again in {1} s")
            set(CountdownButton.Properties.sentNews, "Code sent")
            var answer: (@MainActor (Result<Duration, any Error>) -> Void)?
            button.model.answeringHandler = { given in
                answer = given
                return {}
            }
            gtk_widget_grab_focus(button.widget)
            button.model.press()
            XCTAssertEqual(button.nameShown, "Get code, Sending…")
            answer?(.success(.seconds(30)))
            XCTAssertEqual(button.nameShown, "Get code, again in 30 s")
            XCTAssertEqual(button.descriptionShown, "Code sent")
        }
    }

    /// `button` waiting for `slider` in a window, the slide passed and the button pressed from
    /// the keyboard focus; returns the window.
    @MainActor
    private static func pressedAfterSlide(_ button: CountdownButton, _ slider: SlideToUnlock) -> UnsafeMutablePointer<
        GtkWidget
    > {
        button.requireUnlock(by: slider)
        let window = window(slider.widget, button.widget)
        D.drag(slider, to: 1.1)
        XCTAssertTrue(D.pump { D.takesPresses(button.widget) })
        gtk_widget_grab_focus(button.widget)
        button.model.press()
        return window
    }

    /// A failure under the focus: the button turns insensitive until the next slide, and the
    /// focus goes to the re-locked slider, whose description says why — in any window, with no
    /// code of the app's.
    func testAFailureHandsTheFocusToTheSliderWithTheReason() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let button = CountdownButton { throw RequestFailure(message: "服务器拒绝了请求") }
            let window = Self.pressedAfterSlide(button, slider)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(D.pump { D.hasFocus(slider.widget) }, "the focus goes to the slider, never to nothing")
            XCTAssertEqual(slider.shownDescription?.components(separatedBy: "\n").first, "服务器拒绝了请求")
            XCTAssertEqual(gtk_widget_get_sensitive(button.widget), 0)
            XCTAssertEqual(button.descriptionShown, "", "said once, where the focus is")
            slider.model.stepForward()
            XCTAssertTrue(
                D.pump { slider.shownDescription?.contains("服务器拒绝了请求") == false }, "stale once the thumb moves on")
        }
    }

    /// An app that words a failure itself, as a note on the slider when it hears of it, is
    /// heard once and in its own words: the controls' default words never reach the slider's
    /// description first (a screen reader said both, one after the other).
    func testTheAppsWordsForAFailureAreSaidOnce() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let button = CountdownButton { throw Refused() }
            let observation = button.onFailure { _ in slider.note = "网络连接失败，请检查网络后重新滑动验证" }
            defer { observation.cancel() }
            let window = Self.pressedAfterSlide(button, slider)
            defer { gtk_window_destroy(window.cast()) }
            var heardOnFocus: String?
            var changesOnFocus = 0
            Signal.connectNotify(UnsafeMutableRawPointer(slider.widget), property: "has-focus") {
                guard gtk_widget_has_focus(slider.widget) != 0, heardOnFocus == nil else { return }
                heardOnFocus = slider.shownDescription
                changesOnFocus = slider.descriptionChanges
            }
            XCTAssertTrue(D.pump { D.hasFocus(slider.widget) }, "the focus goes to the slider")
            XCTAssertTrue(D.pump { button.model.outcomeCount > 0 }, "the failure is shown")
            XCTAssertEqual(heardOnFocus?.components(separatedBy: "\n").first, "网络连接失败，请检查网络后重新滑动验证")
            XCTAssertEqual(slider.descriptionChanges, changesOnFocus, "nothing said again once the focus is there")
        }
    }

    /// The end of a cooldown under the focus: the slider locks again and takes the focus,
    /// saying that a new code may be requested; a sent code is said on the button.
    func testTheEndOfTheCooldownHandsTheFocusToTheSlider() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let slider = SlideToUnlock()
            let button = CountdownButton(timers: clock) { .seconds(3) }
            let window = Self.pressedAfterSlide(button, slider)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(D.pump { button.phase == .counting })
            XCTAssertEqual(button.descriptionShown, "验证码已发送")
            XCTAssertEqual(button.nameShown, "获取验证码，3 秒后可重新获取")
            clock.advance(by: .seconds(3))
            XCTAssertTrue(D.pump { D.hasFocus(slider.widget) })
            XCTAssertEqual(slider.shownDescription?.components(separatedBy: "\n").first, "可以重新获取验证码")
            XCTAssertEqual(button.descriptionShown, "")
        }
    }

    /// Without a slider, a button that turns insensitive under the focus (the app's gate
    /// closes) keeps it and says it is disabled, until the focus leaves it.
    func testWithoutASliderTheButtonKeepsTheFocus() {
        MainActor.assumeIsolated {
            let button = CountdownButton { throw RequestFailure(message: "号码有误") }
            let other = gtk_button_new_with_label("other")!
            let window = Self.window(button.widget, other)
            defer { gtk_window_destroy(window.cast()) }
            gtk_widget_grab_focus(button.widget)
            button.model.press()
            XCTAssertTrue(D.pump { button.descriptionShown == "号码有误" }, "the reason, on the focused button")
            button.isEnabled = false
            D.pump(for: .milliseconds(100))
            XCTAssertTrue(D.hasFocus(button.widget), "kept focusable")
            XCTAssertFalse(D.takesPresses(button.widget))
            gtk_widget_grab_focus(other)
            XCTAssertTrue(D.pump { gtk_widget_get_sensitive(button.widget) == 0 }, "insensitive once the focus left")
        }
    }

    /// A screen reader says the thumb's place in percent, not the model's fraction.
    func testTheSliderCountsInPercent() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertEqual(gtk_adjustment_get_upper(gtk_range_get_adjustment(slider.scale.cast())), 100)
            slider.model.stepForward()
            XCTAssertEqual(gtk_range_get_value(slider.scale.cast()), 10, accuracy: 1e-9)
        }
    }

    func testAFailureComesBackAtOnceWithTheAppsError() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let button = CountdownButton { throw Refused() }
            button.requireUnlock(by: slider)
            var failures: [any Error] = []
            button.onFailure { failures.append($0) }
            let window = Self.window(slider.widget, button.widget)
            defer { gtk_window_destroy(window.cast()) }
            D.drag(slider, to: 1.1)
            XCTAssertTrue(D.pump { D.takesPresses(button.widget) })
            D.click(button.widget)
            XCTAssertTrue(D.pump { failures.count == 1 })
            XCTAssertTrue(failures.first is Refused)
            XCTAssertEqual(D.text(button.caption), "获取验证码")
            XCTAssertEqual(button.phase, .idle)
            XCTAssertTrue(D.pump { fraction(slider) == 0 }, "the slider glides back, locked")
            XCTAssertFalse(slider.isUnlocked)
        }
    }

    /// While counting the button is disabled as `aria-disabled` is: it stays sensitive, so it
    /// keeps the focus, and the style class `counting` and the property `counting` (notified
    /// once at each change) say what `:disabled` and `sensitive` cannot: set when the count
    /// begins, cleared when it ends or is reset, never set by a failed request.
    func testTheCountingClassAndPropertyFollowTheCooldown() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            // The first request sends, the second fails.
            var requests = 0
            let button = CountdownButton(timers: clock) {
                requests += 1
                if requests > 1 { throw Refused() }
                return .seconds(5)
            }
            var failures = 0
            button.onFailure { _ in failures += 1 }
            let window = Self.window(button.widget)
            defer { gtk_window_destroy(window.cast()) }
            var notified: [Bool] = []
            Signal.connectNotify(button.widget, property: "counting") { notified.append(button.isCounting) }
            @MainActor func counting() -> Bool {
                let property = CountdownButton.Properties.counting.get(button)
                let styled = gtk_widget_has_css_class(button.widget, "counting") != 0
                let swift = button.isCounting
                XCTAssertEqual(property, swift, "the property says what the Swift API says")
                XCTAssertEqual(styled, swift, "the class says what the property says")
                return swift
            }
            XCTAssertFalse(counting())
            D.click(button.widget)
            XCTAssertTrue(D.pump { counting() }, "the answer starts the count")
            XCTAssertEqual(notified, [true], "notified once as the count begins")
            XCTAssertTrue(gtk_widget_get_sensitive(button.widget) != 0, "sensitive while counting, to keep the focus")
            XCTAssertFalse(D.takesPresses(button.widget), "yet it takes no press")
            clock.advance(by: .seconds(3))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码(2)" })
            XCTAssertEqual(notified, [true], "not notified as the seconds pass")
            clock.advance(by: .seconds(2))
            XCTAssertTrue(D.pump { !counting() }, "the end of the cooldown clears it")
            XCTAssertEqual(notified, [true, false], "notified once as the count ends")
            XCTAssertTrue(D.pump { D.takesPresses(button.widget) })
            D.click(button.widget)
            XCTAssertTrue(D.pump { failures == 1 })
            XCTAssertFalse(counting(), "a failed request never counts")
            XCTAssertEqual(notified, [true, false], "nor notifies")
            button.startCooldown(.seconds(8))
            XCTAssertTrue(counting())
            button.reset()
            XCTAssertFalse(counting(), "a reset clears it")
            XCTAssertEqual(notified, [true, false, true, false])
        }
    }

    func testWithoutASliderTheAppsGateDecides() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let button = CountdownButton(
                format: try! LabelFormat(parsing: "{ss}s重新发送", idleText: "发送验证码"), timers: clock
            ) { .seconds(5) }
            let window = Self.window(button.widget)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertEqual(D.text(button.caption), "发送验证码")
            XCTAssertTrue(D.takesPresses(button.widget))
            button.isEnabled = false
            XCTAssertTrue(D.pump { !D.takesPresses(button.widget) })
            button.isEnabled = true
            button.startCooldown(.seconds(8))
            XCTAssertTrue(D.pump { D.text(button.caption) == "08s重新发送" })
            button.reset()
            XCTAssertTrue(D.pump { D.text(button.caption) == "发送验证码" && D.takesPresses(button.widget) })
        }
    }

    /// For a head pointer or eye gaze that clicks but cannot drag: each click on the thumb is a
    /// step, and no click anywhere takes it to the end at once.
    func testClicksOnTheThumbAloneUnlock() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            for click in 1...10 {
                let thumb = D.descendant(of: slider.scale, named: "slider")!
                D.click(thumb)
                XCTAssertTrue(
                    D.pump { slider.isUnlocked || abs(fraction(slider) - Double(click) / 10) < 1e-9 },
                    "click \(click): at \(fraction(slider))")
                XCTAssertEqual(slider.isUnlocked, click == 10)
            }
            D.pump(for: .seconds(1))
            XCTAssertTrue(slider.isUnlocked, "and it stays there")
        }
    }

    /// Ten clicks on one spot, near the track's end or in its middle: each is one step, also
    /// once the thumb has passed the spot, so the tenth unlocks.
    func testClicksOnOneSpotUnlockStepByStep() {
        MainActor.assumeIsolated {
            for spot in [0.97, 0.5] {
                let slider = SlideToUnlock()
                let window = Self.window(slider.widget)
                defer { gtk_window_destroy(window.cast()) }
                for click in 1...10 {
                    D.click(slider.scale, across: spot)
                    XCTAssertTrue(
                        D.pump { slider.isUnlocked || abs(fraction(slider) - Double(click) / 10) < 1e-9 },
                        "at \(spot), click \(click): at \(fraction(slider))")
                    XCTAssertEqual(slider.isUnlocked, click == 10, "at \(spot), click \(click)")
                }
            }
        }
    }

    /// What an assistive technology does through the scale's AT-SPI Value: GTK sets the
    /// adjustment. Each such set is one step forward, whatever value it asks, and a set back
    /// is undone.
    func testValuesSetFromOutsideAreOneStepEach() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            let adjustment = gtk_range_get_adjustment(slider.scale.cast())
            gtk_adjustment_set_value(adjustment, 100)
            XCTAssertEqual(fraction(slider), 0.1, accuracy: 1e-9)
            XCTAssertFalse(slider.isUnlocked, "no single set unlocks it")
            gtk_adjustment_set_value(adjustment, 0)
            XCTAssertEqual(fraction(slider), 0.1, accuracy: 1e-9, "a set back is undone")
            for _ in 2...10 {
                gtk_adjustment_set_value(adjustment, 100)
            }
            XCTAssertTrue(slider.isUnlocked)
        }
    }


    /// In a right-to-left language (Hebrew, Arabic) GTK mirrors the scale: the thumb starts at
    /// the right and ← moves it on, and every word on the control says so.
    func testInARightToLeftLanguageTheLeftArrowStepsAndTheWordsNameIt() {
        MainActor.assumeIsolated {
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            let keyboardHint = "按 ← 键 10 次，或点击滑块 10 次，滑到最左端"
            XCTAssertEqual(slider.model.state.description, keyboardHint)
            XCTAssertEqual(String(cString: gtk_widget_get_tooltip_text(slider.scale)), "拖动滑块到最左端（键盘：逐次按 ← 键）")
            let thumb = D.descendant(of: slider.scale, named: "slider")!
            XCTAssertGreaterThan(
                D.screenPoint(of: thumb).x, D.screenPoint(of: slider.scale).x, "the thumb starts at the right")
            gtk_window_set_focus_visible(window.cast(), 1)
            gtk_widget_grab_focus(slider.scale)
            D.xdotool("key", "Right")
            D.pump(for: .milliseconds(100))
            XCTAssertEqual(fraction(slider), 0, "→ moves it back, not on")
            XCTAssertTrue(
                D.pump { D.text(slider.label) == "按 ← 键 10 次" }, "the focused track says how to slide by keyboard")
            D.xdotool("key", "--delay", "100", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left")
            XCTAssertTrue(D.pump { abs(fraction(slider) - 0.9) < 1e-9 }, "at \(fraction(slider))")
            D.xdotool("key", "Left")
            XCTAssertTrue(D.pump { slider.isUnlocked })
            XCTAssertEqual(slider.model.state.valueText, "已滑到最左端")
            XCTAssertLessThan(D.screenPoint(of: thumb).x, D.screenPoint(of: slider.scale).x, "the end is at the left")
        }
    }

    /// The pointer on a mirrored track: a drag to the left unlocks, and a click on either side of
    /// the thumb is one step on, leftwards.
    func testInARightToLeftLanguageTheThumbIsDraggedAndClickedLeftwards() {
        MainActor.assumeIsolated {
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            D.click(slider.scale, across: 0.03)
            XCTAssertTrue(D.pump { abs(fraction(slider) - 0.1) < 1e-9 }, "at \(fraction(slider))")
            D.click(slider.scale, across: 0.99)
            XCTAssertTrue(D.pump { abs(fraction(slider) - 0.2) < 1e-9 }, "behind the thumb: at \(fraction(slider))")
            D.drag(slider, to: -0.1)
            XCTAssertTrue(D.pump { slider.isUnlocked }, "at \(fraction(slider))")
        }
    }

    /// A pointer drag part-way shows the track's hint, not the keyboard's count of steps, and
    /// the hint is back the same once the thumb glided home.
    func testAThumbDraggedPartWayKeepsTheHint() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            let start = D.screenPoint(of: D.descendant(of: slider.scale, named: "slider")!)
            let middle = D.screenPoint(of: slider.scale, across: 0.5)
            D.xdotool("mousemove", "\(start.x)", "\(start.y)", "mousedown", "1")
            for step in 1...6 {
                D.xdotool("mousemove", "\(start.x + (middle.x - start.x) * step / 6)", "\(start.y)")
            }
            XCTAssertTrue(D.pump { fraction(slider) > 0.3 }, "thumb at \(fraction(slider))")
            XCTAssertEqual(D.text(slider.label), "滑动解锁/获取验证码")
            D.xdotool("mouseup", "1")
            XCTAssertTrue(D.pump { fraction(slider) == 0 })
            XCTAssertEqual(D.text(slider.label), "滑动解锁/获取验证码")
        }
    }

    /// The thumb follows the pointer one to one, even when held still before the drag (GTK's
    /// slow "fine-tuning" mode after a long press would leave it short of the end).
    func testAThumbHeldStillThenDraggedFlushToTheEndUnlocks() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            let thumb = D.descendant(of: slider.scale, named: "slider")!
            let start = D.screenPoint(of: thumb)
            // Where the pointer is when the thumb's right edge meets the track's.
            let end = D.screenPoint(of: slider.scale, across: 1).x - Int(gtk_widget_get_width(thumb)) / 2 + 1
            D.xdotool("mousemove", "\(start.x)", "\(start.y)", "mousedown", "1")
            D.pump(for: .seconds(1))
            for step in 1...8 {
                D.xdotool("mousemove", "\(start.x + (end - start.x) * step / 8)", "\(start.y)")
            }
            D.pump(for: .milliseconds(300))
            D.xdotool("mouseup", "1")
            XCTAssertTrue(D.pump { slider.isUnlocked }, "thumb at \(fraction(slider))")
        }
    }

    /// The longest format there may be, in wide characters, counting: the label ends in "…"
    /// and the window keeps its width (unclipped, these made a 360 px window 843 px wide).
    func testALongLabelIsCutShortAndNeverWidensTheWindow() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let format = try! LabelFormat(parsing: String(repeating: "宽", count: LabelFormat.longest - 3) + "{s}")
            let button = CountdownButton(format: format, timers: clock) { .seconds(5) }
            let window = Self.window(button.widget)
            defer { gtk_window_destroy(window.cast()) }
            let width = gtk_widget_get_width(window)
            button.startCooldown(.seconds(59))
            XCTAssertTrue(D.pump { D.text(button.caption).hasSuffix("59") })
            D.pump(for: .milliseconds(200))
            XCTAssertEqual(gtk_widget_get_width(window), width)
            XCTAssertLessThanOrEqual(width, 400)
            // The words are drawn by the inscription in the room the sizer has: cut short where
            // the sizer is.
            XCTAssertNotEqual(pango_layout_is_ellipsized(gtk_label_get_layout(button.sizer.opaque)), 0)
            XCTAssertEqual(
                gtk_inscription_get_text_overflow(button.caption.opaque), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
            XCTAssertEqual(gtk_widget_get_width(button.caption), gtk_widget_get_width(button.sizer))
        }
    }

    /// A new second changes the words that are drawn, not those that size the button: in
    /// figures of one width they take the same room, so the window is not laid out again each
    /// second. The room changes with the words' shape, at the start and the end of the count.
    func testANewSecondIsARedrawNotARelayout() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let button = CountdownButton(timers: clock) { .seconds(45) }
            let window = Self.window(button.widget)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertEqual(D.text(button.sizer), "获取验证码")
            button.startCooldown(.seconds(45))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码(45)" })
            XCTAssertEqual(D.text(button.sizer), "获取验证码(45)")
            clock.advance(by: .seconds(7))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码(38)" })
            XCTAssertEqual(D.text(button.sizer), "获取验证码(45)", "the same room: the sizer keeps its words")
            XCTAssertEqual(gtk_widget_get_width(button.caption), gtk_widget_get_width(button.sizer))
            clock.advance(by: .seconds(38))
            XCTAssertTrue(D.pump { D.text(button.caption) == "获取验证码" })
            XCTAssertEqual(D.text(button.sizer), "获取验证码")
        }
    }

    func testEachControlIsFoundFromItsWidgetAndNothingElseIs() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            let button = CountdownButton()
            let window = Self.window(slider.widget, button.widget)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(CountdownButton.of(button.widget) === button)
            XCTAssertTrue(SlideToUnlock.of(slider.widget) === slider)
            XCTAssertNil(CountdownButton.of(slider.widget))
            XCTAssertNil(SlideToUnlock.of(window))
        }
    }

    func testObservationsEndWithTheWidgetOrWhenCancelled() {
        MainActor.assumeIsolated {
            let clock = ManualTimerPort()
            let model = SlideUnlock(timers: clock)
            var unlocks = 0, cancelledUnlocks = 0
            do {
                let slider = SlideToUnlock(model: model)
                slider.onUnlock { unlocks += 1 }
                let cancelled = slider.onUnlock { cancelledUnlocks += 1 }
                cancelled.cancel()
                let window = Self.window(slider.widget)
                model.move(to: 1, by: .drag)
                XCTAssertEqual(unlocks, 1)
                gtk_window_destroy(window.cast())
                D.pump(for: .milliseconds(50))
            }
            model.lock()
            clock.advance(by: .seconds(1))
            model.move(to: 1, by: .drag)
            XCTAssertEqual(unlocks, 1, "the widget is gone: its observers are not called")
            XCTAssertEqual(cancelledUnlocks, 0)
        }
    }

    func testEveryWordOnTheSliderCanBeSet() {
        MainActor.assumeIsolated {
            let slider = SlideToUnlock()
            slider.model.hint = "Slide to send"
            slider.model.unlockedHint = "Done"
            slider.model.lockedAccessibleName = "Human check"
            slider.model.unlockedAccessibleName = "Human check, passed"
            slider.tooltip = "Drag to the end"
            slider.groupName = "Check"
            let window = Self.window(slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertEqual(D.text(slider.label), "Slide to send")
            XCTAssertEqual(String(cString: gtk_widget_get_tooltip_text(slider.scale)), "Drag to the end")
            D.drag(slider, to: 1.1)
            XCTAssertTrue(D.pump { D.text(slider.label) == "Done" })
            XCTAssertEqual(gtk_widget_get_has_tooltip(slider.scale), 0, "no drag to explain once unlocked")
            XCTAssertEqual(slider.tooltip, "Drag to the end", "the property keeps its text")
            slider.model.lock()
            XCTAssertTrue(D.pump { gtk_widget_get_has_tooltip(slider.scale) != 0 })
            XCTAssertEqual(String(cString: gtk_widget_get_tooltip_text(slider.scale)), "Drag to the end")
        }
    }

    /// Tab into the slider shows the keyboard hint on its track: GTK moves the focus first and
    /// turns the window's focus-visible on after it. Shift+Tab leaves the slider backwards.
    func testTabIntoTheSliderShowsTheFocusedHintAndShiftTabLeavesIt() {
        MainActor.assumeIsolated {
            let entry = gtk_entry_new()!
            let slider = SlideToUnlock()
            let window = Self.window(entry, slider.widget)
            defer { gtk_window_destroy(window.cast()) }
            gtk_widget_grab_focus(entry)
            gtk_window_set_focus_visible(window.cast(), 0)
            XCTAssertTrue(D.pump { D.text(slider.label) == "滑动解锁/获取验证码" })
            D.xdotool("key", "Tab")
            XCTAssertTrue(D.pump { D.hasFocus(slider.scale) }, "Tab focuses the thumb")
            XCTAssertTrue(D.pump { D.text(slider.label) == "按 → 键 10 次" }, "the track reads \(D.text(slider.label))")
            D.xdotool("key", "shift+Tab")
            XCTAssertTrue(D.pump { D.hasFocus(entry) }, "Shift+Tab goes back to the entry")
            XCTAssertTrue(D.pump { D.text(slider.label) == "滑动解锁/获取验证码" })
        }
    }

    /// An app's stylesheet at application priority restyles the controls even when it was
    /// added before the controls' own.
    func testTheAppsApplicationPriorityCSSWinsWhateverTheOrder() {
        MainActor.assumeIsolated {
            let button = CountdownButton()
            let window = Self.window(button.widget)
            defer { gtk_window_destroy(window.cast()) }
            let display = gdk_display_get_default()!
            let ours = try! XCTUnwrap(Stylesheet.provider)
            // The app's CSS first, then the controls': the order in which an app that styles
            // them up front meets the first control.
            gtk_style_context_remove_provider_for_display(display, ours)
            let app = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(app, "button.countdown-button { min-height: 77px; }", -1)
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(app), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            gtk_style_context_add_provider_for_display(display, ours, Stylesheet.priority)
            defer {
                gtk_style_context_remove_provider_for_display(display, OpaquePointer(app))
                g_object_unref(app)
            }
            XCTAssertTrue(
                D.pump { gtk_widget_get_height(button.widget) >= 77 }, "height \(gtk_widget_get_height(button.widget))")
        }
    }
}

/// Where the thumb is, as the model's fraction: the scale counts in percent.
@MainActor
private func fraction(_ slider: SlideToUnlock) -> Double {
    gtk_range_get_value(slider.scale.cast()) / 100
}
