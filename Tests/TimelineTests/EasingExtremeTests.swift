//===----------------------------------------------------------------------===//
// TimelineTests: easings at the edges of Double — every easing the parser
// accepts gives finite values and slopes for every finite input (TL-21).
//===----------------------------------------------------------------------===//

import Testing
import Timeline

@Suite("Easings at extreme values")
struct EasingExtremeTests {
  static let inputs: [Double] =
    stride(from: 0.0, through: 1.01, by: 0.05).map { $0 } + [
      -.greatestFiniteMagnitude, -1e300, -1e9, -1, -.leastNonzeroMagnitude,
      .leastNonzeroMagnitude, 1e-300, 0.5.nextUp, 1.0.nextDown, 1.0.nextUp, 2, 1e9, 1e300,
      .greatestFiniteMagnitude,
    ]

  /// The curves of Chromium's ClampInfinityEvaluation test (control points
  /// at ±DBL_MAX) and this project's own reports.
  static let hugeCurves: [(Double, Double, Double, Double)] = {
    let max = Double.greatestFiniteMagnitude
    return [
      (0.5, max, 0.5, max), (0.5, -max, 0.5, max), (0.5, max, 0.5, -max), (0.5, -max, 0.5, -max),
      (0, max, 0, max), (0, -max, 0, max), (0, max, 0, -max), (0, -max, 0, -max),
      (1, max, 1, max), (1, -max, 1, max), (1, max, 1, -max), (1, -max, 1, -max),
      (0, 0, 0, max), (0, -max, 0, 0), (1, 0, 0, -max), (0, -max, 1, 1),
      (0.5, 1e308, 0.5, -1e308), (1e-300, 1e300, 1, 1), (0, 0, 1e-300, -1e300),
    ]
  }()

  static func expectFinite(_ easing: Easing, _ name: String) {
    for input in inputs {
      for flag in [false, true] {
        let value = easing.value(at: input, beforeFlag: flag)
        #expect(value.isFinite, "\(name) at \(input): \(value)")
      }
      #expect(easing.slope(at: input).isFinite, "\(name) slope at \(input)")
    }
  }

  @Test("TL-21 TL-2 a cubic Bézier with huge control points is evaluated finitely (as Chromium)")
  func hugeControlPoints() throws {
    for (x1, y1, x2, y2) in Self.hugeCurves {
      let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
      Self.expectFinite(.cubicBezier(curve), "cubic-bezier(\(x1), \(y1), \(x2), \(y2))")
      #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
    }
    // Finite and also right: cubic-bezier(0.5, 1e308, 0.5, -1e308) at x = 0.5
    // is t = 0.5, y = 3/8·1e308 − 3/8·1e308 + 1/8 = 0.125.
    let issue = try CubicBezier(x1: 0.5, y1: 1e308, x2: 0.5, y2: -1e308)
    #expect(abs(issue.value(at: 0.5) - 0.125) < 1e-9, "\(issue.value(at: 0.5))")
    // With x1 = 1/3 and x2 = 2/3, x(t) = t: at x = 0.25, y = 3(1−t)²t·1e308
    // + 3(1−t)t²·(−1e308) + t³ = 0.421875e308 − 0.140625e308 + … = 0.28125e308.
    let straight = try CubicBezier(x1: 1.0 / 3, y1: 1e308, x2: 2.0 / 3, y2: -1e308)
    #expect(abs(straight.value(at: 0.25) / 0.28125e308 - 1) < 1e-9, "\(straight.value(at: 0.25))")
  }

  @Test(
    "TL-21 TL-10 every easing text at its extremes gives finite values and slopes",
    arguments: [
      "cubic-bezier(0.5, 1e308, 0.5, -1e308)", "linear(-1e308, 1e308 50%, -1e308)",
      "linear(0, 0.5 0%, 0.5 1e-300%, 1)", "linear(1e308, -1e308)", "steps(999999999, jump-both)",
      "ease-in-out", "cubic-bezier(0.1, -1e300, 0.9, 1e300)", "linear(0 -1e300%, 1 1e300%)",
    ])
  func extremeTexts(text: String) throws {
    Self.expectFinite(try Easing(cssText: text), text)
  }
}
