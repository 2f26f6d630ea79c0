//===----------------------------------------------------------------------===//
// ProgressStateMachine: values derived from the state (spec PV, PX, AX).
//===----------------------------------------------------------------------===//

import Timeline

extension ProgressState {
  /// The current progress type (PT-1).
  public var progressType: ProgressType { mode.progressType }

  /// The model progress in [0, 1].
  ///
  /// It is the target of the last applied `setProgress`, even while the bar
  /// is still animating towards it (PV-4), and always 0 while indeterminate
  /// (PT-3, TS-1).
  public var progress: Double {
    switch mode {
    case .determinateIdle(let progress): return progress
    case .determinateAnimating(let animation): return animation.tween.to
    case .indeterminateStopped, .indeterminateRunning: return 0
    }
  }

  /// Returns the determinate value the bar shows at `time` (DA-1).
  ///
  /// Equal to ``progress`` except while a determinate animation runs.
  ///
  /// - Parameter time: The time to sample, in seconds.
  /// - Returns: The shown value; 0 while indeterminate.
  /// - Complexity: O(1); one easing evaluation while animating.
  public func presentedProgress(at time: Double) -> Double {
    switch mode {
    case .determinateIdle(let progress): return progress
    case .determinateAnimating(let animation): return animation.tween.value(at: time)
    case .indeterminateStopped, .indeterminateRunning: return 0
    }
  }

  /// Whether the indeterminate loop runs (IA-1).
  public var isIndeterminateAnimating: Bool {
    if case .indeterminateRunning = mode { return true }
    return false
  }

  /// The running loop's time at `time`: seconds run since it started, not
  /// counting time spent hidden (IA-1, VS-9); `nil` when no loop runs.
  ///
  /// - Parameter time: The host's time.
  /// - Returns: The loop time, or `nil`.
  public func loopTime(at time: Double) -> Double? {
    guard case .indeterminateRunning(let clock) = mode else { return nil }
    return clock.loopTime(at: time)
  }

  /// Whether the indicator is fully hidden (VS-5).
  public var isHidden: Bool { visibility == .hidden }

  /// Returns the visible fraction at `time`: 1 shown, 0 hidden (VS-3).
  ///
  /// - Parameter time: The time to sample, in seconds.
  /// - Returns: The fraction; between 0 and 1 while a show or hide runs.
  /// - Complexity: O(1).
  public func visibleFraction(at time: Double) -> Double {
    switch visibility {
    case .shown: return 1
    case .hidden: return 0
    case .hiding(let animation), .showing(let animation): return animation.tween.value(at: time)
    }
  }

  /// The whole-number percentage shown as text, or `nil` when none is shown:
  /// only a determinate indicator with a `percentage` style shows one (PX-1,
  /// PX-4).
  package var percentage: Int? {
    guard progressType == .determinate, configuration.variant.showsPercentage else { return nil }
    return Self.wholePercent(of: progress)
  }

  /// The percentage text, such as `"29%"`, or `nil` when none is shown (PX-1).
  ///
  /// - Complexity: O(1): the 101 texts are made once, so sampling a frame
  ///   formats nothing.
  public var percentageText: String? {
    percentage.map { Self.percentageTexts[$0] }
  }

  /// "0%" to "100%", indexed by the whole percentage.
  static let percentageTexts: [String] = (0...100).map { "\($0)%" }

  /// The value assistive technologies read (AX-2 to AX-4): the whole
  /// percentage when determinate, `inProgress` or `halted` when
  /// indeterminate, and `nil` while hidden.
  public var accessibilityValue: AccessibilityValue? {
    if isHidden { return nil }
    switch mode {
    case .determinateIdle, .determinateAnimating: return .percent(Self.wholePercent(of: progress))
    case .indeterminateRunning: return .inProgress
    case .indeterminateStopped: return .halted
    }
  }

  /// Whether what is drawn changes with time, so a driver must produce
  /// frames (MS-5): a determinate or visibility animation runs, or the
  /// indeterminate loop runs while not hidden and with motion not reduced
  /// (a reduced-motion loop is a static indication, IM-6).
  public var isAnimating: Bool {
    if case .determinateAnimating = mode { return true }
    if visibility.animation != nil { return true }
    return isIndeterminateAnimating && !isHidden && !configuration.reducesMotion
  }

  /// Whether a `.tick` at `time` leaves every frame of the state as it
  /// was: no determinate or visibility animation ends by then, so at most
  /// an announcement falls due, which changes what is announced, not what
  /// is drawn (FR-9).
  ///
  /// - Parameter time: The time of the tick.
  /// - Returns: `false` when an animation ends by `time`.
  package func tickLeavesFrames(at time: Double) -> Bool {
    if case .determinateAnimating(let animation) = mode, animation.tween.end <= time {
      return false
    }
    if let animation = visibility.animation, animation.tween.end <= time { return false }
    return true
  }

  /// The earliest time at which the machine changes by itself.
  ///
  /// That is when an animation ends or an announcement falls due; `nil` when
  /// nothing is pending (MS-5). A looping indeterminate animation has no
  /// deadline.
  public var nextDeadline: Double? {
    var earliest: Double?
    func consider(_ candidate: Double?) {
      guard let candidate else { return }
      if let current = earliest, current <= candidate { return }
      earliest = candidate
    }
    if case .determinateAnimating(let animation) = mode { consider(animation.tween.end) }
    consider(visibility.animation?.tween.end)
    consider(announcement.due)
    return earliest
  }

  /// Returns `progress × 100` rounded to a whole number, ties up (PX-2).
  ///
  /// The product is nudged by 1e-9 before rounding so that decimal inputs
  /// whose binary value lies a hair below a tie (0.145 is stored as
  /// 0.14499999999999999) still round up, as their decimal form says.
  ///
  /// - Parameter progress: A value in [0, 1].
  /// - Returns: A whole percentage in 0...100.
  package static func wholePercent(of progress: Double) -> Int {
    let clamped = progress.isNaN ? 0 : min(max(progress, 0), 1)
    return Int((clamped * 100 + 0.5 + 1e-9).rounded(.down))
  }
}
