//===----------------------------------------------------------------------===//
// TimelineTests: timings and tweens (spec TL-5, TL-6).
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("Tween")
struct TweenTests {
  @Test(
    "TL-5 a duration must be finite and not negative",
    arguments: [-1, -0.001, Double.nan, .infinity])
  func invalidDuration(duration: Double) {
    let error = #expect(throws: TimelineError.self) { try AnimationTiming(duration: duration) }
    guard case .invalidDuration(let seconds) = error else {
      Issue.record("expected invalidDuration, got \(String(describing: error))")
      return
    }
    #expect(seconds == duration || (seconds.isNaN && duration.isNaN))
  }

  @Test("TL-5 zero and positive durations are valid; scaling keeps the easing")
  func validDurations() throws {
    #expect(try AnimationTiming(duration: 0).duration == 0)
    let timing = try AnimationTiming(duration: 2, easing: .easeIn)
    #expect(timing.scaled(by: 0.25) == (try AnimationTiming(duration: 0.5, easing: .easeIn)))
    #expect(timing.scaled(by: 3).duration == 2)
    #expect(timing.scaled(by: .nan).duration == 0)
  }

  @Test("TL-6 a tween holds from before its start, is exact at its end and eases between")
  func tweenSampling() throws {
    let tween = try Tween(from: 0.1, to: 0.7, start: 2, timing: AnimationTiming(duration: 0.5))
    #expect(tween.value(at: 1) == 0.1)
    #expect(tween.value(at: 2) == 0.1)
    #expect(abs(tween.value(at: 2.25) - 0.4) < 1e-15)
    #expect(tween.value(at: 2.5) == 0.7)
    #expect(tween.value(at: 1e9) == 0.7)
    #expect(tween.end == 2.5)
    #expect(!tween.isFinished(at: 2.4999) && tween.isFinished(at: 2.5))
    let eased = try Tween(
      from: 0, to: 10, start: 0, timing: AnimationTiming(duration: 1, easing: .easeIn))
    #expect(abs(eased.value(at: 0.5) - 10 * Easing.easeIn.value(at: 0.5)) < 1e-12)
  }

  @Test("TL-6 far from 0 a tween is still exactly at its end at `end`, where isFinished says so")
  func tweenEndFarFromZero() throws {
    // 4,320,005.057265182 + 0.1: the elapsed time at `end` is a hair short
    // of 0.1, which left the value 3.7e-9 short of 0 (found by MS-7).
    var failures: [Double] = []
    for start in [4_320_005.057265182, 1e6 + 0.1, 86_400 * 30 + 1.0 / 3, 123_456.789] {
      for duration in [0.1, 0.25, 1.0 / 3, 0.7] {
        let tween = try Tween(
          from: 1, to: 0, start: start, timing: AnimationTiming(duration: duration))
        if tween.isFinished(at: tween.end) && tween.value(at: tween.end) != 0 {
          failures.append(start)
        }
        #expect(tween.fraction(at: tween.end) == 1)
        #expect(tween.fraction(at: tween.end.nextDown) <= 1)
      }
    }
    #expect(failures.isEmpty, "not at the end at `end`: starts \(failures)")
  }

  @Test("TL-6 a zero-length tween jumps at its start; non-finite input is an error")
  func degenerateTweens() throws {
    let jump = try Tween(from: 0, to: 1, start: 5, timing: .immediate)
    #expect(jump.value(at: 4.999) == 0)
    #expect(jump.value(at: 5) == 1)
    #expect(throws: TimelineError.nonFiniteValue(.infinity)) {
      try Tween(from: .infinity, to: 1, start: 0, timing: .immediate)
    }
    #expect(throws: TimelineError.self) {
      try Tween(from: 0, to: .nan, start: 0, timing: .immediate)
    }
    #expect(throws: TimelineError.invalidTime(seconds: .infinity)) {
      try Tween(from: 0, to: 1, start: .infinity, timing: .immediate)
    }
  }
}
