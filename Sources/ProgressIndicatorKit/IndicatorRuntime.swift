//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the host loop, written once — one indicator's model,
// its schedule, its last frame and its queued events (spec FR-5, FR-8, MS-5).
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// One indicator as a host runs it: the model, when it next needs
/// attention, the last frame delivered and the events waiting for the next
/// step.
///
/// Every host of this package holds one per indicator — the
/// ``ProgressIndicator`` facade, each indicator of a fleet, each bar of a
/// terminal dashboard, each indicator of the WebAssembly build — so they
/// all deliver the same frames at the same times (FR-8). A host calls
/// ``advance(to:)`` with its clock's time and performs what the
/// ``Step`` holds: the transitions' effects (completions, announcements)
/// and, when there is one, the frame.
///
/// ```swift
/// var runtime = IndicatorRuntime(try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40)))
/// runtime.send(.setProgress(0.5, animated: true))
/// var delivered = 0
/// for tick in 0...30 {
///   let step = runtime.advance(to: Double(tick) / 60)
///   if step.frame != nil { delivered += 1 }  // draw it
/// }
/// // delivered == 16: one frame at 0 s and each tick until the bar arrives at 0.25 s
/// ```
///
/// A host that performs the moving part itself from the effects — the
/// browser's animations, Core Animation — runs its runtimes with the
/// ``Cadence/effects`` cadence: a moving indicator then wakes only at its
/// machine's deadlines and when a change owes a new still frame (FR-11).
///
/// A value: it owns no sink and no callback, and allocates nothing while
/// it steps (a step's transitions array is empty unless an event or a
/// deadline was processed).
public struct IndicatorRuntime: Sendable {
  /// When the next frame and deadline are due: the one rule (FR-5, FR-8).
  ///
  /// First, so that an idle step reads one number near the value's start.
  private var scheduler: FrameScheduler
  /// The latest time a step reached without a deadline falling due, not
  /// yet written into the model.
  ///
  /// An idle step, or a moving one with no deadline due, stores one number
  /// beside the schedule instead of reaching into the model (no deadline
  /// falls due by then, so nothing else would change). Every reader and
  /// every change applies it first.
  private var idleTime = -Double.infinity
  /// The indicator as last changed; ``model`` is this at ``time``.
  ///
  /// Right after the schedule: a moving step reads the schedule, then the
  /// model's state, size, theme and layout, one run of memory; what it does
  /// not read (the queue, the kept frame) comes after (issue 22 §4).
  private var storedModel: ProgressIndicatorModel
  /// Events waiting for the next ``advance(to:)``.
  private var queue: [ProgressEvent] = []
  /// Transitions of queued events that a ``send(_:at:)`` applied before its
  /// own event, handed over by the next step.
  private var carried: [ProgressTransition] = []
  /// The last frame delivered, when the runtime keeps it whole (see
  /// ``lastFrame``), out of line.
  ///
  /// A frame that follows a change of the model is kept here; one that
  /// follows only time is not written (a moving indicator's step writes no
  /// whole frame): the model's frame at its time is that frame, until the
  /// model is about to change, when it is kept here first (FR-5). Out of
  /// line, so that the runtimes of many indicators, stored side by side,
  /// hold a word each for a frame a moving step never reads; the box is
  /// reused while this runtime alone holds it (no allocation per change).
  private var kept = KeptFrame()
  /// With the ``Cadence/effects`` cadence, what the motion of the last still
  /// frame delivered was made of (out of line, a word; FR-11).
  private var motionSource = MotionSourceSlot()
  /// The last frame delivered, or `nil` before the first (or after
  /// ``redeliver()``).
  ///
  /// - Complexity: O(1); sampled anew (a few easing evaluations) when the
  ///   last frame followed only time.
  public var lastFrame: ProgressFrame? {
    switch scheduler.lastFrame {
    case .none: return nil
    case .kept, .keptBeforeChange: return kept.frame
    case .sampled: return sample(at: scheduler.lastDelivery)
    }
  }

