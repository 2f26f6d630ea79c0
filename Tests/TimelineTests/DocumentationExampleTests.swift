//===----------------------------------------------------------------------===//
// TimelineTests: the numbers quoted in doc comments and guides stay true.
// Expected values were computed independently (bisection on the Bernstein
// form, the closed-form spring by hand).
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("Documentation examples")
struct DocumentationExampleTests {
  @Test("TL-2 the numbers in the CubicBezier and Easing examples")
  func easingExamples() throws {
    #expect(abs(try CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1).value(at: 0.5) - 0.7756) < 1e-4)
    #expect(abs(Easing.easeInOut.value(at: 0.25) - 0.1292) < 1e-4)
    #expect(Easing.easeInOut.value(at: 0.5) == 0.5)
  }

  @Test("TL-8 the number in the PiecewiseLinearEasing example")
  func linearExample() throws {
    let easing = try PiecewiseLinearEasing(stops: [
      .init(output: 0), .init(output: 0.25, inputs: [75]), .init(output: 1),
    ])
    #expect(easing.value(at: 0.375) == 0.125)
  }

  @Test("TL-9 the number in the Spring example")
  func springExample() throws {
    #expect(abs(try Spring(duration: 0.5, bounce: 0.3).position(at: 0.25) - 0.984) < 1e-3)
  }

  @Test("TL-12 the numbers in the EffectTiming and Timeline examples")
  func timingExamples() throws {
    let loop = try EffectTiming(iterations: .infinity, duration: 1.2, easing: .easeInOut)
    let timing = loop.computedTiming(at: 3.0)
    #expect(timing.currentIteration == 2)
    #expect(abs((timing.progress ?? -1) - 0.5) < 1e-9)
    let tween = try Tween(
      from: 0.2, to: 0.8, start: 10, timing: AnimationTiming(duration: 0.25, easing: .easeInOut))
    #expect(abs(tween.value(at: 10.125) - 0.5) < 1e-12)
    #expect(tween.value(at: 11) == 0.8)
  }
}
