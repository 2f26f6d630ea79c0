//===----------------------------------------------------------------------===//
// ProgressTesting: a deliberately simple model written from Docs/spec.md,
// sharing no code with ProgressStateMachine, for differential testing.
//===----------------------------------------------------------------------===//

public import ProgressStateMachine
import Timeline

/// A second, independent implementation of the machine's rules, written
/// straight from `Docs/spec.md` with plain variables and no shared code
/// (rules PV, PX, DA, IA, TS, VS, CP, AX, TM).
///
/// It supports linear easing only (every animation is a straight line in
/// time), which is what the differential test generates; any other easing is
/// refused at creation.
public struct ReferenceProgressModel: ProgressSubject {
  /// An error: the reference supports linear easing only.
  public struct UnsupportedEasing: Error {}

  private struct Motion {
    var from: Double
    var to: Double
    var start: Double
    var duration: Double
    var request: Int
    var end: Double { start + duration }
    func value(at time: Double) -> Double {
      if duration <= 0 || time >= end { return to }
      return from + (to - from) * max(0, (time - start) / duration)
    }
  }

  private enum Visibility {
    case shown
    case hidden
    case moving(Motion)  // towards hidden (to == 0) or shown (to == 1)
  }

  private var configuration: ProgressConfiguration
  private var type: ProgressType
  private var progress = 0.0
  private var bar: Motion?
  private var loopRunning = false
  private var visibility = Visibility.shown
  private var now = 0.0
  private var requests = 0
  private var lastAnnounced: AccessibilityValue?
  private var announceAt: Double?