  /// How a host draws the moving part: from frames, or by performing the
  /// effects itself (FR-11).
  public enum Cadence: String, Hashable, Sendable, CaseIterable {
    /// The host draws every frame: while the picture moves, a frame is due
    /// at every step (the facade, the fleet, the terminal, a canvas).
    case frames
    /// The host performs the moving part itself from the transitions'
    /// effects (MS-7) — the browser's animations, Core Animation — and
    /// draws the still part from frames: a step's frame is the still frame
    /// (the frame with its moving part at rest, FR-10), due only after a
    /// change and delivered only when it differs from the last one, and the
    /// wake time of a moving indicator is its machine's next deadline.
    case effects
  }

  /// What one ``advance(to:)`` did.
  public struct Step: Sendable {
    /// The transitions of this step, in order.
    ///
    /// Each queued event (applied, ignored or rejected), then the tick that
    /// delivered what fell due (completions, announcements, the end of an
    /// animation), when it delivered anything. Empty when nothing was due.
    public var transitions: [ProgressTransition]
    /// The frame to draw, or `nil` when none is due.
    ///
    /// None is due when nothing changed and nothing moves, or the frame
    /// would repeat the last one delivered (FR-5). With the
    /// ``Cadence/effects`` cadence it is the still frame: it comes when the
    /// still part changed (FR-11).
    public var frame: ProgressFrame?
    /// Whether what the motion is made of changed.
    ///
    /// With the ``Cadence/effects`` cadence: whether the configuration's
    /// members the motion reads (the loop's style, reduced motion, the
    /// track, Material 3), the progress type or the laid-out path differ
    /// from the last still frame's (always at the first), so that a host
    /// that reads the motion's description (the loop's keyframes, the
    /// wave) reads it again (FR-11). `false` with ``Cadence/frames``, whose frames are the whole
    /// picture.
    public var motionChanged: Bool
    /// Set when the step's time was earlier than the indicator's time,
    /// which was used instead (TM-3, TM-6).
    public var timeRegression: ProgressTransition.TimeRegression?
  }

  /// What the runtime's step did, for a host that keeps the frame itself
  /// (``step(to:into:)``).
  package struct StepOutcome {
    /// The step's transitions (``Step/transitions``).
    package var transitions: [ProgressTransition]
    /// Whether it delivered a frame.
    package var hasFrame: Bool
    /// ``Step/motionChanged``.
    package var motionChanged: Bool
  }

  /// Creates the runtime of an indicator; its first frame is due at once.
  ///
  /// - Parameters:
  ///   - model: The indicator.
  ///   - cadence: How the host draws the moving part: from frames (the
  ///     default), or by performing the effects (FR-11).
  public init(_ model: ProgressIndicatorModel, cadence: Cadence = .frames) {
    storedModel = model
    scheduler = FrameScheduler(hostPerformsMotion: cadence == .effects)
    scheduler.reschedule(after: model.state)
  }

  /// How the host draws the moving part.
  package var cadence: Cadence { scheduler.hostPerformsMotion ? .effects : .frames }

  // MARK: - Reading

  /// The indicator's time: the latest time it was advanced or sent an event
  /// to — the machine's own time (TM-3).
  public var time: Double { max(storedModel.state.time, idleTime) }

  /// The indicator, at ``time``.
  public var model: ProgressIndicatorModel {
    var model = storedModel
    model.passTime(to: idleTime)
    return model
  }

  /// The machine's state, at ``time``.
  package var state: ProgressState { model.state }

  /// The frame size.
  package var size: FrameSize { storedModel.size }

  /// The configuration, read where the model is stored (``state`` copies
  /// the model to move its clock).
  package var configuration: ProgressConfiguration { storedModel.state.configuration }

  /// The machine's state as last changed, read without copying the model:
  /// its clock may be behind ``time``, but nothing falls due before the
  /// wake time, so every value it gives at a time is the state's at ``time``.
  package var storedState: ProgressState { storedModel.state }

  /// Whether frames change with time by themselves (MS-5), as the schedule
  /// keeps it.
  package var isAnimating: Bool { scheduler.isAnimating }

