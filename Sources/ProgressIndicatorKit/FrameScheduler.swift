//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the rule that decides when a frame is due (spec FR-5,
// FR-8, MS-5); `IndicatorRuntime` is its only user.
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// When an indicator needs attention and when it needs a frame: the next
/// wake-up time, whether a deadline or a frame is due, and whether a frame
/// repeats the last one delivered (FR-5).
///
/// ``IndicatorRuntime`` runs its protocol — record each transition,
/// reschedule after the machine moved, sample when a frame is due, admit
/// the frame — and is the only code that does. A few numbers: an idle step
/// reads ``wakeTime`` alone.
struct FrameScheduler: Sendable {
  /// The earliest time the indicator needs attention.
  ///
  /// −∞ while work waits, the machine's next deadline, or the next time a
  /// frame may be delivered when one is owed or the picture moves; +∞ while
  /// idle (MS-5). Kept up to date by every change of the schedule, and
  /// stored first.
  private(set) var wakeTime = -Double.infinity
  /// The shortest time between two delivered frames, in seconds; negative,
  /// NaN and infinite values count as 0.
  var minimumInterval: Double {
    didSet {
      minimumInterval = Self.sanitized(minimumInterval)
      updateWakeTime()
    }
  }
  /// The time of the machine's next deadline (an animation's end, a due
  /// announcement); +∞ when none.
  private(set) var deadline: Double = -.infinity
  /// Whether something drawn changed since the last frame delivered.
  private(set) var needsFrame = true
  /// Whether frames change with time by themselves (MS-5).
  private(set) var isAnimating = false
  /// Whether the host has work waiting for the next step (queued events):
  /// the step is due at once.
  var hasPendingWork = false {
    didSet { updateWakeTime() }
  }
  /// The time of the last frame delivered; −∞ before the first.
  private(set) var lastDelivery = -Double.infinity

  /// Creates a schedule that owes its first frame at once.
  ///
  /// - Parameter minimumInterval: The shortest time between two frames.
  init(minimumInterval: Double) {
    self.minimumInterval = Self.sanitized(minimumInterval)
    updateWakeTime()
  }

  /// An interval as the schedule uses it: finite and ≥ 0, else 0.
  static func sanitized(_ interval: Double) -> Double {
    interval > 0 && interval.isFinite ? interval : 0
  }

  private mutating func updateWakeTime() {
    if hasPendingWork {
      wakeTime = -.infinity
    } else if needsFrame || isAnimating {
      wakeTime = min(deadline, lastDelivery + minimumInterval)
    } else {
      wakeTime = deadline
    }
  }

  /// Whether the machine has a deadline due at `time` and must be sent a
  /// `.tick` (completions, announcements, the end of a hide).
  func isDeadlineDue(at time: Double) -> Bool { deadline <= time }

  /// Whether a frame should be sampled at `time`: one is owed or the
  /// picture moves, and the minimum interval has passed.
  func isFrameDue(at time: Double) -> Bool {
    (needsFrame || isAnimating) && time >= lastDelivery + minimumInterval
  }

  /// Marks the picture as changed: the next due time delivers a frame.
  mutating func setNeedsFrame() {
    needsFrame = true
    updateWakeTime()
  }

  /// Takes note of a transition: an applied event, or an effect that changes
  /// what is drawn (a completion, the end of an animation), owes a frame; an
  /// announcement alone does not (FR-8).
  mutating func record(_ transition: ProgressTransition) {
    if case .applied = transition.outcome, transition.event != .tick {
      setNeedsFrame()
      return
    }
    for effect in transition.effects {
      if case .announce = effect { continue }
      setNeedsFrame()
      return
    }
  }

  /// Reads the machine's state after it moved: whether it animates and its
  /// next deadline.
  mutating func reschedule(after state: ProgressState) {
    isAnimating = state.isAnimating
    deadline = state.nextDeadline ?? .infinity
    updateWakeTime()
  }

  /// Decides whether to deliver a frame sampled when a frame was due.
  ///
  /// Not when it shows the same picture as `last` (FR-5). A delivered frame
  /// becomes `last`; the debt is paid either way.
  ///
  /// - Complexity: O(1): the frames are compared field by field.
  mutating func admit(_ frame: ProgressFrame, after last: inout ProgressFrame?) -> Bool {
    needsFrame = false
    defer { updateWakeTime() }
    if let last, last.showsSamePicture(as: frame) { return false }
    last = frame
    lastDelivery = frame.time
    return true
  }
}
