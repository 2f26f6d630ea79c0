//===----------------------------------------------------------------------===//
// progress walk: the machine stepping through a scripted scenario.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Timeline

/// A scripted scenario that exercises the seed behaviours, printed step by
/// step: the event, its outcome, the effects and the resulting state.
enum ScenarioWalk {
  /// The script: (time in seconds, event).
  static let script: [(Double, ProgressEvent)] = [
    (0.0, .setHidden(false, animated: true)),
    (0.25, .tick),
    (0.5, .setProgress(0.29, animated: true)),
    (0.6, .setProgress(0.8, animated: true)),
    (0.85, .tick),
    (1.0, .startIndeterminateAnimation),
    (1.2, .setProgressType(.indeterminate)),
    (1.3, .setProgress(0.5, animated: true)),
    (1.4, .startIndeterminateAnimation),
    (1.5, .startIndeterminateAnimation),
    (3.0, .setProgressType(.determinate)),
    (3.1, .setProgress(-0.5, animated: false)),
    (3.2, .setProgress(.nan, animated: false)),
    (3.3, .setProgress(1, animated: true)),
    (3.55, .setHidden(true, animated: true)),
    (3.8, .tick),
    (5.0, .tick),
  ]

  static func run() {
    let configuration = ProgressConfiguration(
      variant: .linear(size: .medium, style: .percentage), leftLabelText: "Downloading...")
    guard var machine = try? ProgressMachine(configuration: configuration, isHidden: true) else {
      printError("progress: could not create the machine")
      exit(status: 1)
    }
    print("start      \(summary(machine.state))")
    for (time, event) in script {
      let transition = machine.send(event, at: time)
      print("")
      print("t=\(time.formatted(width: 4))  \(event)")
      print("  outcome  \(outcome(transition))")
      for effect in transition.effects {
        print("  effect   \(describe(effect))")
      }
      print("  state    \(summary(machine.state))")
    }
  }

  static func outcome(_ transition: ProgressTransition) -> String {
    var text: String
    switch transition.outcome {
    case .applied: text = "applied"
    case .ignored(let reason): text = "ignored (\(reason.rawValue))"
    case .rejected(let error): text = "rejected (\(error))"
    }
    if let clamping = transition.clamping {
      text += ", clamped \(short(clamping.requested)) to \(short(clamping.applied))"
    }
    if let id = transition.completion { text += ", completion \(id)" }
    return text
  }

  static func summary(_ state: ProgressState) -> String {
    let text = state.percentageText ?? "none"
    let value = state.accessibilityValue.map { "\($0)" } ?? "none"
    return
      "\(state.mode.kind.rawValue), \(state.visibility.kind.rawValue), progress \(short(state.progress)), "
      + "text \(text), accessibility \(value)"
  }

  /// An effect with its numbers rounded for reading: a tween interrupted
  /// mid-way starts from `0.116`, not `0.11599999999999996`.
  static func describe(_ effect: ProgressEffect) -> String {
    switch effect {
    case .setPresentedProgress(let value): return "setPresentedProgress(\(short(value)))"
    case .animatePresentedProgress(let tween):
      return "animatePresentedProgress(\(short(tween.from))→\(short(tween.to)), "
        + "\(short(tween.timing.duration))s)"
    case .startIndeterminateAnimation(let time):
      return "startIndeterminateAnimation(at: \(short(time)))"
    case .suspendIndeterminateAnimation(let time):
      return "suspendIndeterminateAnimation(at: \(short(time)))"
    case .resumeIndeterminateAnimation(let time):
      return "resumeIndeterminateAnimation(at: \(short(time)))"
    case .setVisibility(let value): return "setVisibility(\(short(value)))"
    case .animateVisibility(let tween):
      return "animateVisibility(\(short(tween.from))→\(short(tween.to)), "
        + "\(short(tween.timing.duration))s)"
    case .startWave(let time): return "startWave(at: \(short(time)))"
    case .suspendWave(let time): return "suspendWave(at: \(short(time)))"
    case .resumeWave(let time): return "resumeWave(at: \(short(time)))"
    case .setWaveAmplitude(let value): return "setWaveAmplitude(\(short(value)))"
    case .animateWaveAmplitude(let tween):
      return "animateWaveAmplitude(\(short(tween.from))→\(short(tween.to)), "
        + "\(short(tween.timing.duration))s)"
    case .cancelProgressAnimation, .stopIndeterminateAnimation, .cancelVisibilityAnimation,
      .complete, .announce, .stopWave:
      return "\(effect)"
    }
  }

  /// A number rounded to six decimals, written as briefly as it reads:
  /// `0.116`, `1.0`, `nan`.
  static func short(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return "\(value)" }
    let rounded = (value * 1e6).rounded() / 1e6
    return "\(rounded == 0 ? 0 : rounded)"
  }
}
