//===----------------------------------------------------------------------===//
// Timeline: typed errors for invalid timing input.
//===----------------------------------------------------------------------===//

/// An error raised when a timing value cannot describe a real animation.
///
/// Every constructor in this module that could receive an impossible value
/// (a negative duration, a control point that makes a curve ambiguous, a
/// non-finite number) throws one of these instead of trapping, so a host can
/// report the mistake and keep running.
public enum TimelineError: Error, Hashable, Sendable {
  /// A duration was negative, NaN or infinite; durations are finite seconds ≥ 0.
  case invalidDuration(seconds: Double)
  /// A time was NaN or infinite; times are finite seconds on the caller's clock.
  case invalidTime(seconds: Double)
  /// A value to interpolate was NaN or infinite.
  case nonFiniteValue(Double)
  /// A cubic Bézier control point was out of range.
  ///
  /// `x1` and `x2` must lie in [0, 1] so that the curve is a function of its
  /// input; every coordinate must be finite.
  case invalidControlPoint(x1: Double, y1: Double, x2: Double, y2: Double)
}
