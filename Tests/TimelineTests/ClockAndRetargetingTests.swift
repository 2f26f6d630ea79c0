//===----------------------------------------------------------------------===//
// TimelineTests: playback, clocks and retargeting (spec TL-15, TL-19, TL-20).
//===----------------------------------------------------------------------===//

import ProgressTestingCore
import Synchronization
import Testing
import Timeline

/// Whether a sleeping task woke.
final class WakeFlag: Sendable {
  private let raised = Atomic<Bool>(false)
  var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
  func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
}

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

  @Test("TL-19 sampling is a function of the time given: a clock's reading is only an argument")
  func timeIsAnInput() throws {
    let tween = try Tween(
      from: 0, to: 100, start: 0, timing: AnimationTiming(duration: 1, easing: .easeInOut))
    let clock = TestClock()
    var values: [Double] = []
    for _ in 0..<4 {
      clock.advance(by: .milliseconds(250))
      // A host reads its clock and converts with the standard library's division.
      let time = clock.now.offset / .seconds(1)
      values.append(tween.value(at: time))
      #expect(tween.value(at: time) == tween.value(at: time), "the same time, the same value")
    }
    #expect(values == [0.25, 0.5, 0.75, 1].map { tween.value(at: $0) })
    #expect(values.last == 100)
  }

  @Test("TL-19 the test clock moves only when told; a sleep ends when an advance reaches it")
  func testClock() async throws {
    let clock = TestClock()
    #expect(clock.now.offset == .zero)
    clock.advance(by: .seconds(-1))
    clock.advance(by: .zero)
    #expect(clock.now.offset == .zero, "a step that is not positive does nothing")
    let deadline = clock.now.advanced(by: .seconds(2))
    let woke = WakeFlag()
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await clock.sleep(until: deadline)
        woke.raise()
      }
      clock.advance(by: .seconds(1))
      try await Task.sleep(for: .milliseconds(50))
      #expect(!woke.isRaised, "not before its deadline")
      clock.advance(by: .milliseconds(1500))
      try await group.waitForAll()
    }
    #expect(woke.isRaised)
    // A deadline already passed returns at once; a cancelled sleep throws.
    try await clock.sleep(until: deadline)
    let cancelled = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
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
