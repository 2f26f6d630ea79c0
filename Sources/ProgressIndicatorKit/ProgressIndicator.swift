//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the facade — calls, completions, sinks, frames on demand.
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// A progress indicator with the API of Vitamin's and MDC's components: call
/// it like a view, advance it with your clock, and it feeds frames to its
/// sinks — only when something changed.
///
/// Events happen at the indicator's current ``time``, the time of the last
/// ``advance(to:)``; completion blocks are called exactly once, when the
/// machine delivers them (CP-1).
///
/// ```swift
/// let sink = RecordingFrameSink()
/// let indicator = try ProgressIndicator(
///   configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)),
///   size: FrameSize(width: 320, height: 40), sinks: [sink])
/// indicator.setProgress(0.6, animated: true) { finished in print("done", finished) }
/// for tick in 1...20 { indicator.advance(to: Double(tick) / 60) }  // frames while it moves
/// indicator.advance(to: 1)    // nil: nothing changes, no frame
/// ```
///
/// A class, like the views it models: a completion block may call back into
/// the indicator that delivers it — MDC's "set 1, then hide in the
/// completion" — because effects are performed after the state has moved.
/// Not `Sendable`: it holds sinks and completion blocks; the pure
/// ``ProgressIndicatorModel`` inside is.
public final class ProgressIndicator {
  /// What every advance reads and writes, in one stored property: each
  /// stored property of a class is checked for exclusive access at run time
  /// on its own, so an idle advance makes one access, not four.
  ///
  /// First, beside the object's header: the flags, then the runtime's
  /// schedule, so that an idle advance reads one run of memory.
  private var loop: Loop
  /// The host loop: the model, its schedule, the last frame.
  private var runtime: IndicatorRuntime {
    get { loop.runtime }
    _modify { yield &loop.runtime }
  }
  /// Called with each accessibility announcement the machine makes (AX-5);
  /// post it if an assistive technology is running.
  public var announcementHandler: ((AccessibilityValue) -> Void)? {
    get { rare?.announcementHandler }
    set {
      if newValue == nil, rare == nil { return }
      makeRare().announcementHandler = newValue
    }
  }
  /// The tick of the last ``advance(to:)`` when it delivered something
  /// (completions, announcements, the end of an animation); `nil` when
  /// nothing fell due, or while ``keepsLastAdvance`` is `false`.
  package var lastAdvance: ProgressTransition? { rare?.lastAdvance }
  /// Whether ``lastAdvance`` is kept: for a host that reports what fell
  /// due (the conformance subject); `false` for the others, so that the
  /// ticks an indicator's life delivers allocate nothing.
  package var keepsLastAdvance: Bool {
    get { loop.keepsLastAdvance }
    set {
      loop.keepsLastAdvance = newValue
      if !newValue {
        rare?.lastAdvance = nil
        loop.hasLastAdvance = false
      }
    }
  }
  /// What a moving advance never reads, out of line: made at the first
  /// completion block or announcement handler (or kept tick), `nil` until
  /// then (issue 22 §4).
  ///
  /// Inline, its 300 bytes (a transition is 273) lay between the runtime
  /// and the sinks of every indicator, and so did a box made for each
  /// indicator's first announcement: a host that advances many
  /// indicators made one after another streamed 1,120 bytes an indicator
  /// from memory, against the fleet's 728.
  private var rare: Rare?
  /// The sinks, last: the one most indicators have is stored inline, so that
  /// feeding it reads no array buffer elsewhere on the heap (issue 22 §4).
  ///
  /// Not before the runtime: an idle advance (the flags and the schedule)
  /// would step over it (callgrind at 10,000 indicators: 2.6 → 3.6 lines
  /// an idle tick). Last, after the cold fields, rather than right after
  /// the runtime: indicators made one after another lie one after another
  /// on the heap, and the line a moving tick writes its sink back to often
  /// holds the next indicator's header (12.8 lines a moving tick, against
  /// 13.3 right after the runtime and 13.9 with the sinks in an array).
  private var sinks: SinkList

  /// The indicator's rarely used state: its callbacks and the last tick
  /// that delivered something.
  private final class Rare {
    /// The announcement handler (``ProgressIndicator/announcementHandler``).
    var announcementHandler: ((AccessibilityValue) -> Void)?
    /// The completion blocks waiting for their request's completion.
    var completions: [CompletionID: (Bool) -> Void] = [:]
    /// ``ProgressIndicator/lastAdvance``.
    var lastAdvance: ProgressTransition?
  }

