//===----------------------------------------------------------------------===//
// ProgressStateMachine: the machine, its creation and its one entry point.
//===----------------------------------------------------------------------===//

/// A progress indicator as an explicit finite-state machine.
///
/// The machine holds a ``ProgressState`` and changes it only through
/// ``send(_:at:)``, which calls the pure function
/// ``transition(from:on:at:)``: state + event + time → next state + effects.
/// It never reads a clock and never sleeps; time is an input. Effects are
/// plain values for the next layer (a timeline, a renderer, the host's
/// completion blocks) to perform.
///
/// ```swift
/// var machine = try ProgressMachine(
///   configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)))
/// machine.send(.setProgress(0.29, animated: true), at: 0)
/// machine.state.percentageText                  // "29%" at once (PX-3)
/// machine.state.presentedProgress(at: 0.125)    // 0.145: the bar is half-way
/// let end = machine.send(.tick, at: 0.25)
/// end.effects                                   // [.complete(#0, finished: true)]
/// ```
///
/// See `Docs/spec.md` for the rules and `Docs/state-machine.md` for the
/// transition table.
public struct ProgressMachine: Hashable, Sendable {
  /// The current state.
  public private(set) var state: ProgressState

  /// The delay of the trailing debounce of accessibility announcements: 1 s
  /// after the last change of the value, as MDC does (AX-5).
  static let announcementDelay = 1.0

  /// Creates a machine.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type; honoured as given (PT-2).
  ///   - progress: The initial determinate progress, clamped to [0, 1]
  ///     (PV-2); ignored when `progressType` is indeterminate (PT-4).
  ///   - isHidden: Whether the indicator starts hidden (VS-1).
  ///   - time: The creation time in seconds on the host's clock.
  /// - Throws: ``ProgressError/progressIsNaN`` for a NaN progress,
  ///   ``ProgressError/invalidTime(_:)`` for a non-finite time and
  ///   ``ProgressError/invalidMaterial3(_:)`` for a Material 3 ring size the
  ///   configuration cannot have (MT-28).
  public init(
    configuration: ProgressConfiguration = ProgressConfiguration(),
    progressType: ProgressType = .determinate,
    progress: Double = 0,
    isHidden: Bool = false,
    at time: Double = 0
  ) throws(ProgressError) {
    guard !progress.isNaN else { throw .progressIsNaN }
    guard time.isFinite else { throw .invalidTime(time) }
    if let problem = configuration.material3Problem { throw .invalidMaterial3(problem) }
    let mode: ProgressMode =
      switch progressType {
      case .determinate: .determinateIdle(progress: min(max(progress, 0), 1))
      case .indeterminate: .indeterminateStopped
      }
    state = ProgressState(
      configuration: configuration,
      mode: mode,
      visibility: isHidden ? .hidden : .shown,
      time: time,
      nextCompletion: CompletionID(0),
      announcement: ProgressState.AnnouncementState(lastAnnounced: nil, due: nil)
    )
    state.announcement.lastAnnounced = state.accessibilityValue
    state.createWave(at: time)
  }

  /// Creates a machine in a given state, for example a snapshot.
  ///
  /// - Parameter state: A state produced by a machine.
  public init(state: ProgressState) {
    self.state = state
  }

  /// Sends one event at a time and moves to the next state.
  ///
  /// - Parameters:
  ///   - event: What happens.
  ///   - time: When it happens, in seconds on the host's clock.
  /// - Returns: The outcome and the effects to perform, in order.
  /// - Complexity: O(1); at most three deadlines are processed.
  @discardableResult
  public mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressTransition {
    // The same function as `transition(from:on:at:)`, applied in place.
    Self.step(&state, on: event, at: time)
  }

  /// Moves the machine's time forward to `time` when nothing falls due on
  /// the way: what a `.tick` would do then, without building its record.
  ///
  /// For a host whose schedule knows no deadline comes before `time` (an
  /// idle step), so that the machine's time stays the host's time. Does
  /// nothing for an earlier or non-finite time, or when a deadline falls
  /// due by `time` (then only a `.tick` may move it, TM-2).
  ///
  /// - Parameter time: The new time.
  package mutating func passTime(to time: Double) {
    guard time > state.time, time.isFinite else { return }
    if let deadline = state.nextDeadline, deadline <= time { return }
    state.time = time
  }
}
