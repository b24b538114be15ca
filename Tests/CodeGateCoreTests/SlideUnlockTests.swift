import CodeGateCore
import Testing

@MainActor
@Suite struct SlideUnlockTests {
    let clock = ManualClock()

    @Test func dragToTheEndUnlocksAndPinsTheThumb() {
        let slider = SlideUnlock(clock: clock)
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
        let slider = SlideUnlock(clock: clock, threshold: 0.98)
        slider.move(to: 0.979, by: .drag)
        #expect(!slider.isUnlocked)
    }

    @Test func jumpsPagesAndBoundariesAreRefused() {
        let slider = SlideUnlock(clock: clock)
        for input in [SlideInput.jump, .page, .boundary] {
            #expect(!slider.move(to: 1, by: input))
        }
        #expect(slider.value == 0)
        #expect(!slider.isUnlocked)
    }

    @Test func arrowStepsCanReachTheEnd() {
        let slider = SlideUnlock(clock: clock)
        for step in 1...20 {
            slider.move(to: Double(step) * 0.05, by: .step)
        }
        #expect(slider.isUnlocked)
    }

    @Test func earlyReleaseGlidesBackWithEaseOut() {
        let slider = SlideUnlock(clock: clock, snapBackDuration: .milliseconds(250))
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

    @Test func snapBackIsMonotonicAndEndsAtZero() {
        let glide = SnapBack(from: 0.8, start: .seconds(10), duration: .milliseconds(250))
        let values = stride(from: 0, through: 300, by: 25).map { glide.value(at: .seconds(10) + .milliseconds($0)) }
        #expect(values.first == 0.8)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(values.last == 0)
        #expect(glide.value(at: .seconds(9)) == 0.8, "before the release it has not moved")
    }

    @Test func releaseWithoutAnimationsIsInstant() {
        let slider = SlideUnlock(clock: clock)
        slider.animates = false
        slider.move(to: 0.6, by: .drag)
        slider.release()
        #expect(slider.value == 0)
        #expect(!slider.isGlidingBack)
    }

    @Test func grabbingDuringTheGlideStopsIt() {
        let slider = SlideUnlock(clock: clock)
        slider.move(to: 0.6, by: .drag)
        slider.release()
        clock.advance(by: .milliseconds(50))
        slider.move(to: 0.4, by: .drag)
        #expect(!slider.isGlidingBack)
        clock.advance(by: .seconds(1))
        #expect(slider.value == 0.4)
    }

    @Test func settleClearsAFinishedGlideOnly() {
        let slider = SlideUnlock(clock: clock)
        var notifications = 0
        slider.changes.add { notifications += 1 }
        slider.move(to: 0.6, by: .drag)
        slider.release()
        slider.settle()
        #expect(notifications == 2, "settle during the glide does nothing")
        clock.advance(by: .seconds(1))
        slider.settle()
        #expect(notifications == 3)
        slider.move(to: 0.3, by: .drag)
        slider.release()
        #expect(slider.isGlidingBack, "a settled slider glides back again")
    }

    @Test func lockGlidesBackFromTheEnd() {
        let slider = SlideUnlock(clock: clock)
        slider.move(to: 1, by: .drag)
        slider.lock()
        #expect(!slider.isUnlocked)
        #expect(slider.value == 1)
        #expect(slider.isGlidingBack)
        clock.advance(by: .seconds(1))
        #expect(slider.value == 0)
    }
}
