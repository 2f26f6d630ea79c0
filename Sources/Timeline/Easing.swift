//===----------------------------------------------------------------------===//
// Timeline: easing functions, mapping input progress to output progress.
//===----------------------------------------------------------------------===//

/// A function that maps the progress of an animation to the progress of its
/// value.
///
/// Both ends are fixed: an easing maps 0 to 0 and 1 to 1. Between them the
/// curve may accelerate, decelerate or overshoot.
///
/// ```swift
/// Easing.linear.value(at: 0.25)     // 0.25
/// Easing.easeInOut.value(at: 0.25)  // ≈ 0.1291
/// ```
public enum Easing: Hashable, Sendable {
  /// The identity: output progress equals input progress.
  case linear
  /// A cubic Bézier curve (CSS `cubic-bezier()`).
  case cubicBezier(CubicBezier)

  /// CSS `ease`.
  public static let ease = Easing.cubicBezier(.ease)
  /// CSS `ease-in`, Core Animation `easeIn`.
  public static let easeIn = Easing.cubicBezier(.easeIn)
  /// CSS `ease-out`, Core Animation `easeOut`.
  public static let easeOut = Easing.cubicBezier(.easeOut)
  /// CSS `ease-in-out`, Core Animation `easeInEaseOut`.
  public static let easeInOut = Easing.cubicBezier(.easeInOut)

  /// Returns the output progress for an input progress.
  ///
  /// - Parameter progress: The input progress, usually in [0, 1].
  /// - Returns: The eased progress; exactly 0 at 0 and exactly 1 at 1.
  /// - Complexity: O(1).
  @inlinable
  public func value(at progress: Double) -> Double {
    switch self {
    case .linear:
      return progress
    case .cubicBezier(let curve):
      return curve.value(at: progress)
    }
  }
}