  /// The rarely used state, made when first needed.
  private func makeRare() -> Rare {
    if let rare { return rare }
    let made = Rare()
    rare = made
    return made
  }

  /// The sinks in the order they were added: the first inline, the others
  /// in an array (an indicator with one sink allocates no buffer for it).
  ///
  /// Its fields are read and written where they are stored (a computed
  /// count or subscript would copy the list, both fields, at each call).
  private struct SinkList {
    /// The first sink added, or a sink that draws nothing while there is
    /// none (not an optional: feeding it needs no test of one, and its
    /// copy and write-back are the plain existential's).
    var first: any FrameSink = NoSink.shared
    /// The sinks added after the first, in order; empty while there is no
    /// first.
    var others: [any FrameSink] = []

    /// Puts `sinks` in a list, in order.
    init(_ sinks: [any FrameSink]) {
      for sink in sinks { append(sink) }
    }

    /// Adds a sink after the others.
    mutating func append(_ sink: any FrameSink) {
      if others.isEmpty, first is NoSink { first = sink } else { others.append(sink) }
    }
  }

  /// The first sink of an indicator that has none, which draws nothing.
  ///
  /// Not public, so no caller can add one; one instance for every indicator
  /// (a class, as a sink must be under Embedded Swift).
  private final class NoSink: FrameSink, Sendable {
    /// The one instance.
    static let shared = NoSink()

    func consume(_ frame: ProgressFrame) {}
  }

  /// The state an advance reads and writes, in the order it reads it.
  private struct Loop {
    /// The latest time a sink asked to advance to while being fed.
    ///
    /// First: its 9 bytes and the flags' 3 share one 16-byte slot.
    var deferredTime: Double?
    /// Whether the sinks are being fed: an advance from inside a sink waits
    /// until they all have the frame, so none receives an older frame after
    /// a newer one.
    var isDelivering = false
    /// Whether ``ProgressIndicator/lastAdvance`` is set (testing the
    /// optional itself would copy a transition).
    var hasLastAdvance = false
    /// ``ProgressIndicator/keepsLastAdvance``.
    var keepsLastAdvance = false
    /// The host loop: the model, its schedule, the last frame (FR-5, FR-8).
    var runtime: IndicatorRuntime

    /// Whether an advance to `newTime` is done without the engine.
    ///
    /// It is when called from a sink (the time is kept for after the
    /// delivery), or when the runtime is idle until then. Calls nothing, so
    /// its access needs no run-time tracking.
    mutating func passIdle(to newTime: Double) -> Bool {
      if isDelivering {
        if newTime.isFinite { deferredTime = max(deferredTime ?? newTime, newTime) }
        return true
      }
      return !hasLastAdvance && runtime.passIdle(to: newTime)
    }

    /// The engine's part of an advance: the runtime's step, or `nil` when
    /// called from a sink (the time is kept for after the delivery).
    mutating func step(
      to newTime: Double, into frame: inout ProgressFrame?
    ) -> (transitions: [ProgressTransition], hasFrame: Bool, clearsLastAdvance: Bool)? {
      if isDelivering {
        if newTime.isFinite { deferredTime = max(deferredTime ?? newTime, newTime) }
        return nil
      }
      let clearsLastAdvance = hasLastAdvance
      hasLastAdvance = false
      let step = runtime.step(to: newTime, into: &frame)
      return (step.transitions, step.hasFrame, clearsLastAdvance)
    }
  }

  /// Creates an indicator.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type (PT-2).
  ///   - progress: The initial progress.
  ///   - isHidden: Whether it starts hidden.
  ///   - size: The frame size.
  ///   - theme: The colours.
  ///   - measurer: The text measurer.
  ///   - sinks: The sinks fed by ``advance(to:)``.
  ///   - time: The creation time.
  /// - Throws: ``IndicatorError``.
  public init(
    configuration: ProgressConfiguration = ProgressConfiguration(),
    progressType: ProgressType = .determinate,
    progress: Double = 0,
    isHidden: Bool = false,
    size: FrameSize,
    theme: ProgressTheme = .light,
    measurer: any TextMeasurer = EstimatedTextMeasurer(),
    sinks: [any FrameSink] = [],
    at time: Double = 0
  ) throws(IndicatorError) {
    loop = Loop(
      runtime: IndicatorRuntime(
        try ProgressIndicatorModel(
          configuration: configuration, progressType: progressType, progress: progress,
          isHidden: isHidden, size: size, theme: theme, measurer: measurer, at: time)))
    self.sinks = SinkList(sinks)
  }

