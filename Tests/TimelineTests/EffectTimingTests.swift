//===----------------------------------------------------------------------===//
// TimelineTests: the Web Animations timing model (spec TL-11 to TL-14), with
// vectors from web-platform-tests web-animations/timing-model/animation-effects.
//===----------------------------------------------------------------------===//

import Testing
import Timeline

/// One WPT vector: a timing, a playback rate, and the expected value before
/// the active interval, at its boundary and after it (nil where not checked).
struct PhaseVector: Sendable, CustomStringConvertible {
  var iterations = 1.0
  var iterationStart = 0.0
  var duration = 0.0
  var delay = 1.0
  var endDelay = 0.0
  var playbackRate = 1.0
  var before: Double
  var active: Double?
  var after: Double?

  var description: String {
    "iterations \(iterations) start \(iterationStart) duration \(duration) delay \(delay) endDelay \(endDelay) rate \(playbackRate)"
  }

  func timing() throws -> EffectTiming {
    try EffectTiming(
      delay: delay, endDelay: endDelay, fill: .both, iterationStart: iterationStart,
      iterations: iterations, duration: duration)
  }

  /// Samples a property of the computed timing as WPT's
  /// assert_computed_timing_for_each_phase does.
  func check(_ property: (ComputedTiming) -> Double?) throws {
    let timing = try timing()
    let beforeActive = max(min(timing.delay, timing.endTime), 0)
    let activeAfter = max(min(timing.delay + timing.activeDuration, timing.endTime), 0)
    let forwards = playbackRate >= 0
    let beforeTime = forwards ? beforeActive - 1 : beforeActive
    #expect(
      property(timing.computedTiming(at: beforeTime, playbackRate: playbackRate)) == before,
      "before: \(self)")
    if timing.activeDuration > 0, let active {
      let time = forwards ? beforeActive : activeAfter
      #expect(
        property(timing.computedTiming(at: time, playbackRate: playbackRate)) == active,
        "active: \(self)")
    }
    if timing.activeDuration.isFinite, let after {
      let time = forwards ? activeAfter : activeAfter + 1
      #expect(
        property(timing.computedTiming(at: time, playbackRate: playbackRate)) == after,
        "after: \(self)")
    }
  }
}

