import CodeGateCore
import CodeGateTestSupport
import Testing

@MainActor
@Suite struct SlideUnlockTests {
    let clock = ManualTimerPort()

    @Test func dragToTheEndUnlocksAndPinsTheThumb() {
        let slider = SlideUnlock(timers: clock)
        #expect(slider.move(to: 0.5, by: .drag))
        #expect(!slider.isUnlocked)
        #expect(slider.move(to: 0.985, by: .drag))
        #expect(slider.isUnlocked)
        #expect(slider.value == 1)
        #expect(!slider.move(to: 0.2, by: .drag), "an unlocked thumb stays at the end")
        slider.release()
        #expect(slider.value == 1)
    }

    @Test func justBelowTheThresholdStaysLocked() {
        let slider = SlideUnlock(timers: clock, threshold: 0.98)
        slider.move(to: 0.979, by: .drag)
        #expect(!slider.isUnlocked)
    }

    @Test func jumpsPagesAndBoundariesAreRefused() {
        let slider = SlideUnlock(timers: clock)
        for input in [SlideInput.jump, .page, .boundary] {
            #expect(!slider.move(to: 1, by: input))
        }
        #expect(slider.value == 0)
        #expect(!slider.isUnlocked)
    }

    @Test func stepsHaveNoTimeLimitAndSayWhereTheThumbIs() {
        let slider = SlideUnlock(timers: clock)
        #expect(slider.state.description == "按 → 键 10 次，或点击滑块 10 次，滑到最右端")
        var heard: [String] = []
        for step in 1...10 {
            slider.move(to: Double(step) * 0.1, by: .step)
            heard.append(slider.state.description)
            #expect(!slider.isGlidingBack)
            // One press a minute: as slow as anyone needs.
            clock.advance(by: .seconds(60))
            #expect(slider.value == (step == 10 ? 1 : Double(step) * 0.1), "the thumb waits, however long")
        }
        #expect(slider.isUnlocked)
        #expect(heard.prefix(3) == ["已滑动 10%，还需 9 步", "已滑动 20%，还需 8 步", "已滑动 30%，还需 7 步"])
        #expect(heard[8] == "已滑动 90%，还需 1 步")
        #expect(Set(heard).count == 10, "every step is heard as a change")
        #expect(slider.state.valueText == "已滑到最右端")
        #expect(slider.state.description == "")
    }

    /// GTK mirrors the track in a right-to-left language: the words name ← and the left end.
    @Test func aMirroredTrackIsWordedWithTheLeftArrowAndTheLeftEnd() {
        let slider = SlideUnlock(timers: clock)
        var changes = 0
        slider.changes.add { changes += 1 }
        slider.isMirrored = true
        #expect(changes == 1, "the words shown change")
        #expect(slider.state.description == "按 ← 键 10 次，或点击滑块 10 次，滑到最左端")
        #expect(slider.state.focusHint == "按 ← 键 10 次")
        slider.move(to: 1, by: .step)
        #expect(slider.state.valueText == "已滑到最左端")
        slider.isMirrored = false
        #expect(slider.state.valueText == "已滑到最右端")
        #expect(slider.keyboardHint == "按 → 键 10 次，或点击滑块 10 次，滑到最右端")
    }

    @Test func anAppsOwnWordsStandForBothDirections() {
        let slider = SlideUnlock(timers: clock)
        slider.keyboardHint = "Slide it"
        slider.unlockedPositionText = "Done"
        slider.isMirrored = true
        #expect(slider.keyboardHint == "Slide it")
        #expect(slider.unlockedPositionText == "Done")
    }

    /// Steps are keyboard (and click) wording: a thumb dragged part-way keeps the track's hint.
    @Test func aDraggedThumbShowsTheHintNotSteps() {
        let slider = SlideUnlock(timers: clock)
        #expect(slider.move(to: 0.45, by: .drag))
        #expect(slider.state.focusHint == "滑动解锁/获取验证码")
        #expect(slider.stepForward())
        #expect(slider.state.focusHint == "已滑动 55%，还需 5 步", "a step after the drag is counted again")
    }

    @Test func tenClicksOnTheThumbUnlockAndNoneJumps() {
        let slider = SlideUnlock(timers: clock)
        for _ in 1...9 {
            #expect(slider.stepForward())
            #expect(!slider.isUnlocked, "no single click reaches the end")
        }
        #expect(slider.state.focusHint == "已滑动 90%，还需 1 步")
        slider.stepForward()
        #expect(slider.isUnlocked)
        #expect(!slider.stepForward(), "an unlocked thumb stays put")
    }

