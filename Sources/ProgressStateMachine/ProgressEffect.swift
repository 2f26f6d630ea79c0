//===----------------------------------------------------------------------===//
// ProgressStateMachine: effects, the work a transition asks of the host.
//===----------------------------------------------------------------------===//

public import Timeline

/// Work that a transition asks the next layer to perform, as plain data.
///
/// Effects are values, not closures, so tests compare them exactly. They come
/// in the order they must be performed: a superseded request's completion
/// before the animation that replaces it.
///
/// ```swift
/// var machine = try ProgressMachine()
/// var callbacks: [CompletionID: (Bool) -> Void] = [:]
/// let transition = machine.send(.setProgress(1, animated: false), at: 2)
/// for effect in transition.effects {
///   if case .complete(let id, let finished) = effect { callbacks[id]?(finished) }
/// }
/// ```
public enum ProgressEffect: Hashable, Sendable {
  /// Show the determinate value at once, without animation.
  case setPresentedProgress(Double)
  /// Animate the shown determinate value along the tween.
  case animatePresentedProgress(Tween)
  /// Stop the running determinate animation where it is (it was superseded
  /// or its type was switched).
  case cancelProgressAnimation
  /// Start the indeterminate loop, with its origin at `at` (IA-1).
  case startIndeterminateAnimation(at: Double)
  /// Stop the indeterminate loop at once (IA-4, TS-3).
  case stopIndeterminateAnimation
  /// Freeze the indeterminate loop at `at`, the time the indicator became
  /// hidden: its loop time stops advancing (VS-9).
  case suspendIndeterminateAnimation(at: Double)
  /// Let the frozen loop run again from `at`, the time the indicator began
  /// to show: its origin moves on by the time spent hidden (VS-9).
  case resumeIndeterminateAnimation(at: Double)
  /// Set the visible fraction at once (1 shown, 0 hidden).
  case setVisibility(Double)
  /// Animate the visible fraction along the tween.
  case animateVisibility(Tween)
  /// Stop the running show or hide where it is (it was superseded).
  case cancelVisibilityAnimation
  /// Deliver the completion of a request (CP-1).
  case complete(CompletionID, finished: Bool)
  /// Announce a new accessibility value to assistive technologies (AX-5).
  case announce(AccessibilityValue)
  /// Start the Material 3 wave's clock, with its origin at `at` (MT-7).
  case startWave(at: Double)
  /// Remove the wave: the configuration is no longer wavy (MT-2).
  case stopWave
  /// Freeze the wave's clock at `at`: the indicator became hidden or motion
  /// is reduced (MT-7, MT-9).
  case suspendWave(at: Double)
  /// Let the frozen wave's clock run again from `at` (MT-7, MT-9).
  case resumeWave(at: Double)
  /// Set the wave's amplitude, a fraction of the full one, at once (MT-9).
  case setWaveAmplitude(Double)
  /// Move the wave's amplitude along the tween, from the amplitude shown
  /// (MT-5, MT-8).
  case animateWaveAmplitude(Tween)
}

extension ProgressEffect: CustomStringConvertible {
  /// A short description, for logs and documents.
  public var description: String {
    switch self {
    case .setPresentedProgress(let value):
      return "setPresentedProgress(\(value))"
    case .animatePresentedProgress(let tween):
      return "animatePresentedProgress(\(tween.from)→\(tween.to), \(tween.timing.duration)s)"
    case .cancelProgressAnimation:
      return "cancelProgressAnimation"
    case .startIndeterminateAnimation(let time):
      return "startIndeterminateAnimation(at: \(time))"
    case .stopIndeterminateAnimation:
      return "stopIndeterminateAnimation"
    case .suspendIndeterminateAnimation(let time):
      return "suspendIndeterminateAnimation(at: \(time))"
    case .resumeIndeterminateAnimation(let time):
      return "resumeIndeterminateAnimation(at: \(time))"
    case .setVisibility(let value):
      return "setVisibility(\(value))"
    case .animateVisibility(let tween):
      return "animateVisibility(\(tween.from)→\(tween.to), \(tween.timing.duration)s)"
    case .cancelVisibilityAnimation:
      return "cancelVisibilityAnimation"
    case .complete(let id, let finished):
      return "complete(\(id), finished: \(finished))"
    case .announce(let value):
      return "announce(\(value))"
    case .startWave(let time):
      return "startWave(at: \(time))"
    case .stopWave:
      return "stopWave"
    case .suspendWave(let time):
      return "suspendWave(at: \(time))"
    case .resumeWave(let time):
      return "resumeWave(at: \(time))"
    case .setWaveAmplitude(let value):
      return "setWaveAmplitude(\(value))"
    case .animateWaveAmplitude(let tween):
      return "animateWaveAmplitude(\(tween.from)→\(tween.to), \(tween.timing.duration)s)"
    }
  }
}
