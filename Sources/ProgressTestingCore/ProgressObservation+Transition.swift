//===----------------------------------------------------------------------===//
// ProgressTesting: an observation from a machine's state and transition, and
// the request numbering the kit uses.
//===----------------------------------------------------------------------===//

public import ProgressIndicatorKit
public import ProgressStateMachine
package import Timeline

/// The numbering of requests the kit uses in observations: every
/// `setProgress` and `setHidden` step is request 0, 1, 2… in the order sent,
/// whatever the implementation's own completion identities are.
///
/// ```swift
/// var machine = try ProgressMachine()
/// var requests = RequestNumbering()
/// let transition = machine.send(.setProgress(0.5, animated: true), at: 0)
/// requests.record(transition)
/// requests.request(for: transition.completion!)   // 0
/// ```
public struct RequestNumbering: Hashable, Sendable {
  private var numbers: [CompletionID: Int] = [:]
  /// The number the next request gets.
  public private(set) var count = 0

  /// Creates a numbering with no request yet.
  public init() {}

  /// Notes a transition: a `setProgress` or `setHidden` event takes the
  /// next number, even when rejected (it then has no completion).
  ///
  /// - Parameter transition: A transition of the implementation's machine.
  public mutating func record(_ transition: ProgressTransition) {
    let kind = transition.event.kind
    guard kind == .setProgress || kind == .setHidden else { return }
    if let id = transition.completion { numbers[id] = count }
    count += 1
  }

  /// The request number of a completion identity, or `nil` if none was
  /// recorded for it.
  ///
  /// - Parameter id: A completion identity.
  /// - Returns: The request number.
  public func request(for id: CompletionID) -> Int? { numbers[id] }
}

extension ProgressObservation {
  /// Observes a machine's state after a transition: what this package's own
  /// subjects report, and what a renderer built on the machine or the model
  /// reports with one line.
  ///
  /// - Parameters:
  ///   - state: The state after the transition.
  ///   - transition: The transition; its completions and announcements are
  ///     the step's.
  ///   - requests: The request numbering, with `transition` recorded.
  ///   - frame: The frame drawn after the step, if the subject has one.
  public init(
    state: ProgressState, transition: ProgressTransition, requests: RequestNumbering,
    frame: ProgressFrame? = nil
  ) {
    self.init(
      state: state, transition: transition, requests: requests, boxedFrame: frame.map(Boxed.init))
  }

  /// Observes a machine's state after a transition, its frame already
  /// boxed: what the invariants' context makes, without copying the frame.
  package init(
    state: borrowing ProgressState, transition: borrowing ProgressTransition,
    requests: borrowing RequestNumbering, boxedFrame: Boxed<ProgressFrame>?
  ) {
    var completions: [Completion] = []
    var announcements: [AccessibilityValue] = []
    for effect in transition.effects {
      switch effect {
      case .complete(let id, let finished):
        completions.append(.init(request: requests.request(for: id) ?? -1, finished: finished))
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
    if case .determinateAnimating = state.mode { animating = true }
    // Each field set here, not through the memberwise initialiser, which
    // copied the observation twice.
    self.outcome = outcome
    progressType = state.progressType
    progress = state.progress
    isAnimatingProgress = animating
    isIndeterminateAnimating = state.isIndeterminateAnimating
    visibility = state.visibility.kind
    percentageText = state.percentageText
    accessibilityValue = state.accessibilityValue
    self.completions = completions
    self.announcements = announcements
    self.boxedFrame = boxedFrame
  }
}
