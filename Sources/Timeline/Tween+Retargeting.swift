//===----------------------------------------------------------------------===//
// Timeline: interrupting an animation without a jump (spec TL-20).
//===----------------------------------------------------------------------===//

extension Tween {
  /// Returns the rate of change of the value at `time`, in units per second.
  ///
  /// 0 before the start and after the end; a step easing has velocity 0.
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: d value / d time.
  /// - Complexity: O(1), O(log n) for a `linear()` easing.
  public func velocity(at time: Double) -> Double {
    guard timing.duration > 0, time > start, time < end else { return 0 }
    let fraction = (time - start) / timing.duration
    return (to - from) * timing.easing.slope(at: fraction) / timing.duration
  }

  /// Returns a tween from the value shown at `time` to a new target: the
  /// *restart from presentation* policy.
  ///
  /// The value is continuous (no jump); the velocity restarts from the new
  /// easing's, as UIKit's `beginFromCurrentState` did.
  ///
  /// - Parameters:
  ///   - target: The new final value; finite.
  ///   - time: When the new tween starts.
  ///   - timing: The new tween's timing.
  /// - Returns: The new tween.
  /// - Throws: ``TimelineError`` for a non-finite target or time.
  public func retargeted(to target: Double, at time: Double, timing: AnimationTiming)
    throws(TimelineError)
    -> Tween
  {
    try Tween(from: value(at: time), to: target, start: time, timing: timing)
  }

  /// Returns a spring from the value shown at `time` to a new target that
  /// starts with the velocity shown at `time`: the *preserve velocity*
  /// policy, as SwiftUI merges springs.
  ///
  /// When the remaining distance is 0 the velocity cannot be expressed in
  /// distances per second and is dropped.
  ///
  /// - Parameters:
  ///   - target: The new final value; finite.
  ///   - time: When the spring starts.
  ///   - spring: The spring; its own initial velocity is replaced.
  /// - Returns: The spring tween.
  /// - Throws: ``TimelineError`` for a non-finite target or time.
  public func retargeted(to target: Double, at time: Double, spring: Spring) throws(TimelineError)
    -> SpringTween
  {
    let current = value(at: time)
    let distance = target - current
    let normalised = distance == 0 ? 0 : velocity(at: time) / distance
    return try SpringTween(
      from: current, to: target, start: time, spring: spring.withInitialVelocity(normalised))
  }
}

/// A value moving from `from` to `to` along a spring, starting at a time.
///
/// ```swift
/// let motion = try SpringTween(from: 0, to: 100, start: 0, spring: Spring(duration: 0.5))
/// motion.value(at: 0.25)
/// motion.end  // start + the spring's settling duration
/// ```
public struct SpringTween: Hashable, Sendable {
  /// The value at the start.
  public let from: Double
  /// The value the spring settles at.
  public let to: Double
  /// The start time in seconds.
  public let start: Double
  /// The spring.
  public let spring: Spring

  /// Creates a spring tween.
  ///
  /// - Parameters:
  ///   - from: The starting value; finite.
  ///   - to: The target value; finite.
  ///   - start: The start time; finite.
  ///   - spring: The spring, with its initial velocity in distances per
  ///     second.
  /// - Throws: ``TimelineError`` for non-finite input.
  public init(from: Double, to: Double, start: Double, spring: Spring) throws(TimelineError) {
    try Tween.validate(from: from, to: to, start: start)
    self.from = from
    self.to = to
    self.start = start
    self.spring = spring
  }

  /// The time the spring is considered settled; from then on the value is
  /// exactly `to`.
  public var end: Double { start + spring.settlingDuration }

  /// Returns the value at `time`.
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: `from` before the start, exactly `to` from ``end`` on.
  /// - Complexity: O(1).
  public func value(at time: Double) -> Double {
    if time <= start { return from }
    if time >= end { return to }
    let position = spring.position(at: time - start)
    return from + (to - from) * position
  }

  /// Returns the velocity at `time`, in units per second.
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: d value / d time; 0 from ``end`` on.
  public func velocity(at time: Double) -> Double {
    if time >= end { return 0 }
    return (to - from) * spring.velocity(at: max(time - start, 0))
  }
}