  /// The still frame at `time` (FR-10), sampled where the model is stored.
  ///
  /// - Parameter time: The time it is stamped with.
  /// - Returns: The still frame.
  package func stillFrame(at time: Double) -> ProgressFrame { storedModel.stillFrame(at: time) }

  /// The machine's next deadline (an animation's end, a due announcement),
  /// +∞ when none: the schedule's, kept after every change of the machine,
  /// so reading it copies no model (``state`` does, to move its clock).
  package var deadline: Double { scheduler.deadline }

  /// The frame at `time`, sampled where the model is stored: the frame
  /// ``model`` gives, without copying the model to move its clock (a frame
  /// depends on the time asked, not on the machine's time).
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: The frame.
  @_optimize(speed)
  package func frame(at time: Double) -> ProgressFrame { storedModel.frame(at: time) }

  /// The transition a host that joins the indicator performs first: the
  /// effects that bring a view which has performed none to the indicator's
  /// state at its ``time`` (FR-12).
  package var joining: ProgressTransition { model.state.joining }

  /// The frame the step delivers at `time`: the frame, or with the
  /// ``Cadence/effects`` cadence the still frame.
  ///
  /// Not inlined: one copy of the two samplings for its three callers.
  @inline(never)
  @_optimize(speed)
  private func sample(at time: Double) -> ProgressFrame {
    scheduler.hostPerformsMotion ? storedModel.stillFrame(at: time) : storedModel.frame(at: time)
  }

  /// Takes note that the model is about to change.
  ///
  /// Keeps the last frame whole first when it is the model's frame at its
  /// time: the comparison of the next frame needs it (FR-5). Called before
  /// every change but the clock's and an announcement's tick, which change
  /// no frame.
  ///
  /// Not inlined: the frame's sampling and copy are long code, and changes
  /// are not the hot path.
  @inline(never)
  private mutating func modelWillChange() {
    if scheduler.lastFrame == .sampled {
      kept.keep(sample(at: scheduler.lastDelivery))
    }
    scheduler.modelWillChange()
  }

  /// Writes the time of the idle steps into the model, before it changes.
  private mutating func catchUp() {
    if idleTime > storedModel.state.time { storedModel.passTime(to: idleTime) }
  }

  /// The earliest time the indicator needs a step: −∞ while events are
  /// queued, its machine's next deadline, the time of its last frame (a
  /// step is due at once) when a frame is owed or the picture moves — with
  /// the ``Cadence/effects`` cadence only when one is owed — and +∞ while
  /// idle (MS-5, FR-11).
  ///
  /// A host that runs many indicators sleeps until the smallest wake time
  /// of them all; stepping one earlier does nothing.
  public var wakeTime: Double { scheduler.wakeTime }

  /// Whether the next step that reaches ``wakeTime`` will have a frame due:
  /// something drawn changed since the last frame, or the picture moves.
  var needsFrame: Bool { scheduler.isFrameDue(at: .infinity) }

  // MARK: - Events and changes

  /// Queues an event for the next ``advance(to:)``, which applies it at its
  /// own time.
  ///
  /// - Parameter event: The event.
  public mutating func enqueue(_ event: ProgressEvent) {
    queue.append(event)
    scheduler.hasPendingWork = true
  }

  /// Applies an event now.
  ///
  /// At the runtime's ``time``, or at `time` when that is later (what falls
  /// due on the way is in the transition's effects, TM-2). An earlier `time`
  /// is replaced by the runtime's and reported in the transition's
  /// `timeRegression` (TM-3, TM-6). Events queued earlier are applied first,
  /// in order; their transitions come with the next step.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: When it happens; the runtime's time when `nil` or earlier.
  /// - Returns: The machine's transition.
  @discardableResult
  public mutating func send(_ event: ProgressEvent, at time: Double? = nil) -> ProgressTransition {
    catchUp()
    modelWillChange()
    let now = max(time ?? self.time, self.time)
    if !queue.isEmpty {
      carried += applyQueued(at: now)
      scheduler.hasPendingWork = true  // the next step hands them over
    }
    // The time as given: the machine, whose time is the runtime's after
    // the catch-up, replaces an earlier one and says so (TM-3).
    let transition = storedModel.send(event, at: time ?? now)
    scheduler.record(transition)
    scheduler.reschedule(after: storedModel.state)
    return transition
  }