    @Test func aThumbLetGoEarlySaysItWentBack() {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 0.4, by: .drag)
        slider.release()
        clock.advance(by: .seconds(1))
        #expect(
            slider.state
                == SliderState(
                    position: 0, phase: .locked, hint: "滑动解锁/获取验证码",
                    accessibleName: "滑动解锁/获取验证码，未通过", valueText: "已滑动 0%",
                    description: "滑块已退回起点\n按 → 键 10 次，或点击滑块 10 次，滑到最右端",
                    focusHint: "按 → 键 10 次"))
        slider.stepForward()
        #expect(slider.state.description == "已滑动 10%，还需 9 步", "moving again, the news is the step")
    }

    @Test func aDragWaitsForTheReleaseNotForAPause() {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 0.5, by: .drag)
        clock.advance(by: .seconds(10))
        #expect(slider.value == 0.5)
        slider.release()
        #expect(slider.isGlidingBack)
    }

    @Test func earlyReleaseGlidesBackWithEaseOut() {
        let slider = SlideUnlock(timers: clock, glideDuration: .milliseconds(250))
        slider.move(to: 0.5, by: .drag)
        slider.release()
        #expect(slider.isGlidingBack)
        #expect(slider.value == 0.5)
        clock.advance(by: .milliseconds(125))
        #expect(slider.value == 0.0625, "half-way through an ease-out cubic: 0.5 × 0.5³")
        clock.advance(by: .milliseconds(125))
        #expect(slider.value == 0)
        #expect(!slider.isGlidingBack)
    }

    @Test func glideBackIsMonotonicAndEndsAtZero() {
        let start = clock.now
        let glide = GlideBack(from: 0.8, start: start, duration: .milliseconds(250))
        let values = stride(from: 0, through: 300, by: 25).map { glide.value(at: start + .milliseconds($0)) }
        #expect(values.first == 0.8)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(values.last == 0)
        #expect(glide.value(at: start - .seconds(1)) == 0.8, "before the release it has not moved")
    }

    @Test func releaseWithoutAnimationsIsInstant() {
        let slider = SlideUnlock(timers: clock)
        slider.animates = false
        slider.move(to: 0.6, by: .drag)
        slider.release()
        #expect(slider.value == 0)
        #expect(!slider.isGlidingBack)
    }

    @Test func grabbingDuringTheGlideStopsIt() {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 0.6, by: .drag)
        slider.release()
        clock.advance(by: .milliseconds(50))
        slider.move(to: 0.4, by: .drag)
        #expect(!slider.isGlidingBack)
        clock.advance(by: .seconds(1))
        #expect(slider.value == 0.4)
    }

    @Test func theGlideSchedulesItsOwnFramesAndSettles() {
        let slider = SlideUnlock(timers: clock, glideDuration: .milliseconds(250), frameInterval: .milliseconds(16))
        var positions: [Double] = []
        var phases: [SliderState.Phase] = []
        slider.changes.add {
            positions.append(slider.state.position)
            phases.append(slider.state.phase)
        }
        slider.move(to: 0.6, by: .drag)
        slider.release()
        #expect(slider.state.phase == .gliding)
        clock.advance(by: .seconds(1))
        #expect(positions.count == 2 + 16, "the move, the release, 15 frames of 16 ms and the end at 250 ms")
        #expect(zip(positions.dropFirst(), positions.dropFirst(2)).allSatisfy { $0 >= $1 })
        #expect(positions.last == 0)
        #expect(phases.last == .locked)
        #expect(clock.pendingCount == 0, "a settled slider holds no timer")
        slider.move(to: 0.3, by: .drag)
        slider.release()
        #expect(slider.isGlidingBack, "a settled slider glides back again")
    }

    @Test func stateNamesThePhaseAndTheHint() {
        let slider = SlideUnlock(timers: clock)
        #expect(
            slider.state
                == SliderState(
                    position: 0, phase: .locked, hint: "滑动解锁/获取验证码",
                    accessibleName: "滑动解锁/获取验证码，未通过", valueText: "已滑动 0%",
                    description: "按 → 键 10 次，或点击滑块 10 次，滑到最右端", focusHint: "按 → 键 10 次"))
        slider.move(to: 1, by: .drag)
        #expect(
            slider.state
                == SliderState(
                    position: 1, phase: .unlocked, hint: "验证通过",
                    accessibleName: "验证通过", valueText: "已滑到最右端",
                    description: "", focusHint: "按 → 键 10 次"))
    }

    /// The app locks (a failure, the end of a cooldown) and hands the slider the focus: no
    /// glide, whose frames a screen reader would hear as values.
    @Test func lockGoesBackAtOnce() {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 1, by: .drag)
        slider.lock()
        #expect(!slider.isUnlocked)
        #expect(slider.value == 0)
        #expect(!slider.isGlidingBack)
        #expect(slider.state.valueText == "已滑动 0%")
    }

    /// Where the toolkit announces values (GTK after 4.8), a step's progress is the value's
    /// words alone; the description keeps the keyboard hint, so the progress is heard once.
    @Test func anAnnouncedValueCarriesTheProgress() {
        let slider = SlideUnlock(timers: clock)
        slider.stepForward()
        #expect(slider.state.valueText == "已滑动 10%")
        #expect(slider.state.description == "已滑动 10%，还需 9 步")
        slider.announcesValue = true
        #expect(slider.state.valueText == "已滑动 10%，还需 9 步")
        #expect(slider.state.description == "按 → 键 10 次，或点击滑块 10 次，滑到最右端")
    }

    /// Gliding back after an early release, the value's words say where the thumb is going, as
    /// the value reported then does.
    @Test func aGlideSaysWhereTheThumbGoes() {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 0.5, by: .drag)
        slider.release()
        #expect(slider.isGlidingBack)
        #expect(slider.state.valueText == "已滑动 0%")
    }
}
