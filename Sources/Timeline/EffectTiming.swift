//===----------------------------------------------------------------------===//
// Timeline: the timing model of Web Animations Level 1 (spec TL-11 to TL-14).
//===----------------------------------------------------------------------===//

/// The timing of an animation effect, as Web Animations Level 1 defines it:
/// delay, iterations, direction, fill and easing.
///
/// ``computedTiming(at:playbackRate:)`` runs the specification's chain —
/// phase, active time, overall progress, simple iteration progress, current
/// iteration, directed progress, transformed progress — for a local time.
///
/// ```swift
/// let loop = try EffectTiming(iterations: .infinity, duration: 1.2, easing: .easeInOut)
/// let timing = loop.computedTiming(at: 3.0)
/// timing.currentIteration  // 2
/// timing.progress          // ease-in-out of 0.5 = 0.5
/// ```
public struct EffectTiming: Hashable, Sendable {
  /// Whether an effect applies outside its active interval.
  public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Not outside the active interval.
    case none
    /// After the active interval, holding the end value.
    case forwards
    /// Before the active interval, holding the start value.
    case backwards
    /// Both before and after.
    case both
    /// For keyframe effects, the same as `none`.
    case auto
  }

  /// The direction of each iteration.
  public enum PlaybackDirection: String, Hashable, Sendable, CaseIterable {
    /// Every iteration runs forwards.
    case normal
    /// Every iteration runs backwards.
    case reverse
    /// Even iterations forwards, odd ones backwards.
    case alternate
    /// Even iterations backwards, odd ones forwards.
    case alternateReverse = "alternate-reverse"
  }

  /// The time before the active interval, in seconds; may be negative.
  public let delay: Double
  /// The time after the active interval, in seconds; may be negative.
  public let endDelay: Double
  /// Whether the effect applies outside its active interval.
  public let fill: FillMode
  /// The iteration the effect starts at, ≥ 0 (0.5 starts half-way through
  /// the first iteration).
  public let iterationStart: Double
  /// The number of iterations, ≥ 0, fractional or `.infinity`.
  public let iterations: Double
  /// The duration of one iteration in seconds, ≥ 0, or `.infinity`.
  public let duration: Double
  /// The direction of each iteration.
  public let direction: PlaybackDirection
  /// The easing of each iteration (the effect's timing function).
  public let easing: Easing

  /// Creates a timing.
  ///
  /// - Parameters:
  ///   - delay: Seconds before the active interval; finite.
  ///   - endDelay: Seconds after the active interval; finite.
  ///   - fill: The fill mode; `auto` by default.
  ///   - iterationStart: The starting iteration; finite and ≥ 0.
  ///   - iterations: The iteration count; ≥ 0, may be infinite.
  ///   - duration: The iteration duration in seconds; ≥ 0, may be infinite.
  ///   - direction: The playback direction; `normal` by default.
  ///   - easing: The easing of each iteration; linear by default.
  /// - Throws: ``TimelineError/invalidTiming(field:value:)`` naming the first
  ///   field out of range, as Web Animations throws a `TypeError`.
  public init(
    delay: Double = 0,
    endDelay: Double = 0,
    fill: FillMode = .auto,
    iterationStart: Double = 0,
    iterations: Double = 1,
    duration: Double = 0,
    direction: PlaybackDirection = .normal,
    easing: Easing = .linear
  ) throws(TimelineError) {
    guard delay.isFinite else { throw .invalidTiming(field: "delay", value: delay) }
    guard endDelay.isFinite else { throw .invalidTiming(field: "endDelay", value: endDelay) }
    guard iterationStart.isFinite, iterationStart >= 0 else {
      throw .invalidTiming(field: "iterationStart", value: iterationStart)
    }
    guard !iterations.isNaN, iterations >= 0 else {
      throw .invalidTiming(field: "iterations", value: iterations)
    }
    guard !duration.isNaN, duration >= 0 else {
      throw .invalidTiming(field: "duration", value: duration)
    }
    self.delay = delay
    self.endDelay = endDelay
    self.fill = fill
    self.iterationStart = iterationStart
    self.iterations = iterations
    self.duration = duration
    self.direction = direction
    self.easing = easing
  }

  /// The active duration: duration × iterations, and 0 when either is 0.
  @inlinable
  public var activeDuration: Double {
    if duration == 0 || iterations == 0 { return 0 }
    return duration * iterations
  }

  /// The end time: max(delay + active duration + end delay, 0).
  @inlinable
  public var endTime: Double {
    max(delay + activeDuration + endDelay, 0)
  }

  /// Computes every timing value of the effect at a local time.
  ///
  /// - Parameters:
  ///   - localTime: The effect's local time in seconds, or `nil` when the
  ///     animation has no current time (then every value is unresolved).
  ///   - playbackRate: The animation's playback rate; only its sign matters
  ///     here, for the phase boundaries and the before flag.
  /// - Returns: The phase and the progress chain.
  /// - Complexity: O(1) plus one easing evaluation.
  @inlinable @inline(__always)
  @_optimize(speed)
  public func computedTiming(at localTime: Double?, playbackRate: Double = 1) -> ComputedTiming {
    guard let localTime, !localTime.isNaN else { return .idle }
    let activeDuration = self.activeDuration
    let endTime = self.endTime
    let beforeActive = max(min(delay, endTime), 0)
    let activeAfter = max(min(delay + activeDuration, endTime), 0)
    let phase: ComputedTiming.Phase
    if localTime < beforeActive || (playbackRate < 0 && localTime == beforeActive) {
      phase = .before
    } else if localTime > activeAfter || (playbackRate >= 0 && localTime == activeAfter) {
      phase = .after
    } else {
      phase = .active
    }

    // Active time.
    let activeTime: Double?
    switch phase {
    case .before:
      activeTime = (fill == .backwards || fill == .both) ? max(localTime - delay, 0) : nil
    case .active:
      activeTime = localTime - delay
    case .after:
      activeTime =
        (fill == .forwards || fill == .both)
        ? max(min(localTime - delay, activeDuration), 0) : nil
    case .idle:
      activeTime = nil
    }
    guard let activeTime else {
      return ComputedTiming(phase: phase, activeDuration: activeDuration, endTime: endTime)
    }

    // Overall progress.
    var overall: Double
    if duration == 0 {
      overall = phase == .before ? 0 : iterations
    } else {
      overall = activeTime / duration
    }
    overall += iterationStart

    // Simple iteration progress, with the end-of-iteration rule.
    // x mod 1 for x ≥ 0, exactly: subtracting the integer part is exact.
    let wrapped = overall.isInfinite ? iterationStart : overall
    var simple = wrapped - wrapped.rounded(.towardZero)
    if simple == 0, phase == .active || phase == .after, activeTime == activeDuration,
      iterations != 0
    {
      simple = 1
    }

    // Current iteration.
    let currentIteration: Double
    if phase == .after && iterations.isInfinite {
      currentIteration = .infinity
    } else if simple == 1 {
      currentIteration = overall.rounded(.down) - 1
    } else {
      currentIteration = overall.rounded(.down)
    }

    // Directed progress.
    let forwards: Bool
    switch direction {
    case .normal: forwards = true
    case .reverse: forwards = false
    case .alternate, .alternateReverse:
      var d = currentIteration
      if direction == .alternateReverse { d += 1 }
      forwards = d.isInfinite || (d * 0.5).rounded(.down) * 2 == d
    }
    let directed = forwards ? simple : 1 - simple

    // Transformed progress.
    let beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)
    let progress = easing.value(at: directed, beforeFlag: beforeFlag)
    return ComputedTiming(
      phase: phase, activeDuration: activeDuration, endTime: endTime, activeTime: activeTime,
      overallProgress: overall, simpleIterationProgress: simple,
      currentIteration: currentIteration, directedProgress: directed, progress: progress)
  }
}