  /// Changes the frame size; the layout follows at once and a frame is
  /// owed (LG-5).
  ///
  /// - Parameter size: The new size.
  /// - Throws: ``IndicatorError/invalidSize(width:height:)``; nothing changes.
  public mutating func resize(to size: FrameSize) throws(IndicatorError) {
    modelWillChange()
    try storedModel.resize(to: size)
    scheduler.setNeedsFrame()
  }

  /// Changes the colours; a frame is owed.
  ///
  /// - Parameter theme: The new theme.
  public mutating func setTheme(_ theme: ProgressTheme) {
    modelWillChange()
    storedModel.theme = theme
    scheduler.setNeedsFrame()
  }

  /// Replaces the text measurer; the layout follows and a frame is owed.
  ///
  /// - Parameter measurer: The measurer.
  package mutating func setMeasurer(_ measurer: any TextMeasurer) {
    modelWillChange()
    storedModel.setMeasurer(measurer)
    scheduler.setNeedsFrame()
  }

  /// Forgets the last frame delivered: the next step delivers the current
  /// picture even if it repeats the last one (a sink joined and needs it).
  public mutating func redeliver() {
    scheduler.forgetLastFrame()
  }

  // MARK: - Stepping

  /// Moves the indicator to `newTime` and answers what the host performs.
  ///
  /// Queued events are applied at `newTime`; the machine is sent a `.tick`
  /// when one of its deadlines falls due; a frame is sampled when one is
  /// due and returned when it differs from the last one delivered (FR-5).
  /// Before ``wakeTime`` this only moves the time: one comparison.
  ///
  /// - Parameter newTime: The time on the host's clock. An earlier time
  ///   than ``time`` counts as ``time`` and is reported in the step's
  ///   ``Step/timeRegression`` (TM-3, TM-6); a NaN or infinite time is
  ///   ignored (TM-1).
  /// - Returns: The step's transitions and its frame.
  /// - Complexity: O(*q*) for *q* queued events; O(1) otherwise.
  public mutating func advance(to newTime: Double) -> Step {
    let regression = timeRegression(at: newTime)
    var frame: ProgressFrame?
    // An earlier time is the indicator's time (TM-3): what is due then is
    // due now.
    let outcome = step(to: regression?.used ?? newTime, into: &frame)
    return Step(
      transitions: outcome.transitions, frame: outcome.hasFrame ? frame : nil,
      motionChanged: outcome.motionChanged, timeRegression: regression)
  }

  /// The report of a step to `newTime` when it is earlier than ``time``
  /// (TM-3, TM-6), or `nil`: read before the step, which keeps the time.
  ///
  /// - Parameter newTime: The time of the step.
  /// - Returns: The time asked and the time used, or `nil`.
  package func timeRegression(at newTime: Double) -> ProgressTransition.TimeRegression? {
    let now = time
    return newTime < now ? ProgressTransition.TimeRegression(requested: newTime, used: now) : nil
  }

  /// Steps as ``advance(to:)`` does, writing the frame into the host's
  /// own storage.
  ///
  /// For hosts on the hot path: an idle step touches no frame, and a moving
  /// one writes its frame once, into `frame` (the runtime does not keep a
  /// frame that follows only time, see ``lastFrame``).
  ///
  /// - Parameters:
  ///   - newTime: The time on the host's clock.
  ///   - frame: Set to the step's frame when it delivers one (the new
  ///     ``lastFrame``); left as it is otherwise.
  /// - Returns: The step's transitions, whether it delivered a frame and
  ///   whether the motion changed.
  package mutating func step(
    to newTime: Double, into frame: inout ProgressFrame?
  ) -> StepOutcome {
    if passIdle(to: newTime) {
      return StepOutcome(transitions: [], hasFrame: false, motionChanged: false)
    }
    return dueStep(at: newTime, into: &frame)
  }

