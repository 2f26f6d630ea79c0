//===----------------------------------------------------------------------===//
// TimelineTests: the step easings at their boundaries, in every phase and
// direction (spec TL-7, TL-13), with the values of web-platform-tests
// web-animations/timing-model/time-transformations/transformed-progress.html
// ("Test bounds point of …"). Its step outputs outside [0, 1]
// (css/css-easing/step-timing-functions-output.html) are KeyframeTrackTests'.
//===----------------------------------------------------------------------===//

import Testing
import Timeline

/// One of WPT's step-boundary cases: an effect's timing, and the progress
/// expected at each current time (milliseconds, as WPT writes them).
struct StepBoundaryVector: Sendable, CustomStringConvertible {
  var name: String
  var steps: Int
  var position: StepEasing.Position
  var iterations = 1.0
  var iterationStart = 0.0
  var direction = EffectTiming.PlaybackDirection.normal
  /// Current time in ms: expected progress.
  var expected: KeyValuePairs<Double, Double>

  var description: String { name }

  func timing() throws -> EffectTiming {
    try EffectTiming(
      delay: 1, fill: .both, iterationStart: iterationStart, iterations: iterations, duration: 1,
      direction: direction, easing: .steps(StepEasing(count: steps, position: position)))
  }
}

@Suite("Step easings at their boundaries (WPT vectors)")
struct StepBoundaryVectorTests {
  /// Every case of transformed-progress.html's `gStepTimingFunctionTests`:
  /// a delay of 1 s, a duration of 1 s, fill both.
  static let vectors: [StepBoundaryVector] = [
    .init(
      name: "step-start", steps: 2, position: .jumpStart,
      expected: [0: 0, 999: 0, 1000: 0.5, 1499: 0.5, 1500: 1, 2000: 1]),
    .init(
      name: "step-start, reverse", steps: 2, position: .jumpStart, direction: .reverse,
      expected: [0: 1, 1001: 1, 1500: 1, 1501: 0.5, 2000: 0, 2500: 0]),
    .init(
      name: "step-start, iterationStart 0.25", steps: 2, position: .jumpStart,
      iterationStart: 0.25,
      expected: [
        0: 0.5, 999: 0.5, 1000: 0.5, 1249: 0.5, 1250: 1, 1749: 1, 1750: 0.5,
        2000: 0.5, 2500: 0.5,
      ]),
    .init(
      name: "step-start, iterationStart 0.5", steps: 2, position: .jumpStart,
      iterationStart: 0.5,
      expected: [0: 0.5, 999: 0.5, 1000: 1, 1499: 1, 1500: 0.5, 2000: 1]),
    .init(
      name: "step-start, iterationStart 0.5, reverse", steps: 2, position: .jumpStart,
      iterationStart: 0.5, direction: .reverse,
      expected: [
        0: 1, 1000: 1, 1001: 0.5, 1499: 0.5, 1500: 1, 1999: 1, 2000: 0.5,
        2500: 0.5,
      ]),
    .init(
      name: "steps(4, start), iterationStart 0.75", steps: 4, position: .jumpStart,
      iterationStart: 0.75,
      expected: [0: 0.75, 999: 0.75, 1000: 1, 2000: 1, 2500: 1]),
    .init(
      name: "step-start, alternate", steps: 2, position: .jumpStart, iterations: 2,
      iterationStart: 1.5, direction: .alternate,
      expected: [0: 1, 1000: 1, 1001: 0.5, 2999: 1, 3000: 0.5, 3500: 0.5]),
    .init(
      name: "step-start, alternate-reverse", steps: 2, position: .jumpStart, iterations: 2,
      iterationStart: 0.5, direction: .alternateReverse,
      expected: [0: 1, 1000: 1, 1001: 0.5, 2999: 1, 3000: 0.5, 3500: 0.5]),
    .init(
      name: "step-end", steps: 2, position: .jumpEnd,
      expected: [0: 0, 999: 0, 1000: 0, 1499: 0, 1500: 0.5, 2000: 1]),
    .init(
      name: "step-end, iterationStart 0.5", steps: 2, position: .jumpEnd, iterationStart: 0.5,
      expected: [
        0: 0, 999: 0, 1000: 0.5, 1499: 0.5, 1500: 0, 1999: 0, 2000: 0.5,
        2500: 0.5,
      ]),
    .init(
      name: "step-end, iterationStart 0.75", steps: 2, position: .jumpEnd, iterationStart: 0.75,
      expected: [
        0: 0.5, 999: 0.5, 1000: 0.5, 1249: 0.5, 1250: 0, 1749: 0, 1750: 0.5,
        2000: 0.5, 2500: 0.5,
      ]),
    .init(
      name: "jump-both", steps: 2, position: .jumpBoth,
      expected: [0: 0, 999: 0, 1000: 1 / 3, 1499: 1 / 3, 1500: 2 / 3, 2000: 1]),
    .init(
      name: "jump-both, iterationStart 0.5", steps: 2, position: .jumpBoth, iterationStart: 0.5,
      expected: [
        0: 1 / 3, 999: 1 / 3, 1000: 2 / 3, 1499: 2 / 3, 1500: 1 / 3, 1999: 1 / 3,
        2000: 2 / 3, 2500: 2 / 3,
      ]),
    .init(
      name: "jump-both, iterationStart 0.75", steps: 2, position: .jumpBoth,
      iterationStart: 0.75,
      expected: [
        0: 2 / 3, 999: 2 / 3, 1000: 2 / 3, 1249: 2 / 3, 1250: 1 / 3, 1749: 1 / 3,
        1750: 2 / 3, 2000: 2 / 3, 2500: 2 / 3,
      ]),
    .init(
      name: "jump-none", steps: 2, position: .jumpNone,
      expected: [0: 0, 1000: 0, 1499: 0, 1500: 1, 2000: 1]),
    .init(
      name: "jump-none, iterationStart 0.5", steps: 2, position: .jumpNone, iterationStart: 0.5,
      expected: [
        0: 0, 999: 0, 1000: 1, 1499: 1, 1500: 0, 1999: 0, 2000: 1, 2500: 1,
      ]),
    .init(
      name: "jump-none, iterationStart 0.75", steps: 2, position: .jumpNone,
      iterationStart: 0.75,
      expected: [
        0: 1, 999: 1, 1000: 1, 1249: 1, 1250: 0, 1749: 0, 1750: 1, 2000: 1,
        2500: 1,
      ]),
  ]

  @Test(
    "TL-7 TL-11 TL-13 the transformed progress of a step easing at its bounds: the before flag in the before phase going forwards and in the after phase going backwards",
    arguments: vectors)
  func transformedProgress(_ vector: StepBoundaryVector) throws {
    let timing = try vector.timing()
    for (milliseconds, expected) in vector.expected {
      let progress = timing.computedTiming(at: milliseconds / 1000).progress
      #expect(progress == expected, "\(vector.name) at \(milliseconds) ms")
    }
  }
}
