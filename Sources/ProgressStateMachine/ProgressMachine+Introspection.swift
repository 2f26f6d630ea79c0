//===----------------------------------------------------------------------===//
// ProgressStateMachine: listing states, events and transitions (spec MS-4).
//===----------------------------------------------------------------------===//

import Timeline

/// One row of the transition table: what an event does in one state of one
/// region.
///
/// `Kind` is ``ProgressMode/Kind`` for the mode region and
/// ``ProgressVisibility/Kind`` for the visibility region.
package struct TransitionTableRow<Kind: Hashable & Sendable>: Hashable, Sendable {
  /// The state before the event.
  package var from: Kind
  /// The representative event.
  package var event: ProgressEvent
  /// The time of the event in the representative scenario.
  package var time: Double
  /// What the event did.
  package var outcome: ProgressTransition.Outcome
  /// The state after the event.
  package var to: Kind
  /// The effects, in order.
  package var effects: ProgressEffects
}

extension ProgressMachine {
  /// The time of the representative states: every animation in them starts
  /// at 0 and lasts 0.25 s.
  static let representativeStart = 0.0
  /// The time representative events are sent at: half-way through the
  /// representative animations.
  static let representativeEventTime = 0.125
  /// The time representative `tick` events are sent at: after every deadline
  /// of the representative states.
  static let representativeTickTime = 2.0

  /// Returns a state of the given mode kind, shown, with the default
  /// configuration: `determinateIdle` at 0.2, `determinateAnimating` from 0.2
  /// to 0.8 over [0, 0.25] completing `#0`, `indeterminateStopped`, and
  /// `indeterminateRunning` since 0.
  ///
  /// Model-based tests and the transition table start from these states.
  ///
  /// - Parameter kind: The mode state wanted.
  /// - Returns: A valid state of that kind at time 0.
  package static func representativeState(for kind: ProgressMode.Kind) -> ProgressState {
    var state = baseState()
    switch kind {
    case .determinateIdle:
      state.mode = .determinateIdle(progress: 0.2)
    case .determinateAnimating:
      state.mode = .determinateAnimating(representativeAnimation(from: 0.2, to: 0.8))
    case .indeterminateStopped:
      state.mode = .indeterminateStopped
    case .indeterminateRunning:
      state.mode = .indeterminateRunning(LoopClock(origin: representativeStart))
    }
    state.announcement.lastAnnounced = state.accessibilityValue
    return state
  }

  /// Returns a state of the given visibility kind, determinate at rest at
  /// 0.2: `hiding` runs from 1 to 0 and `showing` from 0 to 1, each over
  /// [0, 0.25] completing `#0`.
  ///
  /// - Parameter kind: The visibility state wanted.
  /// - Returns: A valid state of that kind at time 0.
  package static func representativeState(for kind: ProgressVisibility.Kind) -> ProgressState {
    var state = baseState()
    state.mode = .determinateIdle(progress: 0.2)
    switch kind {
    case .shown:
      state.visibility = .shown
    case .hidden:
      state.visibility = .hidden
    case .hiding:
      let animation = representativeAnimation(from: 1, to: 0)
      state.visibility = .hiding(
        RunningAnimation(tween: animation.tween, completion: animation.completion))
    case .showing:
      let animation = representativeAnimation(from: 0, to: 1)
      state.visibility = .showing(
        RunningAnimation(tween: animation.tween, completion: animation.completion))
    }
    state.announcement.lastAnnounced = state.accessibilityValue
    return state
  }

  /// The representative events of the mode region: each class of
  /// behaviour once.
  package static let representativeModeEvents: [ProgressEvent] = [
    .setProgress(0.9, animated: true),
    .setProgress(0.9, animated: false),
    .setProgress(.nan, animated: true),
    .setProgressType(.determinate),
    .setProgressType(.indeterminate),
    .startIndeterminateAnimation,
    .stopIndeterminateAnimation,
    .tick,
  ]

  /// The representative events of the visibility region.
  static let representativeVisibilityEvents: [ProgressEvent] = [
    .setHidden(true, animated: true),
    .setHidden(true, animated: false),
    .setHidden(false, animated: true),
    .setHidden(false, animated: false),
    .tick,
  ]

  /// The mode region's transition table, computed by running the
  /// transition function on every representative state and event.
  ///
  /// - Complexity: O(states × events).
  package static var modeTransitionTable: [TransitionTableRow<ProgressMode.Kind>] {
    ProgressMode.Kind.allCases.flatMap { kind in
      representativeModeEvents.map { event in
        row(from: representativeState(for: kind), event: event) { $0.mode.kind }
      }
    }
  }

  /// The visibility region's transition table, computed by running the
  /// transition function on every representative state and event.
  ///
  /// - Complexity: O(states × events).
  package static var visibilityTransitionTable: [TransitionTableRow<ProgressVisibility.Kind>] {
    ProgressVisibility.Kind.allCases.flatMap { kind in
      representativeVisibilityEvents.map { event in
        row(from: representativeState(for: kind), event: event) { $0.visibility.kind }
      }
    }
  }

  private static func row<Kind>(
    from state: ProgressState, event: ProgressEvent, kind: (ProgressState) -> Kind
  ) -> TransitionTableRow<Kind> {
    let time = event == .tick ? representativeTickTime : representativeEventTime
    let (next, transition) = ProgressMachine.transition(from: state, on: event, at: time)
    return TransitionTableRow(
      from: kind(state), event: event, time: time, outcome: transition.outcome,
      to: kind(next), effects: transition.effects)
  }

  private static func baseState() -> ProgressState {
    ProgressState(
      configuration: ProgressConfiguration(),
      mode: .determinateIdle(progress: 0),
      visibility: .shown,
      time: representativeStart,
      nextCompletion: CompletionID(1),
      announcement: ProgressState.AnnouncementState(lastAnnounced: nil, due: nil)
    )
  }

  private static func representativeAnimation(from: Double, to: Double) -> RunningAnimation {
    let tween = Tween(
      uncheckedFrom: from, to: to, start: representativeStart,
      timing: ProgressConfiguration.defaultAnimation)
    return RunningAnimation(tween: tween, completion: CompletionID(0))
  }
}
