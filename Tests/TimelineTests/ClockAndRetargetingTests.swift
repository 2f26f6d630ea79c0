//===----------------------------------------------------------------------===//
// TimelineTests: playback, clocks and retargeting (spec TL-15, TL-19, TL-20).
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("Playback, clocks and retargeting")
struct ClockAndRetargetingTests {
  @Test("TL-15 rate changes, negative and zero rates, pause and play keep the current time")
  func playback() {
    var playback = Playback(startTime: 10)
    #expect(playback.currentTime(at: 11) == 1)
    playback.setPlaybackRate(-2, at: 11)
    #expect(playback.currentTime(at: 11) == 1)
    #expect(playback.currentTime(at: 11.25) == 0.5)
    playback.setPlaybackRate(0, at: 11.25)
    #expect(playback.currentTime(at: 50) == 0.5, "rate 0 holds")
    playback.setPlaybackRate(1, at: 50)
    #expect(playback.currentTime(at: 51) == 1.5)
    playback.pause(at: 51)
    #expect(playback.isPaused)
    #expect(playback.currentTime(at: 99) == 1.5)
    playback.setPlaybackRate(2, at: 99)
    #expect(playback.currentTime(at: 100) == 1.5, "still paused after a rate change")
    playback.play(at: 100)
    #expect(playback.currentTime(at: 100.5) == 2.5)
    playback.seek(to: 0, at: 101)
    #expect(playback.currentTime(at: 101.5) == 1)
  }

  @Test("TL-19 the manual clock moves only forwards, when told")
  func manualClock() throws {
    var clock = ManualClock()
    #expect(clock.now == 0)
    try clock.advance(by: 0.5)
    try clock.advance(to: 2)
    #expect(clock.now == 2)
    #expect(throws: TimelineError.invalidDuration(seconds: -1)) { try clock.advance(by: -1) }
    #expect(throws: TimelineError.invalidTime(seconds: 1)) { try clock.advance(to: 1) }
    #expect(throws: TimelineError.self) { try clock.advance(by: .nan) }
    #expect(clock.now == 2, "a refused step leaves the clock where it was")
  }

  @Test("TL-19 the monotonic clock starts near 0 and never goes backwards")
  func monotonicClock() {
    let clock = MonotonicClock()
    var previous = clock.now
    #expect(previous >= 0 && previous < 1)
    for _ in 0..<10_000 {
      let now = clock.now
      #expect(now >= previous)
      previous = now
    }
  }

  @Test("TL-20 restarting from presentation keeps the value; preserving velocity keeps both")
  func retargeting() throws {
    let tween = try Tween(
      from: 0, to: 100, start: 0, timing: AnimationTiming(duration: 1, easing: .easeInOut))
    let time = 0.3
    let shown = tween.value(at: time)
    let shownVelocity = tween.velocity(at: time)
    // The velocity, checked against a central difference of the value.
    let h = 1e-6
    let numeric = (tween.value(at: time + h) - tween.value(at: time - h)) / (2 * h)
    #expect(abs(shownVelocity - numeric) < 1e-4 * abs(numeric))

    let restarted = try tween.retargeted(to: 20, at: time, timing: AnimationTiming(duration: 0.5))
    #expect(restarted.value(at: time) == shown)
    #expect(restarted.to == 20 && restarted.start == time)

    let spring = try tween.retargeted(to: 20, at: time, spring: Spring(duration: 0.4, bounce: 0.2))
    #expect(spring.value(at: time) == shown)
    #expect(abs(spring.velocity(at: time) - shownVelocity) < 1e-9 * abs(shownVelocity))
    #expect(spring.value(at: spring.end) == 20)
    #expect(spring.value(at: spring.end + 5) == 20)
  }

  @Test("TL-20 a linear tween's velocity is distance over duration, 0 outside it")
  func linearVelocity() throws {
    let tween = try Tween(from: 2, to: 6, start: 1, timing: AnimationTiming(duration: 2))
    #expect(tween.velocity(at: 2) == 2)
    #expect(tween.velocity(at: 0.5) == 0)
    #expect(tween.velocity(at: 3) == 0)
  }
}
