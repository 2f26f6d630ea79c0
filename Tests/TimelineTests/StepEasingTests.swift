//===----------------------------------------------------------------------===//
// TimelineTests: steps() (spec TL-7), with vectors from the CSS Easing spec and
// web-platform-tests css/css-easing/step-timing-functions-output.html.
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("Step easing")
struct StepEasingTests {
  func steps(_ count: Int, _ position: StepEasing.Position = .jumpEnd) throws -> StepEasing {
    try StepEasing(count: count, position: position)
  }

  @Test("TL-7 jump positions inside [0, 1]")
  func positions() throws {
    // steps(4, jump-end): floor(4p) / 4.
    #expect(try steps(4).value(at: 0) == 0)
    #expect(try steps(4).value(at: 0.3) == 0.25)
    #expect(try steps(4).value(at: 0.99) == 0.75)
    #expect(try steps(4).value(at: 1) == 1)
    // steps(4, jump-start): (floor(4p) + 1) / 4, capped at 1.
    #expect(try steps(4, .jumpStart).value(at: 0) == 0.25)
    #expect(try steps(4, .jumpStart).value(at: 0.3) == 0.5)
    #expect(try steps(4, .jumpStart).value(at: 1) == 1)
    // steps(2, jump-none): one jump, at 0.5.
    #expect(try steps(2, .jumpNone).value(at: 0.49) == 0)
    #expect(try steps(2, .jumpNone).value(at: 0.5) == 1)
    // steps(1, jump-both): two jumps of 0.5.
    #expect(try steps(1, .jumpBoth).value(at: 0) == 0.5)
    #expect(try steps(1, .jumpBoth).value(at: 0.7) == 0.5)
    #expect(try steps(1, .jumpBoth).value(at: 1) == 1)
  }

  @Test("TL-7 the before flag picks the lower step at a jump (the spec's steps(5, start) example)")
  func beforeFlag() throws {
    let easing = try steps(5, .jumpStart)
    #expect(easing.value(at: 0, beforeFlag: true) == 0)
    #expect(easing.value(at: 0, beforeFlag: false) == 0.2)
    #expect(easing.value(at: 0.4, beforeFlag: true) == 0.4)
    #expect(easing.value(at: 0.4, beforeFlag: false) == 0.6)
    #expect(easing.value(at: 0.5, beforeFlag: true) == 0.6, "not at a jump: no effect")
  }

  @Test("TL-7 outputs outside [0, 1] are not clamped")
  func unclampedOutside() throws {
    #expect(try steps(1, .jumpStart).value(at: 2.4) == 3)  // step-start of 2.4 → 3
    #expect(try steps(1).value(at: 2.4) == 2)
    #expect(try steps(1).value(at: -0.5) == -1)
    #expect(try steps(2, .jumpNone).value(at: -0.2) == -1)
  }

  @Test("TL-7 counts below 1, or below 2 for jump-none, are typed errors")
  func invalidCounts() {
    #expect(throws: TimelineError.invalidStepCount(0, position: .jumpEnd)) {
      try StepEasing(count: 0)
    }
    #expect(throws: TimelineError.invalidStepCount(-1, position: .jumpStart)) {
      try StepEasing(count: -1, position: .jumpStart)
    }
    #expect(throws: TimelineError.invalidStepCount(1, position: .jumpNone)) {
      try StepEasing(count: 1, position: .jumpNone)
    }
  }
}
