//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the one place that decides when a frame is due
// (spec FR-5, FR-7, MS-5).
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// When an indicator needs attention and when it needs a frame: the single
/// place that knows the next wake-up time, whether a frame is due, and
/// whether a frame would repeat the last one delivered (FR-5).
///
/// Every host uses one per indicator — the ``ProgressIndicator`` facade, a
/// fleet of models, a terminal dashboard — so they all deliver the same
/// frames at the same times. The protocol with the model is:
///
/// 1. when ``wakeTime`` has come, send the machine what is due (queued
///    events, or a `.tick` when ``isDeadlineDue(at:)``) and pass each
///    transition to ``record(_:)``; anything else that changes the picture
///    (a resize, a theme, a new sink) calls ``setNeedsFrame()``;
/// 2. ``reschedule(after:)`` with the state the machine is now in;
/// 3. when ``isFrameDue(at:)``, sample the frame and deliver it only if
///    ``admit(_:after:)`` says so.
///
/// ```swift
/// var scheduler = FrameScheduler()
/// var model = try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40))
/// scheduler.record(model.send(.setProgress(0.5, animated: true), at: 0))
/// scheduler.reschedule(after: model.state)
/// var lastFrame: ProgressFrame?
/// var delivered = 0
/// for tick in 0...30 {
///   let time = Double(tick) / 60
///   guard time >= scheduler.wakeTime else { continue }  // idle: one comparison
///   if scheduler.isDeadlineDue(at: time) { scheduler.record(model.send(.tick, at: time)) }
///   scheduler.reschedule(after: model.state)
///   guard scheduler.isFrameDue(at: time) else { continue }
///   if scheduler.admit(model.frame(at: time), after: &lastFrame) { delivered += 1 }
/// }
/// // delivered == 16: one frame at 0 s and each tick until the bar arrives at 0.25 s
/// ```
///
/// A value: copying it copies the schedule. It allocates nothing.
public struct FrameScheduler: Sendable {
  /// The earliest time the indicator needs attention: the machine's next
  /// deadline, or the next time a frame may be delivered when one is owed
  /// or the picture moves; +∞ while idle (MS-5).
  ///
  /// A host loop sleeps until the smallest wake time of its indicators. It
  /// is kept up to date by every change of the schedule, so an idle tick
  /// reads one number (stored first, beside the other small fields).
  public private(set) var wakeTime = -Double.infinity
  /// The shortest time between two delivered frames, in seconds: 0 for a
  /// frame at every due tick, 1/30 for a terminal that redraws at most 30
  /// times a second.
  ///
  /// Negative or NaN values count as 0.
  public var minimumInterval: Double {
    didSet {
      if !(minimumInterval > 0) { minimumInterval = 0 }
      updateWakeTime()
    }
  }
  /// The time of the machine's next deadline (an animation's end, a due
  /// announcement); +∞ when none, and −∞ until the first
  /// ``reschedule(after:)`` (so the first tick asks the machine).
  public private(set) var deadline: Double = -.infinity
  /// Whether something drawn changed since the last frame delivered.
  public private(set) var needsFrame = true
  /// Whether frames change with time by themselves (MS-5).
  public private(set) var isAnimating = false
  /// The time of the last frame delivered; −∞ before the first.
  public private(set) var lastDelivery = -Double.infinity

  /// Creates a schedule that owes its first frame at once.
  ///
  /// - Parameter minimumInterval: The shortest time between two frames, in
  ///   seconds; negative or NaN values count as 0.
  public init(minimumInterval: Double = 0) {
    self.minimumInterval = minimumInterval > 0 ? minimumInterval : 0
    updateWakeTime()
  }

  /// Recomputes ``wakeTime`` after a change of the schedule.
  private mutating func updateWakeTime() {
    wakeTime =
      needsFrame || isAnimating ? min(deadline, lastDelivery + minimumInterval) : deadline
  }

  /// Whether the machine has a deadline due at `time` and must be sent a
  /// `.tick` (completions, announcements, the end of a hide).
  ///
  /// - Parameter time: The current time.
  /// - Returns: Whether a deadline falls due.
  public func isDeadlineDue(at time: Double) -> Bool { deadline <= time }

