//===----------------------------------------------------------------------===//
// Timeline: values that can be interpolated.
//===----------------------------------------------------------------------===//

/// A value that a keyframe track can interpolate.
///
/// Conform small value types — a head/tail pair, a point, a colour — so that
/// tracks can animate them. The fraction may lie outside [0, 1] when an
/// easing overshoots; implementations extrapolate linearly.
///
/// ```swift
/// struct Segment: Interpolatable {
///   var head: Double, tail: Double
///   static func interpolate(_ a: Segment, _ b: Segment, fraction: Double) -> Segment {
///     Segment(head: .interpolate(a.head, b.head, fraction: fraction),
///             tail: .interpolate(a.tail, b.tail, fraction: fraction))
///   }
/// }
/// ```
public protocol Interpolatable: Sendable {
  /// Returns the value a `fraction` of the way from `start` to `end`.
  ///
  /// - Parameters:
  ///   - start: The value at fraction 0.
  ///   - end: The value at fraction 1.
  ///   - fraction: How far along; may be outside [0, 1].
  /// - Returns: The interpolated value; exactly `start` at 0 and `end` at 1.
  static func interpolate(_ start: Self, _ end: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  /// Linear interpolation, exact at both ends.
  ///
  /// - Parameters:
  ///   - start: The value at fraction 0.
  ///   - end: The value at fraction 1.
  ///   - fraction: How far along.
  /// - Returns: `start·(1 − fraction) + end·fraction`.
  @inlinable
  public static func interpolate(_ start: Double, _ end: Double, fraction: Double) -> Double {
    if fraction == 1 { return end }
    return start * (1 - fraction) + end * fraction
  }
}

extension Float: Interpolatable {
  /// Linear interpolation, exact at both ends.
  ///
  /// - Parameters:
  ///   - start: The value at fraction 0.
  ///   - end: The value at fraction 1.
  ///   - fraction: How far along.
  /// - Returns: `start·(1 − fraction) + end·fraction`.
  @inlinable
  public static func interpolate(_ start: Float, _ end: Float, fraction: Double) -> Float {
    if fraction == 1 { return end }
    let f = Float(fraction)
    return start * (1 - f) + end * f
  }
}

extension SIMD2: Interpolatable where Scalar == Double {
  /// Component-wise linear interpolation, exact at both ends.
  ///
  /// - Parameters:
  ///   - start: The value at fraction 0.
  ///   - end: The value at fraction 1.
  ///   - fraction: How far along.
  /// - Returns: The interpolated vector.
  @inlinable
  public static func interpolate(_ start: Self, _ end: Self, fraction: Double) -> Self {
    if fraction == 1 { return end }
    return start * (1 - fraction) + end * fraction
  }
}