  // MARK: - State

  /// The pure model: machine, layout, motion.
  public var model: ProgressIndicatorModel { runtime.model }

  /// The indicator's current time: the latest time advanced to, which is
  /// the machine's time (TM-3).
  public var time: Double { runtime.time }

  /// The machine's state.
  public var state: ProgressState { runtime.state }

  /// The configuration.
  package var configuration: ProgressConfiguration { runtime.state.configuration }

  /// Whether frames change with time (MS-5): when `false` and nothing was
  /// called, ``advance(to:)`` produces no frame.
  package var isAnimating: Bool { runtime.state.isAnimating }

  /// Whether the next ``advance(to:)`` will produce a frame.
  package var needsDisplay: Bool { runtime.needsFrame }

  /// The progress type; setting it switches the type (TS).
  public var progressType: ProgressType {
    get { runtime.state.progressType }
    set { send(.setProgressType(newValue)) }
  }

  /// The model progress; setting it is a non-animated `setProgress`.
  public var progress: Double {
    get { runtime.state.progress }
    set { setProgress(newValue, animated: false) }
  }

  // MARK: - Calls

  /// Sets the determinate progress (PV, DA).
  ///
  /// - Parameters:
  ///   - value: The new progress; clamped to [0, 1]; NaN is rejected.
  ///   - animated: Whether the bar animates to it.
  ///   - completion: Called once with `true` when the bar reaches the value
  ///     (or at once when nothing needs to move), `false` when superseded,
  ///     cancelled, ignored while indeterminate, or rejected.
  /// - Returns: The machine's transition.
  @discardableResult
  public func setProgress(
    _ value: Double, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) -> ProgressTransition {
    send(.setProgress(value, animated: animated), completion: completion)
  }

  /// Hides or shows the indicator (VS).
  ///
  /// - Parameters:
  ///   - hidden: Whether to hide it.
  ///   - animated: Whether to animate.
  ///   - completion: Called once, as for ``setProgress(_:animated:completion:)``.
  /// - Returns: The machine's transition.
  @discardableResult
  public func setHidden(
    _ hidden: Bool, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) -> ProgressTransition {
    send(.setHidden(hidden, animated: animated), completion: completion)
  }

  /// Starts the indeterminate loop (IA-1); no effect when determinate.
  ///
  /// - Returns: The machine's transition.
  @discardableResult
  public func startIndeterminateAnimation() -> ProgressTransition {
    send(.startIndeterminateAnimation)
  }

  /// Stops the indeterminate loop at once (IA-4); no effect when determinate.
  ///
  /// - Returns: The machine's transition.
  @discardableResult
  public func stopIndeterminateAnimation() -> ProgressTransition {
    send(.stopIndeterminateAnimation)
  }

  /// Replaces the configuration; the layout follows (CF-8, LG-5).
  ///
  /// - Parameter configuration: The new settings.
  /// - Returns: The machine's transition.
  @discardableResult
  public func configure(_ configuration: ProgressConfiguration) -> ProgressTransition {
    send(.configure(configuration))
  }

  /// Changes the frame size; the layout follows at once (LG-5).
  ///
  /// - Parameter size: The new size.
  /// - Throws: ``IndicatorError/invalidSize(width:height:)``; nothing changes.
  public func resize(to size: FrameSize) throws(IndicatorError) {
    try runtime.resize(to: size)
  }

  /// Changes the colours.
  ///
  /// - Parameter theme: The new theme.
  public func setTheme(_ theme: ProgressTheme) {
    runtime.setTheme(theme)
  }

  /// Adds a sink.
  ///
  /// - Parameter sink: A sink fed by later calls to ``advance(to:)``.
  public func addSink(_ sink: any FrameSink) {
    sinks.append(sink)
    runtime.redeliver()
  }

  // MARK: - Time and frames