/// The timing values of an effect at one local time.
///
/// This is Web Animations' `ComputedEffectTiming`; unresolved values are
/// `nil`.
public struct ComputedTiming: Hashable, Sendable {
  /// The phase of an effect at a local time.
  public enum Phase: String, Hashable, Sendable, CaseIterable {
    /// Before the active interval.
    case before
    /// In the active interval.
    case active
    /// After the active interval.
    case after
    /// No local time: the animation is idle.
    case idle
  }

  /// The phase.
  public var phase: Phase
  /// The active duration of the effect.
  public var activeDuration: Double
  /// The end time of the effect.
  public var endTime: Double
  /// The active time, or `nil` outside the active interval without fill.
  public var activeTime: Double?
  /// The overall progress: iterations completed, plus the iteration start.
  public var overallProgress: Double?
  /// The progress within the current iteration, in [0, 1].
  public var simpleIterationProgress: Double?
  /// The current iteration, from 0; `.infinity` after an endless effect.
  public var currentIteration: Double?
  /// The simple progress with the direction applied.
  public var directedProgress: Double?
  /// The iteration progress after the easing: what drives the keyframes.
  public var progress: Double?

  /// Every value unresolved: an effect without a local time.
  @usableFromInline package static let idle = ComputedTiming(
    phase: .idle, activeDuration: 0, endTime: 0)

  /// Creates a computed timing; unresolved values default to `nil`.
  @usableFromInline
  init(
    phase: Phase, activeDuration: Double, endTime: Double, activeTime: Double? = nil,
    overallProgress: Double? = nil, simpleIterationProgress: Double? = nil,
    currentIteration: Double? = nil, directedProgress: Double? = nil, progress: Double? = nil
  ) {
    self.phase = phase
    self.activeDuration = activeDuration
    self.endTime = endTime
    self.activeTime = activeTime
    self.overallProgress = overallProgress
    self.simpleIterationProgress = simpleIterationProgress
    self.currentIteration = currentIteration
    self.directedProgress = directedProgress
    self.progress = progress
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension EffectTiming.FillMode: Codable {}
  extension EffectTiming.PlaybackDirection: Codable {}
  extension ComputedTiming.Phase: Codable {}
#endif
