//===----------------------------------------------------------------------===//
// StateMachineTests: helpers shared by the suites.
//===----------------------------------------------------------------------===//

import ProgressStateMachine
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

/// SplitMix64: a tiny deterministic generator for seed sweeps, so a failing
/// seed replays identically on every toolchain.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in [0, bound) by multiply-shift (Lemire), without rejection:
  /// the tiny bias does not matter for a test sweep.
  mutating func below(_ bound: Int) -> Int {
    Int((next().multipliedFullWidth(by: UInt64(bound))).high)
  }

  /// A Double in [0, 1) from the top 53 bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}

/// A random event for sweeps, including ignored and rejected ones.
func randomEvent(_ random: inout SplitMix64) -> ProgressEvent {
  let values: [Double] = [0, 0.25, 0.5, 1, -0.5, 2, .infinity, -.infinity, .nan, 0.29, 0.125]
  switch random.below(9) {
  case 0, 1:
    let value = random.below(3) == 0 ? values[random.below(values.count)] : random.unit()
    return .setProgress(value, animated: random.below(4) != 0)
  case 2: return .setProgressType(random.below(2) == 0 ? .determinate : .indeterminate)
  case 3: return .startIndeterminateAnimation
  case 4: return .stopIndeterminateAnimation
  case 5: return .setHidden(random.below(2) == 0, animated: random.below(3) != 0)
  case 6:
    var configuration = ProgressConfiguration()
    configuration.backwardAnimation = random.below(2) == 0 ? .animate : .reset
    configuration.reducesMotion = random.below(5) == 0
    configuration.variant =
      random.below(2) == 0
      ? .linear(size: .small, style: .percentage) : .circular(size: .medium, style: .empty)
    return .configure(configuration)
  default: return .tick
  }
}

/// A random step of time: mostly frame-sized, sometimes long, sometimes 0.
func randomStep(_ random: inout SplitMix64) -> Double {
  switch random.below(6) {
  case 0: return 0
  case 1: return random.unit() * 3
  default: return Double(random.below(20)) / 120
  }
}
