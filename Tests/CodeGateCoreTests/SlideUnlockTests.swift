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

    @Test func arrowStepsReachTheEndWithoutKeyRepeat() {
        let slider = SlideUnlock(timers: clock, stepPatience: .milliseconds(1500))
        for step in 1...10 {
            slider.move(to: Double(step) * 0.1, by: .step)
            #expect(!slider.isGlidingBack)
            // One press a second: slower than any key repeat, within the thumb's patience.
            clock.advance(by: .seconds(1))
        }
        #expect(slider.isUnlocked)
        #expect(slider.state.valueText == "已滑到最右端")
        clock.advance(by: .seconds(10))
        #expect(slider.isUnlocked, "an unlocked thumb stays at the end")
    }

    @Test func aPauseInTheStepsGlidesTheThumbBack() {
        let slider = SlideUnlock(timers: clock, stepPatience: .milliseconds(1500))
        slider.move(to: 0.1, by: .step)
        slider.move(to: 0.2, by: .step)
        #expect(slider.state.valueText == "已滑动 20%")
        clock.advance(by: .milliseconds(1499))
        #expect(slider.value == 0.2, "the thumb waits for the next press")
        clock.advance(by: .milliseconds(1))
        #expect(slider.state.phase == .gliding)
        clock.advance(by: .seconds(1))
        #expect(slider.state == SliderState(position: 0, phase: .locked, hint: "滑动解锁/获取验证码",
                                            accessibleName: "滑动验证，未通过", valueText: "已滑动 0%"))
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
        #expect(slider.state == SliderState(position: 0, phase: .locked, hint: "滑动解锁/获取验证码",
                                            accessibleName: "滑动验证，未通过", valueText: "已滑动 0%"))
        slider.move(to: 1, by: .drag)
        #expect(slider.state == SliderState(position: 1, phase: .unlocked, hint: "验证通过",
                                            accessibleName: "滑动验证，已通过", valueText: "已滑到最右端"))
    }

    @Test func lockGlidesBackFromTheEnd() {
        let slider = SlideUnlock(timers: clock)
        slider.move(to: 1, by: .drag)
        slider.lock()
        #expect(!slider.isUnlocked)
        #expect(slider.value == 1)
        #expect(slider.isGlidingBack)
        clock.advance(by: .seconds(1))
        #expect(slider.value == 0)
    }
}
