//===----------------------------------------------------------------------===//
// StateMachineTests: helpers shared by the suites.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTestingCore
import Testing
import Timeline

/// Creates a machine; an error fails the calling test instead of trapping.
func makeMachine(
  _ configuration: ProgressConfiguration = ProgressConfiguration(),
  type: ProgressType = .determinate,
  progress: Double = 0,
  hidden: Bool = false,
  at time: Double = 0
) throws -> ProgressMachine {
  try ProgressMachine(
    configuration: configuration, progressType: type, progress: progress, isHidden: hidden,
    at: time)
}

/// A linear 0.25 s tween, the default determinate and visibility timing.
func linearTween(from: Double, to: Double, start: Double, duration: Double = 0.25) throws -> Tween {
  try Tween(from: from, to: to, start: start, timing: AnimationTiming(duration: duration))
}

/// A script of timed events, read like a timeline: `(time, event)` pairs.
typealias Script = [(Double, ProgressEvent)]

extension ProgressMachine {
  /// Sends every step of a script in order and returns the transitions.
  @discardableResult
  mutating func run(_ script: Script) -> [ProgressTransition] {
    script.map { send($0.1, at: $0.0) }
  }
}

extension ProgressTransition {
  /// The completions delivered by this transition, in order.
  var completions: [(CompletionID, Bool)] {
    effects.compactMap { effect in
      if case .complete(let id, let finished) = effect { return (id, finished) }
      return nil
    }
  }

  /// The announcements made by this transition, in order.
  var announcements: [AccessibilityValue] {
    effects.compactMap { effect in
      if case .announce(let value) = effect { return value }
      return nil
    }
  }
}

/// The next event of a seed sweep: the testing kit's state-aware event
/// generator, including ignored and rejected events.
func randomEvent(_ random: inout ReplayableRandom, after state: ProgressState) -> ProgressEvent {
  Generator<ProgressEvent>.event(after: state).generate(using: &random)
}

/// The next step of time of a seed sweep: the kit's delays, mostly
/// frame-sized, sometimes 0, seconds or days.
func randomStep(_ random: inout ReplayableRandom) -> Double {
  Generator<Double>.stepDelay.generate(using: &random)
}
