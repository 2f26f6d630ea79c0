//===----------------------------------------------------------------------===//
// ProgressTesting: invariants as reusable checks, each tied to a spec rule.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
import ProgressStateMachine
import Timeline

/// What an invariant sees of one step.
public struct InvariantContext: Sendable {
  /// The step's position in the scenario, from 0.
  public var stepIndex: Int
  /// The step.
  public var step: ProgressStep
  /// The step's absolute time.
  public var time: Double
  /// The observation before the step, or `nil` at the first one.
  public var before: ProgressObservation?
  /// The observation after the step.
  public var after: ProgressObservation

  /// Creates the context of one step.
  ///
  /// - Parameters:
  ///   - stepIndex: The step's position, from 0.
  ///   - step: The step.
  ///   - time: Its absolute time.
  ///   - before: The observation before it, or `nil` at the first.
  ///   - after: The observation after it.
  package init(
    stepIndex: Int, step: ProgressStep, time: Double, before: ProgressObservation?,
    after: ProgressObservation
  ) {
    self.stepIndex = stepIndex
    self.step = step
    self.time = time
    self.before = before
    self.after = after
  }

  /// The context of a model after a transition: for a test suite that
  /// drives models itself, and the soak run and the fuzzers (spec PB-8).
  ///
  /// Pass the previous context's ``after`` as `before`, and the invariants
  /// that compare two steps (TS-1's reset, FR-5's frames only on change)
  /// are checked too.
  ///
  /// ```swift
  /// var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
  /// var before: ProgressObservation?
  /// for (time, event) in [(0.0, ProgressEvent.setProgress(0.5, animated: true)), (1, .tick)] {
  ///   let transition = model.send(event, at: time)
  ///   let context = InvariantContext(model: model, transition: transition, before: before)
  ///   print(ProgressInvariant.standard.violations(context))   // []
  ///   before = context.after
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - model: The model after the transition.
  ///   - transition: The transition it made.
  ///   - before: The observation before it, or `nil` when unknown (the
  ///     invariants that compare with it are then skipped).
  ///   - time: The time of the frame to check; the transition's by default.
  public init(
    model: borrowing ProgressIndicatorModel, transition: ProgressTransition,
    before: ProgressObservation? = nil, frameTime time: Double? = nil
  ) {
    let at = time ?? transition.time
    // Each field set here, not through `init(stepIndex:…)`: a context is
    // made every step of the soak run and the fuzzers, and delegating
    // copied it whole.
    stepIndex = 0
    step = ProgressStep(delay: 0, event: transition.event)
    self.time = at
    self.before = before
    after = ProgressObservation(
      state: model.state, transition: transition, requests: RequestNumbering(),
      boxedFrame: Boxed(model.frame(at: at)))
  }
}

/// A property every step must keep, named by the spec rule it checks.
///
/// ```swift
/// let noNegative = ProgressInvariant(rule: "PV-1", name: "progress ≥ 0") { context in
///   context.after.progress >= 0 ? nil : "progress \(context.after.progress)"
/// }
/// ```
public struct ProgressInvariant: Sendable {
  /// The spec rule, such as `"TS-1"`.
  public let rule: String
  /// What it checks, in words.
  public let name: String
  private let body: @Sendable (InvariantContext) -> String?

  /// Creates an invariant.
  ///
  /// - Parameters:
  ///   - rule: The spec rule ID.
  ///   - name: What it checks.
  ///   - check: Returns `nil` when the step keeps it, otherwise what went
  ///     wrong.
  public init(rule: String, name: String, check: @escaping @Sendable (InvariantContext) -> String?)
  {
    self.rule = rule
    self.name = name
    body = check
  }

  /// Checks one step.
  ///
  /// - Parameter context: The step.
  /// - Returns: `nil`, or what went wrong.
  public func check(_ context: InvariantContext) -> String? {
    body(context)
  }
}

extension ProgressInvariant {
  /// The whole-number percentage, rounded half up as PX-2 says, computed
  /// here from the rule rather than by asking the machine (the formula is
  /// the rule's, so it matches the machine's by design; the rounding itself
  /// is checked against exact integer arithmetic in PercentageTextTests).
  static func expectedPercent(_ progress: Double) -> Int {
    Int((progress * 100 + 0.5 + 1e-9).rounded(.down))
  }