  /// The part of a step that calls nothing.
  ///
  /// When nothing is due before `newTime` (or it is not a time), moves the
  /// clock and answers `true`: the step is done. A host's idle check is
  /// this, in an access the compiler can prove needs no run-time tracking.
  ///
  /// - Parameter newTime: The time on the host's clock.
  /// - Returns: Whether the step is done: `false` when something is due.
  @inline(__always)
  mutating func passIdle(to newTime: Double) -> Bool {
    guard newTime.isFinite else { return true }
    guard newTime >= wakeTime else {
      // Idle until the wake time: no deadline falls due, so only the
      // clock moves (TM-5), kept beside the schedule until the model is read
      // or changed.
      if newTime > idleTime { idleTime = newTime }
      return true
    }
    return false
  }

  /// A step at or after ``wakeTime``: what the engine does when something
  /// is due.
  @inline(never)
  private mutating func dueStep(
    at newTime: Double, into delivered: inout ProgressFrame?
  ) -> StepOutcome {
    let now = max(newTime, time)
    var transitions: [ProgressTransition] = []
    if scheduler.hasPendingWork {
      scheduler.hasPendingWork = false
      swap(&transitions, &carried)
      if !queue.isEmpty {
        catchUp()
        modelWillChange()
        transitions += applyQueued(at: now)
      }
    }
    if scheduler.isDeadlineDue(at: now) {
      catchUp()
      // A tick at which only an announcement falls due changes no frame:
      // the last frame is still the model's frame at its time (FR-9).
      if !storedModel.state.tickLeavesFrames(at: now) { modelWillChange() }
      let tick = storedModel.send(.tick, at: now)
      scheduler.record(tick)
      scheduler.reschedule(after: storedModel.state)
      if !tick.effects.isEmpty { transitions.append(tick) }
    } else if now > idleTime {
      // No deadline falls due by `now`: only the clock moves, kept beside
      // the schedule as an idle step keeps it (a frame does not depend on
      // the machine's clock), not written into the model.
      idleTime = now
    }
    guard scheduler.isFrameDue(at: now) else {
      return StepOutcome(transitions: transitions, hasFrame: false, motionChanged: false)
    }
    let frame = sample(at: now)
    // What the motion is made of, compared when a still frame is due: after
    // a change only (FR-11).
    let motionChanged = scheduler.hostPerformsMotion && noteMotionSource(path: frame.path)
    let hasFrame = admit(frame)
    if hasFrame { delivered = frame }
    return StepOutcome(transitions: transitions, hasFrame: hasFrame, motionChanged: motionChanged)
  }

  /// Takes what the motion is now made of as the last; answers whether it
  /// differs from the one before (FR-11).
  @inline(never)
  private mutating func noteMotionSource(path: SegmentGeometry) -> Bool {
    let configuration = storedModel.state.configuration
    return motionSource.update(
      MotionSource(
        indeterminateStyle: configuration.indeterminateStyle,
        reducesMotion: configuration.reducesMotion, showsTrack: configuration.showsTrack,
        material3: configuration.material3, progressType: storedModel.state.progressType,
        path: path))
  }

  /// Decides whether to deliver a frame sampled when one was due.
  ///
  /// Not when it shows the same picture as the last one delivered (FR-5).
  /// The debt is paid either way.
  ///
  /// While the model has not changed since the last frame, the pictures
  /// differ exactly when the moving parts do (FR-10): the frame's
  /// ``MovingPart`` is compared with the last one's, kept beside the wake
  /// time, and the last frame is neither read nor, when this one is
  /// delivered, written. After a change the frames are compared whole
  /// (``ProgressFrame/showsSamePicture(as:)``), the last one kept.
  ///
  /// - Parameter frame: The frame, sampled from the model at its time.
  /// - Returns: Whether it is delivered: it becomes the last frame.
  @inline(never)
  private mutating func admit(_ frame: borrowing ProgressFrame) -> Bool {
    let moving = MovingPart(frame)
    switch scheduler.lastFrame {
    case .none:
      break
    case .kept, .sampled:
      if moving == scheduler.lastMoving {
        scheduler.skipFrame()
        return false
      }
      // Only time moved since the last frame: this one is the model's
      // frame at its time, and is not kept.
      scheduler.deliver(at: frame.time, moving: moving, isKept: false)
      return true
    case .keptBeforeChange:
      if kept.showsSamePicture(as: frame) {
        scheduler.skipFrame()
        return false
      }
    }
    // The first frame after a change: kept whole in the box, when the
    // runtime has one, so that another change before the next frame needs
    // no sampling. The box is not made for it: until the model changes,
    // the model's frame at its time is this frame, and an indicator that
    // never changes after its first frame never needs one (FR-9).
    let isKept = kept.hasStorage
    if isKept { kept.keep(frame) }
    scheduler.deliver(at: frame.time, moving: moving, isKept: isKept)
    return true
  }

