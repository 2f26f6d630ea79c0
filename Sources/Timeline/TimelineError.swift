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
  /// A `steps()` count was below 1, or below 2 for `jump-none`.
  case invalidStepCount(Int, position: StepEasing.Position)
  /// A `linear()` easing had fewer than two stops, more than two inputs on a
  /// stop, or a non-finite number.
  case invalidLinearEasing(reason: String)
  /// A spring parameter was out of range; `parameter` names it.
  case invalidSpring(parameter: String, value: Double)
  /// An effect timing field was out of range; `field` names it.
  case invalidTiming(field: String, value: Double)
  /// A keyframe offset was NaN or outside [0, 1].
  case invalidKeyframeOffset(index: Int, offset: Double)
  /// Keyframe offsets were not in non-decreasing order.
  case keyframesOutOfOrder(index: Int)
  /// A keyframe track had no keyframe.
  case noKeyframes
  /// Two tracks of a timeline had the same name.
  case duplicateTrackName(String)
}