  /// Progress always within [0, 1] (PV-1, PV-2).
  static let progressInRange = ProgressInvariant(
    rule: "PV-1", name: "progress stays within [0, 1]"
  ) {
    let progress = $0.after.progress
    return progress >= 0 && progress <= 1 ? nil : "progress is \(progress)"
  }

  /// The percentage text is the rounded whole percent of the progress (PX-2).
  static let percentageRounded = ProgressInvariant(
    rule: "PX-2", name: "the percentage is the progress × 100 rounded half up"
  ) {
    guard let text = $0.after.percentageText else { return nil }
    let expected = "\(expectedPercent($0.after.progress))%"
    return text == expected
      ? nil : "shows \(text) for progress \($0.after.progress), expected \(expected)"
  }

  /// No percentage text while indeterminate (PX-4).
  static let noPercentageWhileIndeterminate = ProgressInvariant(
    rule: "PX-4", name: "no percentage text while indeterminate"
  ) {
    $0.after.progressType == .indeterminate && $0.after.percentageText != nil
      ? "shows \($0.after.percentageText ?? "") while indeterminate" : nil
  }

  /// A type switch leaves progress at 0 (TS-1).
  static let switchResets = ProgressInvariant(
    rule: "TS-1", name: "a type switch leaves progress at 0"
  ) {
    guard case .setProgressType(let type) = $0.step.event, let before = $0.before,
      before.progressType != type,
      $0.after.outcome == .applied
    else { return nil }
    return $0.after.progress == 0
      ? nil : "progress is \($0.after.progress) after switching to \(type)"
  }

  /// Determinate means no loop running (TS-3).
  static let noLoopWhileDeterminate = ProgressInvariant(
    rule: "TS-3", name: "a determinate indicator runs no indeterminate animation"
  ) {
    $0.after.progressType == .determinate && $0.after.isIndeterminateAnimating
      ? "the loop runs while determinate" : nil
  }

  /// Start and stop change nothing on a determinate indicator (IA-6).
  static let startStopIgnoredWhenDeterminate = ProgressInvariant(
    rule: "IA-6", name: "start and stop change nothing on a determinate indicator"
  ) {
    guard $0.before?.progressType == .determinate else { return nil }
    switch $0.step.event {
    case .startIndeterminateAnimation, .stopIndeterminateAnimation:
      if $0.after.outcome != .ignored { return "\($0.step.event) was \($0.after.outcome)" }
      if $0.after.isIndeterminateAnimating { return "\($0.step.event) started a loop" }
      if $0.after.progress != $0.before?.progress {
        return "\($0.step.event) changed the progress"
      }
      return nil
    default:
      return nil
    }
  }

  /// Indeterminate is never read out as a percentage (AX-3).
  static let noPercentReadWhileIndeterminate = ProgressInvariant(
    rule: "AX-3", name: "assistive technologies never read a percentage while indeterminate"
  ) {
    guard $0.after.progressType == .indeterminate, case .percent = $0.after.accessibilityValue
    else { return nil }
    return "reads \($0.after.accessibilityValue.map { "\($0)" } ?? "") while indeterminate"
  }

  /// Everything drawn stays inside the frame, unless the frame clips (LG-1,
  /// LG-4).
  static let geometryInBounds = ProgressInvariant(
    rule: "LG-1", name: "the frame's geometry stays inside its bounds or is clipped"
  ) {
    guard let box = $0.after.boxedFrame, box.value.clip == nil else { return nil }
    return box.geometryLeavingBounds()
  }

  /// No frame while nothing changes, and never a stale picture (FR-5): for
  /// implementations that feed sinks.
  package static let framesOnlyOnChange = ProgressInvariant(
    rule: "FR-5", name: "no frame while nothing changes, and the sinks never show a stale picture"
  ) {
    guard let display = $0.after.display else { return nil }
    if let emitted = display.emitted, let previous = display.previouslyEmitted,
      emitted.showsSamePicture(as: previous)
    {
      return
        "a frame was sent at \(emitted.time) though nothing visible changed since \(previous.time)"
    }
    guard let shown = display.shown, shown.showsSamePicture(as: display.truth) else {
      return "the sinks show a stale picture at \(display.truth.time)"
    }
    return nil
  }

  /// No progress while indeterminate (PT-3).
  static let noProgressWhileIndeterminate = ProgressInvariant(
    rule: "PT-3", name: "progress is 0 while indeterminate"
  ) {
    $0.after.progressType == .indeterminate && $0.after.progress != 0
      ? "progress is \($0.after.progress) while indeterminate" : nil
  }

