//===----------------------------------------------------------------------===//
// ProgressTesting: the bare state machine as a subject (no frames), for fast
// differential runs.
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// This package's state machine as a ``ProgressSubject``, without layout or
/// frames: the fastest subject, for long differential runs.
public struct MachineSubject: ProgressSubject {
  private var machine: ProgressMachine
  private var requests: [CompletionID: Int] = [:]
  private var requestCount = 0

  /// Creates the subject.
  ///
  /// - Parameters:
  ///   - configuration: The settings.
  ///   - progressType: The initial type.
  /// - Throws: `ProgressError` from the machine.
  public init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    machine = try ProgressMachine(configuration: configuration, progressType: progressType)
  }

  /// Sends the event and observes the state.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: The time.
  /// - Returns: The observation.
  public mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = machine.send(event, at: time)
    if event.kind == .setProgress || event.kind == .setHidden {
      if let id = transition.completion { requests[id] = requestCount }
      requestCount += 1
    }
    return ProgressObservation(machine.state, transition, requests: requests)
  }
}

extension ProgressObservation {
  /// Observes a machine state after a transition.
  init(_ state: ProgressState, _ transition: ProgressTransition, requests: [CompletionID: Int]) {
    var completions: [Completion] = []
    var announcements: [AccessibilityValue] = []
    for effect in transition.effects {
      switch effect {
      case .complete(let id, let finished):
        completions.append(.init(request: requests[id] ?? -1, finished: finished))
      case .announce(let value): announcements.append(value)
      default: break
      }
    }
    let outcome: Outcome =
      switch transition.outcome {
      case .applied: .applied
      case .ignored: .ignored
      case .rejected: .rejected
      }
    var animating = false
    if case .determinateAnimating = state.phase { animating = true }
    self.init(
      outcome: outcome, progressType: state.progressType, progress: state.progress,
      isAnimatingProgress: animating,
      isIndeterminateAnimating: state.isIndeterminateAnimating, visibility: state.visibility.kind,
      percentageText: state.percentageText, accessibilityValue: state.accessibilityValue,
      completions: completions,
      announcements: announcements)
  }
}
