//===----------------------------------------------------------------------===//
// Timeline: a single interpolation from one value to another over time.
//===----------------------------------------------------------------------===//

/// A value moving from `from` to `to`, starting at a given time, with a
/// timing.
///
/// A tween is a pure function of time: before its start it holds `from`, at
/// and after its end it holds `to` exactly, and in between it interpolates
/// with its easing. Sampling never allocates.
///
/// ```swift
/// let bar = try Tween(from: 0.2, to: 0.8, start: 10,
///                     timing: AnimationTiming(duration: 0.25))
/// bar.value(at: 10.125)  // 0.5
/// bar.end                // 10.25
/// ```
public struct Tween: Hashable, Sendable {
  /// The value at and before the start.
  public let from: Double
  /// The value at and after the end.
  public let to: Double
  /// The time the tween starts, in seconds on the caller's clock.
  public let start: Double
  /// The duration and easing.
  public let timing: AnimationTiming

  /// Creates a tween.
  ///
  /// - Parameters:
  ///   - from: The starting value; finite.
  ///   - to: The final value; finite.
  ///   - start: The start time in seconds; finite.
  ///   - timing: The duration and easing.
  /// - Throws: ``TimelineError/nonFiniteValue(_:)`` or
  ///   ``TimelineError/invalidTime(seconds:)`` for non-finite input.
  public init(from: Double, to: Double, start: Double, timing: AnimationTiming)
    throws(TimelineError)
  {
    try Self.validate(from: from, to: to, start: start)
    self.from = from
    self.to = to
    self.start = start
    self.timing = timing
  }

  /// Checks the endpoints and start of a tween (or a spring tween).
  static func validate(from: Double, to: Double, start: Double) throws(TimelineError) {
    guard from.isFinite else { throw .nonFiniteValue(from) }
    guard to.isFinite else { throw .nonFiniteValue(to) }
    guard start.isFinite else { throw .invalidTime(seconds: start) }
  }

  /// Creates a tween from values the caller has already checked are finite.
  ///
  /// For use inside this package only, where the checks are proven by
  /// construction; out-of-package callers use the throwing initializer.
  package init(uncheckedFrom from: Double, to: Double, start: Double, timing: AnimationTiming) {
    self.from = from
    self.to = to
    self.start = start
    self.timing = timing
  }

  /// The time at which the tween reaches `to`.
  public var end: Double { start + timing.duration }

  /// Returns the linear progress through the tween at `time`, in [0, 1].
  ///
  /// - Parameter time: The time to sample, in seconds.
  /// - Returns: 0 before the start, 1 at and after the end.
  @inlinable
  package func fraction(at time: Double) -> Double {
    if time <= start { return time < start || timing.duration > 0 ? 0 : 1 }
    // Compared with ``end`` itself, not with the elapsed time: far from 0,
    // `time - start` can fall short of the duration at `time == end`.
    if time >= end { return 1 }
    return min((time - start) / timing.duration, 1)
  }

  /// Returns the value of the tween at `time`.
  ///
  /// - Parameter time: The time to sample, in seconds.
  /// - Returns: `from` before the start, exactly `to` at and after the end,
  ///   and the eased interpolation in between.
  /// - Complexity: O(1).
  @inlinable
  public func value(at time: Double) -> Double {
    let linear = fraction(at: time)
    if linear >= 1 { return to }
    if linear <= 0 { return from }
    let eased = timing.easing.value(at: linear)
    return from * (1 - eased) + to * eased
  }

  /// Returns whether the tween has reached its end at `time`.
  ///
  /// - Parameter time: The time to test, in seconds.
  /// - Returns: `true` when `time` is at or after ``end``.
  @inlinable
  package func isFinished(at time: Double) -> Bool {
    time >= end
  }
}