  /// A frame's numbers are whole: a finite time and presented progress, a
  /// visible fraction in [0, 1], a finite line width ≥ 0, and segments with
  /// finite fractions, start ≤ end (FR-1).
  package static let frameIsWellFormed = ProgressInvariant(
    rule: "FR-1", name: "a frame's numbers are finite and in their documented ranges"
  ) {
    guard let box = $0.after.boxedFrame else { return nil }
    return box.malformation()
  }

  /// A hidden indicator draws nothing and is not read out (FR-3, AX-4).
  static let hiddenDrawsNothing = ProgressInvariant(
    rule: "FR-3", name: "a hidden indicator draws nothing and has no accessibility value"
  ) {
    guard let box = $0.after.boxedFrame, box.value.isHidden else { return nil }
    if !box.value.segments.isEmpty || box.value.track != nil { return "hidden but drawn" }
    if box.value.percentage != nil || box.value.leftLabel != nil || box.value.image != nil {
      return "hidden but a text or image is drawn"
    }
    return box.value.accessibilityValue == nil ? nil : "hidden with an accessibility value"
  }

  /// Material 3's geometry is whole (MT-19): the wave stays within its
  /// full amplitude of the path (3 pt on a bar, 1.6 pt on a ring), its
  /// wavelength is positive and, on a ring, divides the circle into a whole
  /// even number of waves, its offset lies in [0, 1); the gap is never
  /// negative (the track starts at or after the indicator's end) and the
  /// stop indicator is a square of a size ≥ 0.
  static let material3GeometryIsWhole = ProgressInvariant(
    rule: "MT-19", name: "Material 3's wave, gap and stop indicator are within their bounds"
  ) {
    guard let box = $0.after.boxedFrame else { return nil }
    return box.material3Problem()
  }

  /// The standard set: every invariant above.
  ///
  /// The kit's property tests, the soak run and the event fuzzer all check
  /// exactly this set, in this order:
  /// a step that breaks several rules is reported under the first, so the
  /// rules about a step (TS-1) come before those about a state (PT-3).
  public static let standard: [ProgressInvariant] = [
    progressInRange, switchResets, noProgressWhileIndeterminate, percentageRounded,
    noPercentageWhileIndeterminate, noLoopWhileDeterminate,
    startStopIgnoredWhenDeterminate, noPercentReadWhileIndeterminate, frameIsWellFormed,
    hiddenDrawsNothing, geometryInBounds, framesOnlyOnChange, material3GeometryIsWhole,
  ]
}

extension Sequence where Element == ProgressInvariant {
  /// The invariants a step breaks, each as `RULE: what went wrong`; empty
  /// when every one holds.
  ///
  /// ```swift
  /// var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
  /// let transition = model.send(.setProgress(0.5, animated: true), at: 1)
  /// ProgressInvariant.standard.violations(InvariantContext(model: model, transition: transition))
  /// // []
  /// ```
  ///
  /// - Parameter context: The step.
  /// - Returns: The violations, in the order of the invariants.
  /// - Complexity: O(*n*) for *n* invariants.
  @inlinable
  public func violations(_ context: InvariantContext) -> [String] {
    // A loop, inlinable: specialised where it is called, the context passed
    // to each check as it is, not captured by a closure.
    var broken: [String] = []
    // In place when the invariants are contiguous (an array): each one read
    // where it is, not copied (two strings and a closure retained and
    // released per invariant per step).
    let checked: Void? = withContiguousStorageIfAvailable { invariants in
      for index in invariants.indices {
        if let message = invariants[index].check(context) {
          broken.append("\(invariants[index].rule): \(message)")
        }
      }
    }
    if checked == nil {
      for invariant in self {
        if let message = invariant.check(context) {
          broken.append("\(invariant.rule): \(message)")
        }
      }
    }
    return broken
  }

  /// The invariants a model breaks at `time`, after a tick there: for
  /// checks of a model alone, outside a scenario (the invariants that compare
  /// with the step before are skipped).
  ///
  /// - Parameters:
  ///   - model: The model; it is not changed.
  ///   - time: The time to check; the model's own time by default.
  /// - Returns: The violations, each as `RULE: what went wrong`.
  package func violations(of model: ProgressIndicatorModel, at time: Double? = nil) -> [String] {
    var ticked = model
    let transition = ticked.send(.tick, at: time ?? model.state.time)
    return violations(InvariantContext(model: ticked, transition: transition))
  }
}