@Suite("Effect timing")
struct EffectTimingTests {
  @Test("TL-11 phases at the boundaries, with delays, end delays and a negative rate")
  func phases() throws {
    func phases(
      _ timing: EffectTiming, rate: Double = 1, _ expected: [(Double, ComputedTiming.Phase)]
    ) {
      for (time, phase) in expected {
        #expect(
          timing.computedTiming(at: time, playbackRate: rate).phase == phase, "\(timing) at \(time)"
        )
      }
    }
    phases(try EffectTiming(duration: 1), [(-1, .before), (0, .active), (1, .after)])
    phases(try EffectTiming(delay: 1, duration: 1), [(0, .before), (1, .active), (2, .after)])
    phases(try EffectTiming(delay: -1, duration: 1), [(-2, .before), (-1, .before), (0, .after)])
    phases(
      try EffectTiming(endDelay: 1, duration: 1),
      [(-1, .before), (0, .active), (1, .after), (2, .after)])
    phases(
      try EffectTiming(endDelay: -1, duration: 2),
      [(-1, .before), (0, .active), (0.9, .active), (1, .after)])
    phases(try EffectTiming(endDelay: -1, duration: 1), [(-1, .before), (0, .after), (1, .after)])
    phases(
      try EffectTiming(endDelay: -2, duration: 1), [(-2, .before), (-1, .before), (0, .after)])
    phases(
      try EffectTiming(delay: 1, endDelay: -1, duration: 2),
      [(0, .before), (1, .active), (2, .after)])
    phases(
      try EffectTiming(delay: -1, endDelay: -1, duration: 1),
      [(-2, .before), (-1, .before), (0, .after)])
    phases(
      try EffectTiming(delay: -1, endDelay: -2, duration: 1),
      [(-3, .before), (-2, .before), (-1, .before), (0, .after)])
    phases(
      try EffectTiming(duration: 1), rate: -1,
      [(-1, .before), (0, .before), (1, .active), (2, .after)])
    #expect(try EffectTiming(duration: 1).computedTiming(at: nil).phase == .idle)
  }

  static let progressVectors: [PhaseVector] = [
    // Zero iterations.
    .init(iterations: 0, duration: 0, before: 0, after: 0),
    .init(iterations: 0, duration: 100, before: 0, after: 0),
    .init(iterations: 0, duration: .infinity, before: 0, after: 0),
    .init(iterations: 0, iterationStart: 2.5, duration: 0, before: 0.5, after: 0.5),
    .init(iterations: 0, iterationStart: 2.5, duration: 100, before: 0.5, after: 0.5),
    .init(iterations: 0, iterationStart: 2.5, duration: .infinity, before: 0.5, after: 0.5),
    .init(iterations: 0, iterationStart: 3, duration: 0, before: 0, after: 0),
    .init(iterations: 0, iterationStart: 3, duration: 100, before: 0, after: 0),
    // Integer iterations.
    .init(iterations: 3, duration: 0, before: 0, after: 1),
    .init(iterations: 3, duration: 100, before: 0, active: 0, after: 1),
    .init(iterations: 3, duration: .infinity, before: 0, active: 0),
    .init(iterations: 3, iterationStart: 2.5, duration: 0, before: 0.5, after: 0.5),
    .init(iterations: 3, iterationStart: 2.5, duration: 100, before: 0.5, active: 0.5, after: 0.5),
    .init(iterations: 3, iterationStart: 3, duration: 0, before: 0, after: 1),
    .init(iterations: 3, iterationStart: 3, duration: 100, before: 0, active: 0, after: 1),
    // Fractional iterations.
    .init(iterations: 3.5, duration: 0, before: 0, after: 0.5),
    .init(iterations: 3.5, duration: 100, before: 0, active: 0, after: 0.5),
    .init(iterations: 3.5, iterationStart: 2.5, duration: 0, before: 0.5, after: 1),
    .init(iterations: 3.5, iterationStart: 2.5, duration: 100, before: 0.5, active: 0.5, after: 1),
    .init(iterations: 3.5, iterationStart: 3, duration: 0, before: 0, after: 0.5),
    .init(iterations: 3.5, iterationStart: 3, duration: 100, before: 0, active: 0, after: 0.5),
    // Infinite iterations.
    .init(iterations: .infinity, duration: 0, before: 0, after: 1),
    .init(iterations: .infinity, duration: 100, before: 0, active: 0),
    .init(iterations: .infinity, iterationStart: 2.5, duration: 0, before: 0.5, after: 0.5),
    .init(iterations: .infinity, iterationStart: 2.5, duration: 100, before: 0.5, active: 0.5),
    .init(iterations: .infinity, iterationStart: 3, duration: 0, before: 0, after: 1),
    // End delays.
    .init(duration: 100, endDelay: 50, before: 0, active: 0, after: 1),
    .init(duration: 100, endDelay: -50, before: 0, active: 0, after: 0.5),
    .init(duration: 100, endDelay: -100, before: 0, active: 0, after: 0),
    .init(duration: 100, endDelay: -200, before: 0, active: 0, after: 0),
    .init(iterationStart: 0.5, duration: 100, endDelay: 50, before: 0.5, active: 0.5, after: 0.5),
    .init(iterationStart: 0.5, duration: 100, endDelay: -50, before: 0.5, active: 0.5, after: 0),
    .init(iterationStart: 0.5, duration: 100, endDelay: -100, before: 0.5, active: 0.5, after: 0.5),
    .init(iterations: 2, duration: 100, endDelay: -100, before: 0, active: 0, after: 0),
    .init(
      iterations: 1, iterationStart: 2, duration: 100, endDelay: -50, before: 0, active: 0,
      after: 0.5),
    .init(
      iterations: 1, iterationStart: 2, duration: 100, endDelay: -100, before: 0, active: 0,
      after: 0),
    // Negative playback rate.
    .init(duration: 1, playbackRate: -1, before: 0, active: 1, after: 1),
    .init(duration: 0, playbackRate: -1, before: 0, after: 1),
    .init(iterations: 0, duration: 0, playbackRate: -1, before: 0, after: 0),
  ]

  @Test(
    "TL-12 iteration progress in every phase (WPT simple-iteration-progress)",
    arguments: progressVectors)
  func simpleIterationProgress(vector: PhaseVector) throws {
    try vector.check(\.progress)
  }

  static let iterationVectors: [PhaseVector] = [
    .init(iterations: 0, duration: 0, before: 0, after: 0),
    .init(iterations: 0, iterationStart: 2.5, duration: 100, before: 2, after: 2),
    .init(iterations: 0, iterationStart: 3, duration: .infinity, before: 3, after: 3),
    .init(iterations: 3, duration: 0, before: 0, after: 2),
    .init(iterations: 3, duration: 100, before: 0, active: 0, after: 2),
    .init(iterations: 3, iterationStart: 2.5, duration: 0, before: 2, after: 5),
    .init(iterations: 3, iterationStart: 2.5, duration: 100, before: 2, active: 2, after: 5),
    .init(iterations: 3, iterationStart: 3, duration: 100, before: 3, active: 3, after: 5),
    .init(iterations: 3.5, duration: 100, before: 0, active: 0, after: 3),
    .init(iterations: 3.5, iterationStart: 2.5, duration: 0, before: 2, after: 5),
    .init(iterations: 3.5, iterationStart: 3, duration: 0, before: 3, after: 6),
    .init(iterations: 3.5, iterationStart: 3, duration: 100, before: 3, active: 3, after: 6),
    .init(iterations: .infinity, duration: 0, before: 0, after: .infinity),
    .init(iterations: .infinity, iterationStart: 2.5, duration: 0, before: 2, after: .infinity),
    .init(iterations: .infinity, iterationStart: 3, duration: 100, before: 3, active: 3),
    .init(duration: 100, endDelay: 50, before: 0, active: 0, after: 0),
    .init(iterationStart: 0.5, duration: 100, endDelay: 50, before: 0, active: 0, after: 1),
    .init(iterationStart: 0.5, duration: 100, endDelay: -50, before: 0, active: 0, after: 1),
    .init(iterationStart: 0.5, duration: 100, endDelay: -100, before: 0, active: 0, after: 0),
    .init(iterations: 2, duration: 100, endDelay: -100, before: 0, active: 0, after: 1),
    .init(
      iterations: 1, iterationStart: 2, duration: 100, endDelay: -50, before: 2, active: 2, after: 2
    ),
    .init(duration: 1, playbackRate: -1, before: 0, active: 0, after: 0),
    .init(iterations: 2, duration: 1, playbackRate: -1, before: 0, active: 1, after: 1),
    .init(duration: 0, playbackRate: -1, before: 0, after: 0),
  ]

  @Test(
    "TL-12 current iteration in every phase (WPT current-iteration)", arguments: iterationVectors)
  func currentIteration(vector: PhaseVector) throws {
    try vector.check(\.currentIteration)
  }

  @Test("TL-12 fill none leaves the effect unresolved outside its active interval")
  func fillNone() throws {
    for fill in [EffectTiming.FillMode.none, .auto] {
      let timing = try EffectTiming(delay: 1, fill: fill, duration: 1)
      #expect(timing.computedTiming(at: 0.5).progress == nil)
      #expect(timing.computedTiming(at: 0.5).currentIteration == nil)
      #expect(timing.computedTiming(at: 2).progress == nil)
      #expect(timing.computedTiming(at: 1.5).progress == 0.5)
    }
    let forwards = try EffectTiming(fill: .forwards, duration: 1)
    #expect(forwards.computedTiming(at: -1).progress == nil)
    #expect(forwards.computedTiming(at: 5).progress == 1)
    let backwards = try EffectTiming(delay: 1, fill: .backwards, duration: 1)
    #expect(backwards.computedTiming(at: 0).progress == 0)
    #expect(backwards.computedTiming(at: 5).progress == nil)
  }

  @Test("TL-13 directions turn the simple progress into the directed progress")
  func directions() throws {
    func directed(_ direction: EffectTiming.PlaybackDirection, at time: Double) throws -> Double? {
      try EffectTiming(fill: .both, iterations: 3, duration: 1, direction: direction)
        .computedTiming(at: time).directedProgress
    }
    // Iteration 0 at 0.25, iteration 1 at 1.25, the end of iteration 2 at 3.
    #expect(try directed(.normal, at: 0.25) == 0.25)
    #expect(try directed(.normal, at: 1.25) == 0.25)
    #expect(try directed(.reverse, at: 0.25) == 0.75)
    #expect(try directed(.alternate, at: 0.25) == 0.25)
    #expect(try directed(.alternate, at: 1.25) == 0.75)
    #expect(try directed(.alternate, at: 3) == 1, "iteration 2 runs forwards and ends at 1")
    #expect(try directed(.alternateReverse, at: 0.25) == 0.75)
    #expect(try directed(.alternateReverse, at: 1.25) == 0.25)
    #expect(try directed(.alternateReverse, at: 3) == 0)
  }

  @Test("TL-13 the effect easing gives the iteration progress, with the before flag")
  func easingAndBeforeFlag() throws {
    let eased = try EffectTiming(fill: .both, duration: 2, easing: .easeIn)
    #expect(eased.computedTiming(at: 1).progress == Easing.easeIn.value(at: 0.5))
    // steps(5, start) with a 1 s delay and backwards fill: 0 during the delay
    // (before flag), 0.2 at the start of the active interval.
    let steps = try EffectTiming(
      delay: 1, fill: .backwards, duration: 1,
      easing: .steps(StepEasing(count: 5, position: .jumpStart)))
    #expect(steps.computedTiming(at: 0.5).progress == 0)
    #expect(steps.computedTiming(at: 1).progress == 0.2)
  }

  @Test("TL-14 invalid timing fields are typed errors naming the field")
  func invalidFields() {
    #expect(throws: TimelineError.invalidTiming(field: "iterations", value: -1)) {
      try EffectTiming(iterations: -1)
    }
    #expect(throws: TimelineError.invalidTiming(field: "duration", value: -1)) {
      try EffectTiming(duration: -1)
    }
    #expect(throws: TimelineError.invalidTiming(field: "iterationStart", value: -0.5)) {
      try EffectTiming(iterationStart: -0.5)
    }
    #expect(throws: TimelineError.invalidTiming(field: "delay", value: .infinity)) {
      try EffectTiming(delay: .infinity)
    }
    #expect(throws: TimelineError.self) { try EffectTiming(iterations: .nan) }
    #expect(throws: TimelineError.self) { try EffectTiming(endDelay: .nan) }
  }
}