  /// Creates the model, shown, at time 0.
  ///
  /// - Parameters:
  ///   - configuration: The settings; linear easings only.
  ///   - progressType: The initial type.
  /// - Throws: ``UnsupportedEasing`` for a non-linear easing.
  public init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    guard configuration.progressAnimation.easing == .linear,
      configuration.visibilityAnimation.easing == .linear
    else { throw UnsupportedEasing() }
    self.configuration = configuration
    type = progressType
    lastAnnounced = accessibility()
  }

  // MARK: Derived values, from the spec's wording

  private var hidden: Bool {
    if case .hidden = visibility { return true }
    return false
  }

  private func shownProgress(at time: Double) -> Double {
    bar?.value(at: time) ?? progress
  }

  private func visibleFraction(at time: Double) -> Double {
    switch visibility {
    case .shown: return 1
    case .hidden: return 0
    case .moving(let motion): return motion.value(at: time)
    }
  }

  /// PX-2: round half up, decimal ties included.
  private func percent(_ value: Double) -> Int {
    var scaled = value * 100
    scaled += 0.5
    scaled += 0.000_000_001
    return Int(scaled.rounded(.down))
  }

  private func percentageText() -> String? {
    guard type == .determinate else { return nil }
    switch configuration.variant {
    case .linear(_, .percentage), .circular(_, .percentage): return "\(percent(progress))%"
    default: return nil
    }
  }

  private func accessibility() -> AccessibilityValue? {
    if hidden { return nil }
    if type == .indeterminate { return loopRunning ? .inProgress : .halted }
    return .percent(percent(progress))
  }

  // MARK: Events

  /// Applies one event.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: Its time.
  /// - Returns: What the model shows after it.
  public mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    var completions: [ProgressObservation.Completion] = []
    var announcements: [AccessibilityValue] = []
    var request: Int?
    if case .setProgress = event { request = requests }
    if case .setHidden = event { request = requests }
    if request != nil { requests += 1 }

    // Rejections change nothing (MS-3, PV-3, TM-1).
    var rejected = !time.isFinite
    if case .setProgress(let value, _) = event, value.isNaN { rejected = true }
    if rejected { return observation(.rejected, completions, announcements) }

    let at = max(time, now)
    passTime(until: at, &completions, &announcements)
    let before = accessibility()
    let outcome: ProgressObservation.Outcome
    switch event {
    case .tick:
      outcome = .applied
    case .configure(let new):
      if new == configuration {
        outcome = .ignored
      } else {
        configuration = new
        outcome = .applied
      }
    case .setProgressType(let new):
      if new == type {
        outcome = .ignored
      } else {
        if let running = bar {
          completions.append(.init(request: running.request, finished: false))
        }
        bar = nil
        progress = 0
        loopRunning = false
        type = new
        outcome = .applied
      }
    case .startIndeterminateAnimation:
      if type == .determinate || loopRunning {
        outcome = .ignored
      } else {
        loopRunning = true
        outcome = .applied
      }
    case .stopIndeterminateAnimation:
      if type == .determinate || !loopRunning {
        outcome = .ignored
      } else {
        loopRunning = false
        outcome = .applied
      }
    case .setProgress(let value, let animated):
      let id = request ?? -1
      if type == .indeterminate {
        completions.append(.init(request: id, finished: false))
        outcome = .ignored
      } else {
        let target = value < 0 ? 0 : (value > 1 ? 1 : value)
        let shown = shownProgress(at: at)
        if let running = bar {
          completions.append(.init(request: running.request, finished: false))
        }
        var from = shown
        if configuration.backwardAnimation == .reset && target < shown { from = 0 }
        let duration = configuration.progressAnimation.duration
        if animated && !configuration.reducesMotion && duration > 0 && from != target {
          bar = Motion(from: from, to: target, start: at, duration: duration, request: id)
        } else {
          bar = nil
          completions.append(.init(request: id, finished: true))
        }
        progress = target
        outcome = .applied
      }
    case .setHidden(let hide, let animated):
      let id = request ?? -1
      switch (visibility, hide) {
      case (.hidden, true), (.shown, false):
        completions.append(.init(request: id, finished: true))
        outcome = .ignored
      default:
        let target = hide ? 0.0 : 1.0
        let current = visibleFraction(at: at)
        if case .moving(let running) = visibility {
          completions.append(.init(request: running.request, finished: false))
        }
        let duration = configuration.visibilityAnimation.duration * abs(target - current)
        if animated && !configuration.reducesMotion && duration > 0 {
          visibility = .moving(
            Motion(from: current, to: target, start: at, duration: duration, request: id))
        } else {
          visibility = hide ? .hidden : .shown
          completions.append(.init(request: id, finished: true))
        }
        outcome = .applied
      }
    }
    if accessibility() != before { announceAt = at + 1 }
    now = at
    return observation(outcome, completions, announcements)
  }

  /// TM-2: every deadline up to `time`, earliest first; ties: the bar, then
  /// visibility, then the announcement.
  private mutating func passTime(
    until time: Double, _ completions: inout [ProgressObservation.Completion],
    _ announcements: inout [AccessibilityValue]
  ) {
    while true {
      var candidates: [(Double, Int)] = []
      if let running = bar, running.end <= time { candidates.append((running.end, 0)) }
      if case .moving(let motion) = visibility, motion.end <= time {
        candidates.append((motion.end, 1))
      }
      if let due = announceAt, due <= time { candidates.append((due, 2)) }
      guard let next = candidates.min(by: { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }) else {
        return
      }
      let before = accessibility()
      switch next.1 {
      case 0:
        if let running = bar { completions.append(.init(request: running.request, finished: true)) }
        bar = nil
      case 1:
        if case .moving(let motion) = visibility {
          completions.append(.init(request: motion.request, finished: true))
          visibility = motion.to == 0 ? .hidden : .shown
        }
      default:
        announceAt = nil
        if let value = accessibility(), value != lastAnnounced {
          announcements.append(value)
          lastAnnounced = value
        }
      }
      if accessibility() != before { announceAt = next.0 + 1 }
    }
  }

  private func observation(
    _ outcome: ProgressObservation.Outcome, _ completions: [ProgressObservation.Completion],
    _ announcements: [AccessibilityValue]
  ) -> ProgressObservation {
    let visibilityKind: ProgressVisibility.Kind
    switch visibility {
    case .shown: visibilityKind = .shown
    case .hidden: visibilityKind = .hidden
    case .moving(let motion): visibilityKind = motion.to == 0 ? .hiding : .showing
    }
    return ProgressObservation(
      outcome: outcome, progressType: type, progress: type == .determinate ? progress : 0,
      isAnimatingProgress: bar != nil, isIndeterminateAnimating: loopRunning,
      visibility: visibilityKind,
      percentageText: percentageText(), accessibilityValue: accessibility(),
      completions: completions,
      announcements: announcements)
  }
}
