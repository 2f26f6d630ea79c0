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
/// standard.value(at: 0.5)               // ≈ 0.7756
/// Easing.easeInOut.value(at: 0.5)      // 0.5 (a symmetric curve; the named
///                                       // curves are Easing's)
/// ```
///
/// The solver guesses the curve parameter from a 16-node table of the
/// inverse function and refines it with Newton's method, falling back to a
/// bracketed Newton–bisection on steep and near-vertical curves; the output is
/// within 1e-7 of the exact curve (rule TL-2 of `Docs/spec.md`), and in
/// practice within 1e-10.
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
  // The inverse function t(x) at x = i/15, i = 0…15, with its derivative
  // dt/dx scaled by the node spacing, interleaved as [t0, m0, t1, m1, …]: a
  // monotone cubic Hermite interpolation of it guesses t to about 1e-6, and
  // two neighbouring nodes bracket the solution.
  @usableFromInline let inverseNodes: [Double]
  // The factor of the stopping test: max|y′| · max|x″| / (2 · 1e-10).
  @usableFromInline let stopFactor: Double

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
    // A slope beyond Double's range (y1 = 1e300 over x1 = 1e-300) is kept
    // at the largest finite value.
    if x1 > 0 {
      startSlope = (y1 / x1).clampedToFinite
    } else if y1 == 0 && x2 > 0 {
      startSlope = (y2 / x2).clampedToFinite
    } else {
      startSlope = 0
    }
    if x2 < 1 {
      endSlope = ((y2 - 1) / (x2 - 1)).clampedToFinite
    } else if y2 == 1 && x1 < 1 {
      endSlope = ((y1 - 1) / (x1 - 1)).clampedToFinite
    } else {
      endSlope = 0
    }
    (inverseNodes, stopFactor) = Self.inverseTable(ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
  }

  /// Builds the Hermite nodes of the inverse function and the stop factor.
  private static func inverseTable(
    ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
  ) -> ([Double], Double) {
    let spacing = 1.0 / 15
    var t = [Double](repeating: 0, count: 16)
    t[15] = 1
    for index in 1..<15 {
      t[index] = bisect(Double(index) * spacing, ax: ax, bx: bx, cx: cx)
    }
    var nodes = [Double](repeating: 0, count: 32)
    for index in 0..<16 {
      // dt/dx = 1 / x′(t), times the spacing; limited to three times the
      // neighbouring secants (Fritsch–Carlson) so the guess stays monotone
      // and finite where x′ vanishes.
      let slope = (3 * ax * t[index] + 2 * bx) * t[index] + cx
      var tangent = slope > 0 ? spacing / slope : .infinity
      if index > 0 { tangent = min(tangent, 3 * (t[index] - t[index - 1])) }
      if index < 15 { tangent = min(tangent, 3 * (t[index + 1] - t[index])) }
      nodes[2 * index] = t[index]
      nodes[2 * index + 1] = tangent
    }
    // |x″(t)| = |6ax·t + 2bx| peaks at an end; |y′(t)| at an end or its vertex.
    let curvature = max(abs(2 * bx), abs(6 * ax + 2 * bx))
    var outputSlope = max(abs(cy), abs(3 * ay + 2 * by + cy))
    if ay != 0 {
      let vertex = -by / (3 * ay)
      if vertex > 0 && vertex < 1 {
        outputSlope = max(outputSlope, abs((3 * ay * vertex + 2 * by) * vertex + cy))
      }
    }
    return (nodes, outputSlope * curvature / (2 * 1e-10))
  }

  /// Solves x(t) = x by bisection to the last bit; used once per table entry.
  private static func bisect(_ x: Double, ax: Double, bx: Double, cx: Double) -> Double {
    var low = 0.0
    var high = 1.0
    while true {
      let middle = 0.5 * (low + high)
      if middle <= low || middle >= high { return middle }
      if ((ax * middle + bx) * middle + cx) * middle < x { low = middle } else { high = middle }
    }
  }

  /// Returns the eased output for an input progress.
  ///
  /// `value(at: 0)` is exactly 0 and `value(at: 1)` is exactly 1. Inputs
  /// outside [0, 1] follow the end tangents (CSS Easing Level 2). A NaN input
  /// gives NaN; every finite input gives a finite output, whatever the
  /// control points: a curve whose polynomial overflows (y1 = 1e308) is
  /// evaluated in its Bernstein form, which cannot, and an extrapolation
  /// beyond Double's range stops at the largest finite value (as Chromium
  /// clamps).
  ///
  /// - Parameter x: The input progress, usually in [0, 1].
  /// - Returns: The output progress.
  /// - Complexity: O(1): a table lookup and usually one Newton step; never
  ///   more than 70 steps on the hardest curves.
  @inlinable
  @_optimize(speed)
  public func value(at x: Double) -> Double {
    if x <= 0 {
      return x == 0 ? 0 : (x * startSlope).clampedToFinite
    }
    if x >= 1 {
      return x == 1 ? 1 : (1 + (x - 1) * endSlope).clampedToFinite
    }
    let t = parameter(forX: x)
    let y = ((ay * t + by) * t + cy) * t
    return y.isFinite ? y : bernsteinValue(at: t)
  }

  /// y(t) in Bernstein form, 3(1−t)²t·y1 + 3(1−t)t²·y2 + t³: its weights
  /// add up to at most 3/4, so it is finite for every finite y1 and y2,
  /// where the polynomial's coefficients (3·y1, …) may overflow.
  @usableFromInline @inline(never)
  func bernsteinValue(at t: Double) -> Double {
    let s = 1 - t
    return (3 * s * s * t) * y1 + (3 * s * t * t) * y2 + t * t * t
  }

  /// y′(t) in Bernstein form, 3(1−t)(1−3t)·y1 + 3t(2−3t)·y2 + 3t², summed
  /// in quarters so that no partial sum is ∞ − ∞; beyond Double's range it
  /// stops at the largest finite value.
  @usableFromInline @inline(never)
  func bernsteinSlope(at t: Double) -> Double {
    let quarter =
      (0.75 * (1 - t) * (1 - 3 * t)) * y1 + (0.75 * t * (2 - 3 * t)) * y2 + 0.75 * t * t
    return (4 * quarter).clampedToFinite
  }

  /// Returns the slope dy/dx of the curve at an input progress.
  ///
  /// Used to carry velocity across a retargeted animation. Outside (0, 1) the
  /// slope is the extrapolation tangent. Always finite for a finite input:
  /// a slope beyond Double's range is the largest finite value, with its
  /// sign.
  ///
  /// - Parameter x: The input progress.
  /// - Returns: The derivative of the output with respect to the input.
  /// - Complexity: O(1).
  package func slope(at x: Double) -> Double {
    if x <= 0 { return startSlope }
    if x >= 1 { return endSlope }
    let t = parameter(forX: x)
    let dx = (3 * ax * t + 2 * bx) * t + cx
    var dy = (3 * ay * t + 2 * by) * t + cy
    if !dy.isFinite { dy = bernsteinSlope(at: t) }
    if dx > 1e-12 { return (dy / dx).clampedToFinite }
    // A vertical tangent: the slope is unbounded; report the largest finite
    // value with the right sign rather than infinity or NaN.
    return dy == 0 ? 0 : (dy > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
  }

  /// Solves x(t) = x for the curve parameter t in [0, 1].
  ///
  /// A monotone cubic Hermite interpolation of the inverse function, from a
  /// 16-node table, guesses t; Newton steps refine it. Newton converges
  /// quadratically: after a step s the error of t is about |x″/2x′|·s², so
  /// the solver stops once that bound, carried to the output by |y′|, is below
  /// 1e-10 — usually after one step. If a step leaves the bracket of the two
  /// nodes, or six steps do not settle, ``safeParameter(forX:low:high:)``
  /// finishes the job.
  @inlinable
  @_optimize(speed)
  func parameter(forX x: Double) -> Double {
    let scaled = x * 15
    let cell = min(Int(scaled), 14)
    let s = scaled - Double(cell)
    let (t0, m0, t1, m1) = inverseNodes.withUnsafeBufferPointer { nodes in
      (nodes[2 * cell], nodes[2 * cell + 1], nodes[2 * cell + 2], nodes[2 * cell + 3])
    }
    let s2 = s * s
    let s3 = s2 * s
    var t =
      (2 * s3 - 3 * s2 + 1) * t0 + (s3 - 2 * s2 + s) * m0 + (3 * s2 - 2 * s3) * t1 + (s3 - s2) * m1
    for _ in 0..<6 {
      let error = ((ax * t + bx) * t + cx) * t - x
      let slope = (3 * ax * t + 2 * bx) * t + cx
      let step = error / slope
      t -= step
      // stopFactor·step² < x′  ⇔  the error bound above is below 1e-10.
      if step * step * stopFactor < slope {
        if t >= t0 && t <= t1 { return t }
        break
      }
    }
    return safeParameter(forX: x, low: t0, high: t1)
  }

  /// Solves x(t) = x inside a bracket [low, high] that holds the solution.
  ///
  /// Newton steps are kept inside the shrinking bracket, bisecting whenever a
  /// step would leave it or the derivative vanishes, until the error bound is
  /// met or the bracket is narrower than 1e-12. Always converges.
  @usableFromInline @inline(never)
  func safeParameter(forX x: Double, low: Double, high: Double) -> Double {
    var low = low
    var high = high
    var t = 0.5 * (low + high)
    for _ in 0..<64 {
      let error = ((ax * t + bx) * t + cx) * t - x
      if error == 0 { return t }
      if error < 0 { low = t } else { high = t }
      let slope = (3 * ax * t + 2 * bx) * t + cx
      let step = error / slope
      let newton = t - step
      // NaN (a zero slope) fails both comparisons and bisects.
      if newton > low && newton < high {
        t = newton
        if step * step * stopFactor < slope { return t }
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
  package static let ease = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)
  /// CSS `ease-in` and Core Animation `easeIn`: cubic-bezier(0.42, 0, 1, 1).
  package static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
  /// CSS `ease-out` and Core Animation `easeOut`: cubic-bezier(0, 0, 0.58, 1).
  package static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
  /// CSS `ease-in-out` and Core Animation `easeInEaseOut`:
  /// cubic-bezier(0.42, 0, 0.58, 1).
  package static let easeInOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
}

extension CubicBezier {
  /// Two curves are equal when their control points are; everything else
  /// is derived from them.
  ///
  /// - Parameters:
  ///   - lhs: A curve.
  ///   - rhs: Another curve.
  /// - Returns: Whether the control points are equal.
  public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
    lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
  }

  /// Hashes the control points.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
  }
}

extension Double {
  /// The value, with ±∞ replaced by the largest finite value of that sign
  /// (NaN stays NaN): what an easing answers when its exact value is beyond
  /// Double's range.
  @usableFromInline var clampedToFinite: Double {
    guard isInfinite else { return self }
    return self > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
  }
}
