//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the rule that decides when a frame is due (spec FR-5,
// FR-8, FR-11, MS-5); `IndicatorRuntime` is its only user.
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
  /// −∞ while work waits, the machine's next deadline, or the time of the
  /// last frame when one is owed or the picture moves (a frame is due at
  /// once); +∞ while idle (MS-5). Kept up to date by every change of the
  /// schedule, and stored first.
  private(set) var wakeTime = -Double.infinity
  /// The time of the machine's next deadline (an animation's end, a due
  /// announcement); +∞ when none.
  private(set) var deadline: Double = -.infinity
  /// The time of the last frame delivered; −∞ before the first.
  private(set) var lastDelivery = -Double.infinity
  /// The moving part of the last frame delivered: beside the wake time, so
  /// that a moving indicator's step tells its new frame from the last one
  /// without reading the last one (FR-5, FR-10).
  private(set) var lastMoving = MovingPart.none
  /// Where the last frame delivered is, for the comparison of FR-5.
  private(set) var lastFrame = LastFrame.none
  /// Whether something drawn changed since the last frame delivered.
  private(set) var needsFrame = true
  /// Whether frames change with time by themselves (MS-5).
  private(set) var isAnimating = false
  /// Whether the host performs the moving part itself, from the effects
  /// (``IndicatorRuntime/Cadence/effects``): then a moving picture owes no
  /// frame, only a change does (FR-11).
  let hostPerformsMotion: Bool
  /// Whether the host has work waiting for the next step (queued events):
  /// the step is due at once.
  var hasPendingWork = false {
    didSet { updateWakeTime() }
  }

  /// Where the last frame delivered is, and whether ``lastMoving`` is its
  /// moving part against the model as it is now.
  enum LastFrame: UInt8, Sendable {
    /// No frame was delivered, or the last one was forgotten: the next one
    /// due is delivered whatever it shows.
    case none
    /// Kept whole by the runtime, and the model has not changed since: the
    /// model's frame at ``lastDelivery`` is that frame too.
    case kept
    /// Kept whole by the runtime; the model changed since it was delivered.
    case keptBeforeChange
    /// Not kept: the model has not changed since it was delivered (or only
    /// by a tick that changes no frame, an announcement's), so it is the
    /// model's frame at ``lastDelivery`` (sampling is pure, FR-2).
    case sampled
  }

  /// Creates a schedule that owes its first frame at once.
  ///
  /// - Parameter hostPerformsMotion: Whether the host performs the moving
  ///   part itself (FR-11).
  init(hostPerformsMotion: Bool) {
    self.hostPerformsMotion = hostPerformsMotion
    updateWakeTime()
  }

  /// Whether a frame is wanted: one is owed, or the picture moves and the
  /// host draws the motion from frames.
  private var wantsFrame: Bool { needsFrame || (isAnimating && !hostPerformsMotion) }

  private mutating func updateWakeTime() {
    if hasPendingWork {
      wakeTime = -.infinity
    } else if wantsFrame {
      wakeTime = min(deadline, lastDelivery)
    } else {
      wakeTime = deadline
    }
  }

  /// Whether the machine has a deadline due at `time` and must be sent a
  /// `.tick` (completions, announcements, the end of a hide).
  func isDeadlineDue(at time: Double) -> Bool { deadline <= time }

  /// Whether a frame should be sampled at `time`: one is owed, or the
  /// picture moves and the host draws the motion from frames.
  func isFrameDue(at time: Double) -> Bool { wantsFrame && time >= lastDelivery }

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

  /// Takes note that the model is about to change (an event, a deadline's
  /// tick, a size, a theme, a measurer): the last frame delivered is no
  /// longer the model's frame at its time.
  ///
  /// The runtime keeps the last frame whole first when it is ``LastFrame/sampled``.
  mutating func modelWillChange() {
    if lastFrame == .kept || lastFrame == .sampled { lastFrame = .keptBeforeChange }
  }

  /// Pays the frame's debt without delivering: the frame sampled shows the
  /// same picture as the last one (FR-5).
  mutating func skipFrame() {
    needsFrame = false
    updateWakeTime()
  }

  /// Takes note of a frame delivered: it becomes the last one, and the
  /// debt is paid.
  ///
  /// - Parameters:
  ///   - time: The frame's time.
  ///   - moving: Its ``MovingPart``.
  ///   - isKept: Whether the runtime keeps it whole (the first frame after
  ///     a change); otherwise it is the model's frame at `time`.
  mutating func deliver(at time: Double, moving: MovingPart, isKept: Bool) {
    needsFrame = false
    lastDelivery = time
    lastMoving = moving
    lastFrame = isKept ? .kept : .sampled
    updateWakeTime()
  }

  /// Forgets the last frame delivered: the next frame due is delivered
  /// whatever it shows.
  mutating func forgetLastFrame() {
    lastFrame = .none
    setNeedsFrame()
  }
}