/// The checks of a frame in its box: each field read where it is (the frame
/// passed as an argument was copied whole, 900 bytes, every step).
extension Boxed where Value == ProgressFrame {
  /// What of the frame leaves its bounds, or `nil` (``geometryInBounds``).
  func geometryLeavingBounds() -> String? {
    let width = value.size.width
    let height = value.size.height
    let slack = 1e-9
    // The segments, then the track: no array is made for them.
    for index in 0...value.segments.count {
      let segment: Segment
      if index < value.segments.count {
        segment = value.segments[index]
      } else if let track = value.track {
        segment = track
      } else {
        break
      }
      switch segment.geometry {
      case .line(let line):
        let half = line.lineWidth / 2
        if min(line.fromX, line.toX) - half < -slack
          || max(line.fromX, line.toX) + half > width + slack
          || line.centerY - half < -slack || line.centerY + half > height + slack
        {
          return
            "a stroke from x \(line.fromX) to \(line.toX) at y \(line.centerY) leaves \(width) × \(height)"
        }
      case .arc(let arc):
        let reach = arc.radius + arc.lineWidth / 2
        if arc.center.x - reach < -slack || arc.center.x + reach > width + slack
          || arc.center.y - reach < -slack
          || arc.center.y + reach > height + slack
        {
          return
            "a ring of reach \(reach) at (\(arc.center.x), \(arc.center.y)) leaves \(width) × \(height)"
        }
      }
    }
    return nil
  }

  /// What of the frame's Material 3 geometry is out of bounds, or `nil`
  /// (``ProgressInvariant/material3GeometryIsWhole``).
  func material3Problem() -> String? {
    if let wave = value.wave {
      let full = value.shape == .linear ? 3.0 : 1.6
      guard wave.amplitude >= 0, wave.amplitude <= full * value.visibleFraction + 1e-12 else {
        return "the wave's amplitude \(wave.amplitude) is outside [0, \(full) × visible fraction]"
      }
      guard wave.wavelength.isFinite, wave.wavelength > 0 else {
        return "the wavelength is \(wave.wavelength)"
      }
      guard wave.offset >= 0, wave.offset < 1 else {
        return "the offset \(wave.offset) is outside [0, 1)"
      }
      if case .arc(let arc) = value.path {
        let waves = 2 * Double.pi * arc.radius / wave.wavelength
        let whole = waves.rounded()
        guard abs(waves - whole) < 1e-6, Int(whole) % 2 == 0, whole >= 6 else {
          return "\(waves) waves around the ring: not a whole even number ≥ 6"
        }
      }
    }
    if let track = value.track, value.wave != nil || value.stopIndicator != nil,
      let last = value.segments.last, value.progressType == .determinate
    {
      guard track.start >= last.end else {
        return "the track starts at \(track.start), before the indicator's end \(last.end)"
      }
    }
    if let stop = value.stopIndicator {
      guard stop.size.width >= 0, stop.size.width == stop.size.height else {
        return "the stop indicator is \(stop.size.width) × \(stop.size.height)"
      }
    }
    return nil
  }

  /// What of the frame is not finite or out of its range, or `nil`
  /// (``frameIsWellFormed``).
  func malformation() -> String? {
    guard value.time.isFinite else { return "the frame's time \(value.time) is not finite" }
    guard value.presentedProgress.isFinite else { return "the presented progress is not finite" }
    guard (0...1).contains(value.visibleFraction) else {
      return "the visible fraction \(value.visibleFraction) is outside [0, 1]"
    }
    guard value.lineWidth.isFinite, value.lineWidth >= 0 else {
      return "the line width is \(value.lineWidth)"
    }
    // The documented range of a segment's fractions: [0, 1] on a bar,
    // [−0.125, 1] on a ring (the reduced-motion quarter arc starts at −0.125).
    let lowest = value.shape == .linear ? 0 : -0.125
    for segment in value.segments {
      guard segment.start.isFinite, segment.end.isFinite, segment.start <= segment.end else {
        return "a segment runs from \(segment.start) to \(segment.end)"
      }
      guard segment.start >= lowest, segment.end <= 1 else {
        return
          "a \(value.shape.rawValue) segment runs from \(segment.start) to \(segment.end), "
          + "outside [\(lowest), 1]"
      }
    }
    return nil
  }
}
