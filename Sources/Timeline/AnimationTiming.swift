//===----------------------------------------------------------------------===//
// Timeline: the duration and easing of one animation.
//===----------------------------------------------------------------------===//

/// How long an animation lasts and how it eases.
///
/// A timing is validated once, when it is created, so every value of this type
/// describes a real animation: the duration is finite and not negative.
///
/// ```swift
/// let quick = try AnimationTiming(duration: 0.25, easing: .linear)
/// let none = AnimationTiming.immediate  // duration 0: changes apply at once
/// ```
public struct AnimationTiming: Hashable, Sendable {
  /// The length of the animation in seconds, finite and ≥ 0.
  public let duration: Double
  /// The easing applied to the animation's progress.
  public let easing: Easing

  /// Creates a timing.
  ///
  /// - Parameters:
  ///   - duration: The length in seconds; finite and ≥ 0.
  ///   - easing: The easing curve; linear by default.
  /// - Throws: ``TimelineError/invalidDuration(seconds:)`` when `duration` is
  ///   negative, NaN or infinite.
  public init(duration: Double, easing: Easing = .linear) throws(TimelineError) {
    guard duration.isFinite, duration >= 0 else {
      throw .invalidDuration(seconds: duration)
    }
    self.duration = duration
    self.easing = easing
  }

  /// A zero-length timing: a change made with it applies at once.
  public static let immediate = AnimationTiming(uncheckedDuration: 0, easing: .linear)

  /// Creates a timing whose duration is known to be valid.
  init(uncheckedDuration duration: Double, easing: Easing) {
    self.duration = duration
    self.easing = easing
  }

  /// Returns this timing with its duration multiplied by `factor`.
  ///
  /// Used to run a partial animation at the same speed as a full one, for
  /// example a reversal that covers only part of the distance.
  ///
  /// - Parameter factor: A scale in [0, 1]; values outside are clamped.
  /// - Returns: The scaled timing, with the same easing.
  package func scaled(by factor: Double) -> AnimationTiming {
    let clamped = factor.isNaN ? 0 : min(max(factor, 0), 1)
    return AnimationTiming(uncheckedDuration: duration * clamped, easing: easing)
  }
}