  /// Whether a frame should be sampled at `time`: one is owed or the
  /// picture moves, and the minimum interval has passed.
  ///
  /// - Parameter time: The current time.
  /// - Returns: Whether to sample a frame.
  public func isFrameDue(at time: Double) -> Bool {
    (needsFrame || isAnimating) && time >= lastDelivery + minimumInterval
  }

  /// Marks the picture as changed: the next due time delivers a frame.
  public mutating func setNeedsFrame() {
    needsFrame = true
    updateWakeTime()
  }

  /// Takes note of a transition: an applied event, or an effect that changes
  /// what is drawn (a completion, the end of an animation), owes a frame; an
  /// announcement alone does not (FR-7).
  ///
  /// - Parameter transition: A transition of the indicator's machine.
  public mutating func record(_ transition: ProgressTransition) {
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
  ///
  /// - Parameter state: The machine's current state.
  public mutating func reschedule(after state: ProgressState) {
    isAnimating = state.isAnimating
    deadline = state.nextDeadline ?? .infinity
    updateWakeTime()
  }

  /// Reads the schedule of a host that draws several machines as one
  /// picture (a terminal dashboard): whether the picture moves by itself
  /// and its earliest deadline.
  ///
  /// - Parameters:
  ///   - isAnimating: Whether the picture changes with time alone.
  ///   - deadline: The earliest deadline of its machines; `nil` for none.
  public mutating func reschedule(isAnimating: Bool, deadline: Double?) {
    self.isAnimating = isAnimating
    self.deadline = deadline ?? .infinity
    updateWakeTime()
  }

  /// Records that such a host drew its picture at `time` (it compares what
  /// it draws itself): the debt is paid and the next frame is due a
  /// ``minimumInterval`` later.
  ///
  /// - Parameter time: The time of the draw.
  public mutating func recordDelivery(at time: Double) {
    needsFrame = false
    lastDelivery = time
    updateWakeTime()
  }

  /// Decides whether to deliver a frame sampled when a frame was due.
  ///
  /// A frame that shows the same picture as the last one delivered is not
  /// delivered (FR-5). A delivered frame becomes `last`; the debt is paid
  /// either way. The host keeps the last frame (it hands it out, or needs
  /// it for a sink that joins), so the schedule itself stays a few numbers
  /// that an idle tick reads at once.
  ///
  /// - Parameters:
  ///   - frame: The frame just sampled.
  ///   - last: The last frame delivered, or `nil` when none was or a sink
  ///     that joined needs a first picture; replaced by `frame` when it is
  ///     delivered.
  /// - Returns: Whether to hand it to the sinks.
  /// - Complexity: O(*s*), the frame's segments compared.
  public mutating func admit(_ frame: ProgressFrame, after last: inout ProgressFrame?) -> Bool {
    needsFrame = false
    defer { updateWakeTime() }
    if let last, Self.samePicture(last, frame) { return false }
    last = frame
    lastDelivery = frame.time
    return true
  }

  /// Whether two frames show the same picture: equal but for their times.
  ///
  /// - Parameters:
  ///   - a: A frame.
  ///   - b: Another frame.
  /// - Returns: Whether everything but the time is equal.
  /// - Complexity: O(1): every field but the time, those that change while
  ///   animating first, and without copying either frame.
  public static func samePicture(_ a: ProgressFrame, _ b: ProgressFrame) -> Bool {
    // Keep in step with ProgressFrame's stored properties: a test counts
    // them (FR-5).
    a.presentedProgress == b.presentedProgress && a.segments == b.segments
      && a.visibleFraction == b.visibleFraction && a.lineWidth == b.lineWidth && a.path == b.path
      && a.isHidden == b.isHidden && a.progress == b.progress
      && a.progressType == b.progressType
      && a.isIndeterminateAnimating == b.isIndeterminateAnimating
      && a.accessibilityValue == b.accessibilityValue && a.percentage == b.percentage
      && a.leftLabel == b.leftLabel && a.image == b.image && a.track == b.track
      && a.size == b.size && a.shape == b.shape && a.clip == b.clip && a.theme == b.theme
      && a.layoutDirection == b.layoutDirection && a.accessibilityLabel == b.accessibilityLabel
  }

  /// The number of a frame's stored properties ``samePicture(_:_:)``
  /// compares: all but the time.
  package static let comparedFields = 20
}
