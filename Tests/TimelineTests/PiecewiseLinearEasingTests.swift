//===----------------------------------------------------------------------===//
// TimelineTests: linear() (spec TL-8), with vectors from web-platform-tests
// css/css-easing/linear-timing-functions-{output,syntax}.html.
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("linear() easing")
struct PiecewiseLinearEasingTests {
  func easing(_ text: String) throws -> Easing { try Easing(cssText: text) }

  @Test("TL-8 outputs above 1 and below 0 (WPT output vectors)")
  func outputs() throws {
    let up = try easing("linear(0, 1.5, 1)")
    for (input, output) in [(0.0, 0.0), (0.25, 0.75), (0.5, 1.5), (0.75, 1.25), (1, 1)] {
      #expect(abs(up.value(at: input) - output) < 1e-12, "at \(input)")
    }
    let down = try easing("linear(1, -0.5, 0)")
    for (input, output) in [(0.0, 1.0), (0.25, 0.25), (0.5, -0.5), (0.75, -0.25), (1, 0)] {
      #expect(abs(down.value(at: input) - output) < 1e-12, "at \(input)")
    }
  }

  @Test("TL-8 a staircase of flat runs equals steps(5, jump-start)")
  func stepsEquivalent() throws {
    let stairs = try easing(
      "linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)")
    let steps = try easing("steps(5, jump-start)")
    for input in [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.1, 0.55] {
      #expect(stairs.value(at: input) == steps.value(at: input), "at \(input)")
    }
  }

  @Test("TL-8 missing and out-of-order inputs follow the parsing rules")
  func parsingRules() throws {
    // A first input below the largest so far is raised to it.
    #expect(try easing("linear(0, 0.1 -10%, 1)") == easing("linear(0, 0.1 0%, 1)"))
    // A missing last input is max(100%, largest).
    #expect(try easing("linear(0, 0.9 110%, 1)") == easing("linear(0, 0.9 110%, 1 110%)"))
    // Runs of missing inputs are spaced evenly.
    #expect(
      try easing("linear(0, 0 40%, 1, 0.5, 1)").cssText
        == "linear(0 0%, 0 40%, 1 60%, 0.5 80%, 1 100%)")
    #expect(
      try easing("linear(0 0% 50%, 1 50% 100%)").cssText == "linear(0 0%, 0 50%, 1 50%, 1 100%)")
    #expect(
      try easing("linear(0, 0.5 25% 75%, 1 100% 100%)").cssText
        == "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%, 1 100%)")
    #expect(
      try easing("linear(0, 1.3, 1, 0.92, 1, 0.99, 1, 0.998, 1 100% 100%)").cssText
        == "linear(0 0%, 1.3 12.5%, 1 25%, 0.92 37.5%, 1 50%, 0.99 62.5%, 1 75%, 0.998 87.5%, 1 100%, 1 100%)"
    )
    #expect(try easing("linear(0, 1)").cssText == "linear(0 0%, 1 100%)")
    // Percentages may come before the number.
    #expect(try easing("linear(0% 0, 100% 1)") == easing("linear(0, 1)"))
  }

  @Test("TL-8 extrapolation beyond the ends and vertical jumps")
  func extrapolationAndJumps() throws {
    let curve = try easing("linear(0, 0.25 50%, 1)")
    #expect(curve.value(at: -0.5) == -0.25)  // first segment, slope 0.5
    #expect(curve.value(at: 1.5) == 1.75)  // last segment, slope 1.5
    let jump = try easing("linear(0 0% 50%, 1 50% 100%)")
    #expect(jump.value(at: 0.5) == 1, "at a vertical jump the later point wins")
    #expect(jump.value(at: 0.4999) == 0)
  }

  @Test(
    "TL-8 fewer than two stops or a malformed stop is an error (WPT invalid values)",
    arguments: [
      "linear()", "linear(0)", "linear(100%)", "linear(0% 1 50%)", "linear(0 0% 100%)",
      "linear(0% 100% 0)", "linear(0 1)", "linear(0 10% 20% 30%, 1)",
    ])
  func invalid(text: String) {
    #expect(throws: EasingParseError.self) { try Easing(cssText: text) }
  }

  @Test("TL-8 the type itself rejects fewer than two stops and non-finite numbers")
  func invalidStops() {
    #expect(throws: TimelineError.self) { try PiecewiseLinearEasing(stops: [.init(output: 0)]) }
    #expect(throws: TimelineError.self) {
      try PiecewiseLinearEasing(stops: [.init(output: 0), .init(output: .nan)])
    }
  }
}
