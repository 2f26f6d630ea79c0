//===----------------------------------------------------------------------===//
// Timeline: an animation's current time and playback rate (spec TL-15).
//===----------------------------------------------------------------------===//

/// Maps a timeline time to an animation's current time, with a playback rate
/// that may be negative or zero, and pausing.
///
/// The current time is (timeline time − start time) × rate, as in Web
/// Animations; changing the rate or pausing keeps the current time where it
/// is, so the animation never jumps.
///
/// ```swift
/// var playback = Playback(startTime: 10)
/// playback.currentTime(at: 11)          // 1
/// playback.setPlaybackRate(-2, at: 11)  // current time stays 1
/// playback.currentTime(at: 11.25)       // 0.5
/// ```
public struct Playback: Hashable, Sendable {
  /// The timeline time at which the current time was (or would be) 0.
  public private(set) var startTime: Double
  /// The playback rate: 1 is normal speed, negative plays backwards, 0 holds.
  public private(set) var playbackRate: Double
  /// Whether the playback is paused.
  public private(set) var isPaused: Bool
  /// The current time while paused or at rate 0.
  private var heldTime: Double

  /// Creates a playback that is playing.
  ///
  /// - Parameters:
  ///   - startTime: The timeline time at which the current time is 0.
  ///   - playbackRate: The rate; 1 by default. A non-finite rate is
  ///     treated as 0.
  public init(startTime: Double, playbackRate: Double = 1) {
    self.startTime = startTime
    self.playbackRate = playbackRate.isFinite ? playbackRate : 0
    isPaused = false
    heldTime = 0
  }

  /// Whether the current time is held: paused, or at rate 0.
  private var holds: Bool { isPaused || playbackRate == 0 }

  /// Returns the animation's current time at a timeline time.
  ///
  /// - Parameter timelineTime: The time of the timeline (the clock).
  /// - Returns: The current time, in the animation's local seconds.
  public func currentTime(at timelineTime: Double) -> Double {
    holds ? heldTime : (timelineTime - startTime) * playbackRate
  }

  /// Changes the playback rate, keeping the current time.
  ///
  /// - Parameters:
  ///   - rate: The new rate; a non-finite rate is treated as 0.
  ///   - timelineTime: The time of the change.
  public mutating func setPlaybackRate(_ rate: Double, at timelineTime: Double) {
    let current = currentTime(at: timelineTime)
    playbackRate = rate.isFinite ? rate : 0
    seek(to: current, at: timelineTime)
  }

  /// Sets the current time, keeping the rate.
  ///
  /// - Parameters:
  ///   - currentTime: The new current time.
  ///   - timelineTime: The time of the change.
  public mutating func seek(to currentTime: Double, at timelineTime: Double) {
    if holds {
      heldTime = currentTime
    } else {
      startTime = timelineTime - currentTime / playbackRate
    }
  }

  /// Pauses, holding the current time.
  ///
  /// - Parameter timelineTime: The time of the pause.
  public mutating func pause(at timelineTime: Double) {
    heldTime = currentTime(at: timelineTime)
    isPaused = true
  }

  /// Resumes from the held current time.
  ///
  /// - Parameter timelineTime: The time of the resumption.
  public mutating func play(at timelineTime: Double) {
    guard isPaused else { return }
    isPaused = false
    seek(to: heldTime, at: timelineTime)
  }
}
