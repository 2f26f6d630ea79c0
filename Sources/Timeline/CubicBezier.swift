//===----------------------------------------------------------------------===//
// Timeline: the cubic Bézier timing function of CSS Easing and Core Animation.
//===----------------------------------------------------------------------===//

/// A cubic Bézier timing function, as CSS `cubic-bezier(x1, y1, x2, y2)` and
/// Core Animation's `CAMediaTimingFunction(controlPoints:)` define it.
///
/// The curve runs from (0, 0) to (1, 1) with the two control points
/// (x1, y1) and (x2, y2). The input is read along x and the output is the y
/// of the curve at that x. Because `x1` and `x2` are restricted to [0, 1],
/// x grows monotonically with the curve parameter and every input has exactly
/// one output. The y coordinates are unrestricted, which allows overshoot.
///
/// Inputs outside [0, 1] are extrapolated linearly along the tangent at the
/// nearer end, as CSS Easing Level 2 specifies.
///
/// ```swift
/// let standard = try CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
/// standard.value(at: 0.5)               // ≈ 0.8024
/// CubicBezier.easeInOut.value(at: 0.5)  // 0.5 (symmetric curve)
/// ```
///
/// The solver is Newton's method kept inside a bisection bracket, so it
/// converges on steep and near-vertical curves too; the output is within
/// 1e-7 of the exact curve (rule TL-2 of `Docs/spec.md`).
public struct CubicBezier: Hashable, Sendable {
  /// The x coordinate of the first control point, in [0, 1].
  public let x1: Double
  /// The y coordinate of the first control point (any finite value).
  public let y1: Double
  /// The x coordinate of the second control point, in [0, 1].
  public let x2: Double
  /// The y coordinate of the second control point (any finite value).
  public let y2: Double

  // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise for y.
  @usableFromInline let ax: Double
  @usableFromInline let bx: Double
  @usableFromInline let cx: Double
  @usableFromInline let ay: Double
  @usableFromInline let by: Double
  @usableFromInline let cy: Double
  // The tangents used to extrapolate outside [0, 1].
  @usableFromInline let startSlope: Double
  @usableFromInline let endSlope: Double

  /// Creates a curve from its two control points.
  ///
  /// - Parameters:
  ///   - x1: The x coordinate of the first control point, in [0, 1].
  ///   - y1: The y coordinate of the first control point.
  ///   - x2: The x coordinate of the second control point, in [0, 1].
  ///   - y2: The y coordinate of the second control point.
  /// - Throws: ``TimelineError/invalidControlPoint(x1:y1:x2:y2:)`` when an x
  ///   lies outside [0, 1] or any coordinate is not finite.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TimelineError) {
    let finite = x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite
    guard finite, (0...1).contains(x1), (0...1).contains(x2) else {
      throw .invalidControlPoint(x1: x1, y1: y1, x2: x2, y2: y2)
    }
    self.init(unchecked: x1, y1, x2, y2)
  }

  /// Creates a curve whose control points are known to be valid.
  init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
    // CSS Easing 2: for x < 0 the line through P0 and P1, else through P0
    // and P2, else flat; for x > 1 the line through P2 and P3, else through
    // P1 and P3, else flat.
    if x1 > 0 {
      startSlope = y1 / x1
    } else if y1 == 0 && x2 > 0 {
      startSlope = y2 / x2
    } else {
      startSlope = 0
    }
    if x2 < 1 {
      endSlope = (y2 - 1) / (x2 - 1)
    } else if y2 == 1 && x1 < 1 {
      endSlope = (y1 - 1) / (x1 - 1)
    } else {
      endSlope = 0
    }
  }

  /// Returns the eased output for an input progress.
  ///
  /// `value(at: 0)` is exactly 0 and `value(at: 1)` is exactly 1. Inputs
  /// outside [0, 1] follow the end tangents (CSS Easing Level 2). A NaN input
  /// gives NaN.
  ///
  /// - Parameter x: The input progress, usually in [0, 1].
  /// - Returns: The output progress.
  /// - Complexity: O(1); a few solver iterations, at most 48.
  @inlinable
  public func value(at x: Double) -> Double {
    if x <= 0 {
      return x == 0 ? 0 : x * startSlope
    }
    if x >= 1 {
      return x == 1 ? 1 : 1 + (x - 1) * endSlope
    }
    let t = parameter(forX: x)
    return ((ay * t + by) * t + cy) * t
  }

  /// Returns the slope dy/dx of the curve at an input progress.
  ///
  /// Used to carry velocity across a retargeted animation. Outside (0, 1) the
  /// slope is the extrapolation tangent.
  ///
  /// - Parameter x: The input progress.
  /// - Returns: The derivative of the output with respect to the input.
  /// - Complexity: O(1).
  public func slope(at x: Double) -> Double {
    if x <= 0 { return startSlope }
    if x >= 1 { return endSlope }
    let t = parameter(forX: x)
    let dx = (3 * ax * t + 2 * bx) * t + cx
    let dy = (3 * ay * t + 2 * by) * t + cy
    if dx > 1e-12 { return dy / dx }
    // A vertical tangent: the slope is unbounded; report the largest finite
    // value with the right sign rather than infinity or NaN.
    return dy == 0 ? 0 : (dy > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
  }

  /// Solves x(t) = x for the curve parameter t in [0, 1].
  ///
  /// Newton's method from the guess t = x, kept inside a shrinking bracket
  /// [low, high]: whenever a Newton step would leave the bracket, or the
  /// derivative vanishes, the step bisects instead. It stops once a Newton
  /// step moves t by less than 1e-9 (quadratic convergence makes the error of
  /// the new iterate far smaller), or the bracket is narrower than 1e-12.
  @usableFromInline
  func parameter(forX x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    var t = x
    for _ in 0..<48 {
      let error = ((ax * t + bx) * t + cx) * t - x
      if error == 0 { return t }
      if error < 0 { low = t } else { high = t }
      let slope = (3 * ax * t + 2 * bx) * t + cx
      let newton = t - error / slope
      if slope > 0 && newton > low && newton < high {
        let step = newton - t
        t = newton
        if abs(step) < 1e-9 { return t }
      } else {
        t = 0.5 * (low + high)
        if high - low < 1e-12 { return t }
      }
    }
    return t
  }
}

extension CubicBezier {
  /// CSS `ease` and Core Animation `default`: cubic-bezier(0.25, 0.1, 0.25, 1).
  public static let ease = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)
  /// CSS `ease-in` and Core Animation `easeIn`: cubic-bezier(0.42, 0, 1, 1).
  public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
  /// CSS `ease-out` and Core Animation `easeOut`: cubic-bezier(0, 0, 0.58, 1).
  public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
  /// CSS `ease-in-out` and Core Animation `easeInEaseOut`:
  /// cubic-bezier(0.42, 0, 0.58, 1).
  public static let easeInOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
}
