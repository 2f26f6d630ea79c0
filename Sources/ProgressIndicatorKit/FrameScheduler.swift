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
  /// The time of the last frame delivered; −∞ before the first.
  private(set) var lastDelivery = -Double.infinity
  /// What moves in the last frame delivered: beside the wake time, so that
  /// a moving indicator's step tells its new frame from the last one
  /// without reading the last one (FR-5).
  private(set) var lastMotion = FrameMotion.none
  /// Where the last frame delivered is, for the comparison of FR-5.
  private(set) var lastFrame = LastFrame.none
  /// Whether something drawn changed since the last frame delivered.
  private(set) var needsFrame = true
  /// Whether frames change with time by themselves (MS-5).
  private(set) var isAnimating = false
  /// Whether the host has work waiting for the next step (queued events):
  /// the step is due at once.
  var hasPendingWork = false {
    didSet { updateWakeTime() }
  }

  /// Where the last frame delivered is, and whether ``lastMotion`` is its
  /// motion against the model as it is now.
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
  ///   - motion: Its ``FrameMotion``.
  ///   - isKept: Whether the runtime keeps it whole (the first frame after
  ///     a change); otherwise it is the model's frame at `time`.
  mutating func deliver(at time: Double, motion: FrameMotion, isKept: Bool) {
    needsFrame = false
    lastDelivery = time
    lastMotion = motion
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

/// What of a frame's picture moves while its model stands still: the
/// presented progress, the visible fraction and the segments' fractions
/// (spec FR-5).
///
/// Every member is a field of the frame, compared as the frame compares
/// it (`==` on `Double`s), so frames whose motions differ show different
/// pictures; frames whose motions are equal may still differ elsewhere (a
/// rotation, a field a change of the model moved) and are compared whole.
/// Six numbers, kept beside the wake time instead of a whole frame.
struct FrameMotion: Equatable, Sendable {
  var presentedProgress: Double
  var visibleFraction: Double
  var firstStart: Double
  var firstEnd: Double
  var secondStart: Double
  var secondEnd: Double

  /// Unequal to every motion, itself included (NaNs).
  static let none = FrameMotion(
    presentedProgress: .nan, visibleFraction: .nan, firstStart: .nan, firstEnd: .nan,
    secondStart: .nan, secondEnd: .nan)

  init(
    presentedProgress: Double, visibleFraction: Double, firstStart: Double, firstEnd: Double,
    secondStart: Double, secondEnd: Double
  ) {
    self.presentedProgress = presentedProgress
    self.visibleFraction = visibleFraction
    self.firstStart = firstStart
    self.firstEnd = firstEnd
    self.secondStart = secondStart
    self.secondEnd = secondEnd
  }

  /// The motion of a frame; a missing segment counts as the fractions −1
  /// to −1 (which no segment has, so the motions of frames with different
  /// numbers of segments differ unless a fraction is NaN).
  init(_ frame: borrowing ProgressFrame) {
    let fractions = frame.segments.fractions
    self.init(
      presentedProgress: frame.presentedProgress, visibleFraction: frame.visibleFraction,
      firstStart: fractions.firstStart, firstEnd: fractions.firstEnd,
      secondStart: fractions.secondStart, secondEnd: fractions.secondEnd)
  }
}
