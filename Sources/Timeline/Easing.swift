//===----------------------------------------------------------------------===//
// Timeline: easing functions, mapping input progress to output progress.
//===----------------------------------------------------------------------===//

/// A function that maps the progress of an animation to the progress of its
/// value, with the semantics of CSS Easing Level 2 and Core Animation.
///
/// Every easing maps 0 to 0 and 1 to 1 (a step easing at its jump points
/// aside); in between it may accelerate, decelerate, overshoot or jump.
/// Easings are written and read in their CSS text form with
/// ``init(cssText:)`` and ``cssText``.
///
/// ```swift
/// Easing.linear.value(at: 0.25)                    // 0.25
/// Easing.easeInOut.value(at: 0.25)                 // ≈ 0.1292
/// try Easing(cssText: "steps(4)").value(at: 0.3)   // 0.25
/// ```
public indirect enum Easing: Hashable, Sendable {
  /// The identity: output progress equals input progress.
  case linear
  /// A cubic Bézier curve: CSS `cubic-bezier()` and the named curves.
  case cubicBezier(CubicBezier)
  /// A staircase: CSS `steps()`, `step-start`, `step-end`.
  case steps(StepEasing)
  /// A piecewise-linear curve: CSS `linear(...)`.
  case piecewiseLinear(PiecewiseLinearEasing)
  /// A spring, run over its settling duration: input 1 is the time at which
  /// it settles (and the output is then exactly 1).
  case spring(Spring)

  /// CSS `ease` and Core Animation `default`.
  public static let ease = Easing.cubicBezier(.ease)
  /// CSS `ease-in` and Core Animation `easeIn`.
  public static let easeIn = Easing.cubicBezier(.easeIn)
  /// CSS `ease-out` and Core Animation `easeOut`.
  public static let easeOut = Easing.cubicBezier(.easeOut)
  /// CSS `ease-in-out` and Core Animation `easeInEaseOut`.
  public static let easeInOut = Easing.cubicBezier(.easeInOut)

  /// Core Animation's named timing functions, by their Core Animation names.
  public enum CoreAnimationName: String, Hashable, Sendable, CaseIterable {
    /// `kCAMediaTimingFunctionLinear`.
    case linear
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    case easeIn
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    case easeOut
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1).
    case easeInEaseOut
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1), CSS `ease`.
    case `default`
  }

  /// Returns the easing of a Core Animation named timing function.
  ///
  /// - Parameter name: The Core Animation name.
  /// - Returns: The equivalent easing.
  public static func coreAnimation(_ name: CoreAnimationName) -> Easing {
    switch name {
    case .linear: return .linear
    case .easeIn: return .easeIn
    case .easeOut: return .easeOut
    case .easeInEaseOut: return .easeInOut
    case .default: return .ease
    }
  }

  /// Returns the output progress for an input progress.
  ///
  /// - Parameters:
  ///   - progress: The input progress, usually in [0, 1]; chained easings
  ///     can pass values outside, which are extrapolated.
  ///   - beforeFlag: The before flag of CSS Easing: set in the before phase
  ///     playing forwards or the after phase playing backwards. Only step
  ///     easings read it.
  /// - Returns: The eased progress.
  /// - Complexity: O(1), except O(log n) for a `linear()` of n points.
  @inlinable
  @_optimize(speed)
  public func value(at progress: Double, beforeFlag: Bool = false) -> Double {
    switch self {
    case .linear:
      return progress
    case .cubicBezier(let curve):
      return curve.value(at: progress)
    case .steps(let steps):
      return steps.value(at: progress, beforeFlag: beforeFlag)
    case .piecewiseLinear(let curve):
      return curve.value(at: progress)
    case .spring(let spring):
      if progress >= 1 { return 1 }
      return spring.position(at: progress * spring.settlingDuration)
    }
  }

  /// Returns the slope d output / d input at an input progress.
  ///
  /// Used to carry velocity into a retargeted animation. Steps have slope 0.
  ///
  /// - Parameter progress: The input progress.
  /// - Returns: The derivative of the output.
  /// - Complexity: O(1), except O(log n) for a `linear()` of n points.
  package func slope(at progress: Double) -> Double {
    switch self {
    case .linear:
      return 1
    case .cubicBezier(let curve):
      return curve.slope(at: progress)
    case .steps:
      return 0
    case .piecewiseLinear(let curve):
      return curve.slope(at: progress)
    case .spring(let spring):
      if progress >= 1 || progress < 0 { return 0 }
      return spring.velocity(at: progress * spring.settlingDuration) * spring.settlingDuration
    }
  }
}