  /// Applies the queued events at `time`, in order, and empties the queue.
  private mutating func applyQueued(at time: Double) -> [ProgressTransition] {
    var transitions: [ProgressTransition] = []
    transitions.reserveCapacity(queue.count)
    for event in queue {
      let transition = storedModel.send(event, at: time)
      scheduler.record(transition)
      transitions.append(transition)
    }
    queue.removeAll(keepingCapacity: true)
    scheduler.reschedule(after: storedModel.state)
    return transitions
  }
}

/// The frame a runtime keeps whole: out of line, in a box made at the first
/// frame kept and reused while one runtime alone holds it (copy-on-write).
private struct KeptFrame: Sendable {
  /// The box, or `nil` before the first frame kept.
  private var box: Box?

  /// The frame kept, or `nil` when none was.
  var frame: ProgressFrame? { box?.frame }

  /// Whether a frame was ever kept: keeping another allocates nothing.
  var hasStorage: Bool { box != nil }

  /// Keeps `frame` whole, in the box when this value alone holds it.
  mutating func keep(_ frame: borrowing ProgressFrame) {
    guard var kept = box else {
      box = Box(copy frame)
      return
    }
    box = nil
    if isKnownUniquelyReferenced(&kept) {
      kept.frame = copy frame
    } else {
      kept = Box(copy frame)
    }
    box = kept
  }

  /// The storage: written only while one value holds it, which is why
  /// it may cross threads.
  private final class Box: @unchecked Sendable {
    var frame: ProgressFrame

    init(_ frame: ProgressFrame) { self.frame = frame }
  }

  /// Whether the frame kept shows the same picture as `other` (FR-5);
  /// `false` when none was kept.
  func showsSamePicture(as other: borrowing ProgressFrame) -> Bool {
    box?.frame.showsSamePicture(as: other) ?? false
  }
}

/// What an indicator's motion — the loop's keyframes, the wave, the path a
/// host animates along — is made of (FR-11): the configuration's members
/// the motion reads, the progress type (a bar's wavelength) and the
/// laid-out path at the full line width.
private struct MotionSource: Equatable, Sendable {
  var indeterminateStyle: IndeterminateStyle
  var reducesMotion: Bool
  var showsTrack: Bool
  var material3: Material3Style?
  var progressType: ProgressType
  var path: SegmentGeometry
}

/// The motion source of the last still frame delivered, out of line: a
/// word in a runtime of the ``IndicatorRuntime/Cadence/frames`` cadence,
/// which never makes the box.
private struct MotionSourceSlot: Sendable {
  private var box: Box?

  /// Takes `source` as the last; answers whether it differs from the one
  /// before (always, the first time).
  mutating func update(_ source: MotionSource) -> Bool {
    guard var stored = box else {
      box = Box(source)
      return true
    }
    if stored.source == source { return false }
    box = nil
    if isKnownUniquelyReferenced(&stored) {
      stored.source = source
    } else {
      stored = Box(source)
    }
    box = stored
    return true
  }

  /// The storage: written only while one value holds it, which is why it
  /// may cross threads.
  private final class Box: @unchecked Sendable {
    var source: MotionSource

    init(_ source: MotionSource) { self.source = source }
  }
}
