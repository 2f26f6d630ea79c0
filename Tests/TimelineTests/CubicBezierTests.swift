//===----------------------------------------------------------------------===//
// TimelineTests: cubic Bézier easing (spec TL-1 to TL-4).
//===----------------------------------------------------------------------===//

import ProgressTestingCore
import Testing
import Timeline

/// An independent reference: solves x(t) = x by plain bisection to the last
/// bit, from the Bernstein form of the curve (not the solver's polynomial).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double
{
  func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }
  // The curve passes through (0, 0) and (1, 1) by definition; near those
  // ends a flat x(t) makes bisection on x ill-conditioned, so pin them.
  if x == 0 || x == 1 { return x }
  var low = 0.0
  var high = 1.0
  for _ in 0..<200 {
    let mid = 0.5 * (low + high)
    if mid == low || mid == high { break }
    if bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
  }
  return bernstein(y1, y2, 0.5 * (low + high))
}

@Suite("Cubic Bézier")
struct CubicBezierTests {
  @Test(
    "TL-1 x outside [0, 1] or a non-finite coordinate is a typed error",
    arguments: [
      (-0.1, 0.0, 0.5, 1.0), (0.0, 0.0, 1.01, 1.0), (Double.nan, 0.0, 0.5, 1.0),
      (0.5, Double.infinity, 0.5, 1.0), (0.5, 0.0, 0.5, -Double.infinity),
    ])
  func invalidControlPoints(x1: Double, y1: Double, x2: Double, y2: Double) {
    #expect(throws: TimelineError.self) { try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
  }

  @Test("TL-1 x on the bounds and any finite y are accepted")
  func validControlPoints() throws {
    let overshoot = try CubicBezier(x1: 0, y1: -2, x2: 1, y2: 3)
    #expect(overshoot.y1 == -2 && overshoot.y2 == 3)
  }

  @Test("TL-2 the ends are exact and the output is within 1e-7 of the reference (random curves)")
  func accuracy() throws {
    var random = ReplayableRandom(seed: 0x5EED)
    func unit() -> Double { random.unitDouble() }
    var worst = 0.0
    for curve in 0..<400 {
      let x1 = unit()
      let x2 = unit()
      let y1 = unit() * 4 - 1.5
      let y2 = unit() * 4 - 1.5
      let bezier = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
      #expect(bezier.value(at: 0) == 0 && bezier.value(at: 1) == 1, "curve \(curve)")
      for step in 1..<100 {
        let x = Double(step) / 100
        let error = abs(bezier.value(at: x) - referenceBezier(x1, y1, x2, y2, at: x))
        worst = max(worst, error)
      }
    }
    #expect(worst <= 1e-7, "worst error \(worst)")
  }

  @Test("TL-2 steep and near-vertical curves stay within 1e-7")
  func steepCurves() throws {
    let curves: [(Double, Double, Double, Double)] = [
      (0, 1, 0, 1), (1, 0, 1, 0), (0, 0, 0, 1), (1, 0, 1, 1), (0.001, 1, 0, 1),
      (0, 0.999, 0.001, 1), (0.99, 0, 1, 0.01), (0, 5, 1, -4),
    ]
    for (x1, y1, x2, y2) in curves {
      let bezier = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
      for step in 0...1000 {
        let x = Double(step) / 1000
        let error = abs(bezier.value(at: x) - referenceBezier(x1, y1, x2, y2, at: x))
        #expect(error <= 1e-7, "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(x): \(error)")
      }
    }
  }

  @Test("TL-3 inputs outside [0, 1] follow the end tangents")
  func extrapolation() throws {
    // Tangent at 0 is y1/x1, at 1 is (y2 − 1)/(x2 − 1) (CSS Easing Level 2).
    let curve = try CubicBezier(x1: 0.25, y1: 0.5, x2: 0.5, y2: 1.5)
    #expect(curve.value(at: -1) == -2)  // −1 × (0.5 / 0.25)
    #expect(curve.value(at: 2) == 0)  // 1 + 1 × (0.5 / −0.5)
    // x1 = 0: the start tangent comes from the second point when y1 = 0.
    let easeOut = CubicBezier.easeOut  // (0, 0, 0.58, 1)
    #expect(abs(easeOut.value(at: -0.5) - (-0.5 / 0.58)) < 1e-15)
    #expect(easeOut.value(at: 1.5) == 1)  // (1 − 1)/(0.58 − 1) = 0
    // x1 = 0 and y1 ≠ 0: a vertical start tangent extrapolates flat.
    let vertical = try CubicBezier(x1: 0, y1: 1, x2: 0.5, y2: 1)
    #expect(vertical.value(at: -3) == 0)
  }

  @Test("TL-4 the named curves have the CSS control points and are exact where symmetric")
  func namedCurves() {
    #expect(
      [CubicBezier.ease.x1, CubicBezier.ease.y1, CubicBezier.ease.x2, CubicBezier.ease.y2] == [
        0.25, 0.1, 0.25, 1,
      ])
    #expect(
      [CubicBezier.easeIn.x1, CubicBezier.easeIn.y1, CubicBezier.easeIn.x2, CubicBezier.easeIn.y2]
        == [0.42, 0, 1, 1])
    #expect(
      [
        CubicBezier.easeOut.x1, CubicBezier.easeOut.y1, CubicBezier.easeOut.x2,
        CubicBezier.easeOut.y2,
      ] == [0, 0, 0.58, 1])
    #expect(
      [
        CubicBezier.easeInOut.x1, CubicBezier.easeInOut.y1, CubicBezier.easeInOut.x2,
        CubicBezier.easeInOut.y2,
      ] == [0.42, 0, 0.58, 1])
    #expect(Easing.linear.value(at: 0.3) == 0.3)
    // ease-in-out is point-symmetric about (0.5, 0.5).
    for step in 1..<50 {
      let x = Double(step) / 100
      let sum = Easing.easeInOut.value(at: x) + Easing.easeInOut.value(at: 1 - x)
      #expect(abs(sum - 1) < 1e-12, "at \(x)")
    }
    #expect(abs(Easing.easeInOut.value(at: 0.5) - 0.5) < 1e-15)
    // ease-in and ease-out mirror each other: easeIn(x) = 1 − easeOut(1 − x).
    for step in 1..<100 {
      let x = Double(step) / 100
      #expect(abs(Easing.easeIn.value(at: x) - (1 - Easing.easeOut.value(at: 1 - x))) < 1e-12)
    }
  }
}