  /// Moves the indicator's time forward: animations that end deliver their
  /// completions, and a frame goes to every sink if anything changed or
  /// moves — otherwise nothing happens.
  ///
  /// - Parameter newTime: The time; an earlier time is treated as the
  ///   current one (TM-3).
  /// - Returns: The frame sent to the sinks, or `nil` when none was needed.
  @discardableResult
  public func advance(to newTime: Double) -> ProgressFrame? {
    if loop.passIdle(to: newTime) { return nil }
    var frame: ProgressFrame?
    return feed(to: newTime, into: &frame) ? frame : nil
  }

  /// Moves the indicator's time forward and feeds the sinks, as
  /// ``advance(to:)`` does, returning only whether a frame was sent.
  ///
  /// For drivers that tick many indicators: an idle indicator costs a few
  /// comparisons, and no frame is returned by value.
  ///
  /// - Parameter newTime: The time.
  /// - Returns: Whether a frame was sent to the sinks.
  @discardableResult
  package func update(to newTime: Double) -> Bool {
    // Called from a sink: advance once every sink has this frame.
    if loop.passIdle(to: newTime) { return false }
    var frame: ProgressFrame?
    return feed(to: newTime, into: &frame)
  }

  /// An advance past the idle check: the runtime's step, the completions
  /// and announcements, and the frame fed to the sinks.
  ///
  /// - Parameters:
  ///   - newTime: The time.
  ///   - frame: Set to the frame fed to the sinks, when there is one.
  /// - Returns: Whether a frame was sent to the sinks.
  private func feed(to newTime: Double, into frame: inout ProgressFrame?) -> Bool {
    guard let step = loop.step(to: newTime, into: &frame) else { return false }
    if step.clearsLastAdvance { rare?.lastAdvance = nil }
    // Only the tick (the facade queues nothing): what fell due.
    if let tick = step.transitions.last {
      if loop.keepsLastAdvance {
        makeRare().lastAdvance = tick
        loop.hasLastAdvance = true
      }
      perform(tick)
    }
    guard step.hasFrame, let frame else { return false }
    // Each sink is taken out while it consumes, so a sink that calls back
    // into the indicator does not overlap an access to the sink list; an
    // advance it asks for waits until every sink has this frame.
    loop.isDelivering = true
    // The sinks there are now: one a sink adds is fed from the next frame.
    let count = sinks.others.count
    var sink = sinks.first
    Self.deliver(frame, to: &sink)
    sinks.first = sink
    var index = 0
    while index < count {
      var sink = sinks.others[index]
      Self.deliver(frame, to: &sink)
      sinks.others[index] = sink
      index += 1
    }
    loop.isDelivering = false
    if let deferred = loop.deferredTime {
      loop.deferredTime = nil
      update(to: deferred)
    }
    return true
  }

  /// Hands a frame to a sink taken out of the list (a sink may be a value
  /// that changes as it consumes, or, under Embedded Swift, a class).
  private static func deliver(_ frame: ProgressFrame, to sink: inout any FrameSink) {
    sink.consume(frame)
  }

  /// Returns the frame at a time without changing anything or feeding the
  /// sinks.
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: The frame.
  package func frame(at time: Double) -> ProgressFrame {
    runtime.frame(at: time)
  }

  // MARK: - Plumbing

  /// Sends any event at the current time, as the named calls do.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - completion: For `setProgress` and `setHidden`, called once as for
  ///     ``setProgress(_:animated:completion:)``.
  /// - Returns: The machine's transition.
  @discardableResult
  public func send(_ event: ProgressEvent, completion: ((Bool) -> Void)? = nil)
    -> ProgressTransition
  {
    let transition = runtime.send(event)
    if let completion {
      if let id = transition.completion {
        makeRare().completions[id] = completion
      } else {
        // A rejected request gets no identity: answer it now, so every
        // block is still called exactly once.
        completion(false)
      }
    }
    perform(transition)
    return transition
  }

  /// Performs a transition's effects: completions and announcements (the
  /// runtime has taken note of what owes a frame).
  private func perform(_ transition: ProgressTransition) {
    guard let rare else { return }  // no block, no handler: nothing to call
    for effect in transition.effects {
      switch effect {
      case .complete(let id, let finished):
        rare.completions.removeValue(forKey: id)?(finished)
      case .announce(let value):
        rare.announcementHandler?(value)
      default:
        // The other effects animate what the frames already show.
        break
      }
    }
  }
}
