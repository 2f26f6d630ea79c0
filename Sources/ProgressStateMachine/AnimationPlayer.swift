//===----------------------------------------------------------------------===//
// ProgressStateMachine: the effects contract — a host that performs only the
// effects shows what the state shows (spec MS-6, MS-7).
//===----------------------------------------------------------------------===//

import Timeline

/// The values of an indicator that change with time by themselves: what a
/// frame animates.
///
/// Everything else a frame shows — the type, the percentage text, the
/// labels, the layout — is static between two transitions and is read from
/// the state. The machine computes these values from its state; a host
/// that performs only the effects computes them from the effects alone —
/// `AnimationPlayer`, the reference host of this package's tests, does —
/// and the two agree at every time (MS-7). A native host passes its own to
/// `ProgressIndicatorModel.frame(at:showing:)`.
public struct AnimatedValues: Hashable, Sendable {
  /// The determinate value the bar shows (DA-1); 0 while indeterminate.
  public var presentedProgress: Double
  /// The visible fraction: 1 shown, 0 hidden (VS-3).
  public var visibleFraction: Double
  /// The running loop's time (IA-1, VS-9), or `nil` when no loop runs.
  public var loopTime: Double?
  /// The Material 3 wave's amplitude, a fraction of the full one (MT-4,
  /// MT-5); 0 without a wave.
  public var waveAmplitude: Double
  /// The wave clock's time in seconds (MT-7), or `nil` without a wave.
  public var waveTime: Double?

  /// Creates a set of animated values.
  ///
  /// - Parameters:
  ///   - presentedProgress: The shown determinate value.
  ///   - visibleFraction: The visible fraction.
  ///   - loopTime: The loop's time, or `nil` when no loop runs.
  ///   - waveAmplitude: The wave's amplitude; 0 without a wave.
  ///   - waveTime: The wave clock's time, or `nil` without a wave.
  package init(
    presentedProgress: Double, visibleFraction: Double, loopTime: Double?,
    waveAmplitude: Double = 0, waveTime: Double? = nil
  ) {
    self.presentedProgress = presentedProgress
    self.visibleFraction = visibleFraction
    self.loopTime = loopTime
    self.waveAmplitude = waveAmplitude
    self.waveTime = waveTime
  }
}

extension ProgressState {
  /// The transition that brings a host which has performed no effect yet
  /// to this state, at the state's time (FR-12): what a host that joins an
  /// indicator — a view made for it, or made again — performs first.
  ///
  /// Its effects, in order: the presented progress (its tween when one
  /// runs, else its value), the visible fraction (likewise), the loop's
  /// start at its origin and, while suspended, its suspension, and the
  /// Material 3 wave's start, suspension and amplitude (its tween, which
  /// is at rest when its duration is over). A host that performs them and
  /// every later transition shows what the frames show (MS-7).
  @inline(never)
  package var joining: ProgressTransition {
    var effects = ProgressEffects()
    if case .determinateAnimating(let animation) = mode {
      effects.append(.animatePresentedProgress(animation.tween))
    } else {
      effects.append(.setPresentedProgress(presentedProgress(at: time)))
    }
    if let animation = visibility.animation {
      effects.append(.animateVisibility(animation.tween))
    } else {
      effects.append(.setVisibility(visibleFraction(at: time)))
    }
    if case .indeterminateRunning(let clock) = mode {
      effects.append(.startIndeterminateAnimation(at: clock.origin))
      if let suspended = clock.suspendedAt {
        effects.append(.suspendIndeterminateAnimation(at: suspended))
      }
    }
    if let wave {
      effects.append(.startWave(at: wave.clock.origin))
      if let suspended = wave.clock.suspendedAt { effects.append(.suspendWave(at: suspended)) }
      effects.append(.animateWaveAmplitude(wave.amplitude))
    }
    return ProgressTransition(event: .tick, time: time, outcome: .applied, effects: effects)
  }

  /// The animated values at `time`, from the state.
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: The presented progress, the visible fraction and the loop's
  ///   time.
  /// - Complexity: O(1): at most two easing evaluations.
  package func animatedValues(at time: Double) -> AnimatedValues {
    AnimatedValues(
      presentedProgress: presentedProgress(at: time), visibleFraction: visibleFraction(at: time),
      loopTime: loopTime(at: time), waveAmplitude: waveAmplitude(at: time),
      waveTime: waveTime(at: time))
  }
}

/// A host's animations driven by the machine's effects alone, as a Core
/// Animation or CSS renderer drives its own: the reference implementation of
/// the effects contract (MS-7).
///
/// Perform every transition's effects, in order, at the transition's time;
/// ``values(at:)`` then equals the state's ``ProgressState/animatedValues(at:)``
/// at every time up to the next transition — the differential test of
/// `ProgressTestingTests` checks it over random scenarios.
///
/// ```swift
/// var machine = try ProgressMachine(progressType: .indeterminate)
/// var player = AnimationPlayer(state: machine.state)
/// player.perform(machine.send(.startIndeterminateAnimation, at: 1))
/// player.perform(machine.send(.setHidden(true, animated: false), at: 2))
/// player.perform(machine.send(.setHidden(false, animated: false), at: 5))
/// player.values(at: 6).loopTime   // 2: the loop ran 1 s, hid 3 s, ran 1 s
/// ```
package struct AnimationPlayer: Hashable, Sendable {
  /// The shown determinate value: at rest, or moving along a tween.
  private var progress: Track
  /// The visible fraction: at rest, or moving along a tween.
  private var visibility: Track
  /// The loop's clock, while a loop runs.
  private var loop: LoopClock?
  /// The Material 3 wave's amplitude and clock, while there is a wave.
  private var waveAmplitude: Track?
  /// The wave's clock, while there is a wave.
  private var waveClock: LoopClock?

  /// A value at rest or in motion.
  private enum Track: Hashable, Sendable {
    case still(Double)
    case moving(Tween)

    func value(at time: Double) -> Double {
      switch self {
      case .still(let value): return value
      case .moving(let tween): return tween.value(at: time)
      }
    }
  }

  /// Starts from a state, as a host does when it creates its view from a
  /// machine — a new one, or one restored from a snapshot mid-animation.
  ///
  /// The player performs the state's ``ProgressState/joining`` transition,
  /// as every host that joins an indicator does (FR-12): its running tweens
  /// run on, its other values are still, and a running loop's clock is
  /// taken as it is.
  ///
  /// - Parameter state: The state to start from.
  package init(state: ProgressState) {
    progress = .still(0)
    visibility = .still(1)
    perform(state.joining)
  }

  /// Performs a transition's effects, in order, at its time.
  ///
  /// - Parameter transition: A transition of the machine.
  package mutating func perform(_ transition: ProgressTransition) {
    for effect in transition.effects { perform(effect, at: transition.time) }
  }

  /// Performs one effect at `time`.
  ///
  /// Completions and announcements change no animated value and are left to
  /// the host.
  ///
  /// - Parameters:
  ///   - effect: The effect.
  ///   - time: The time of its transition.
  package mutating func perform(_ effect: ProgressEffect, at time: Double) {
    switch effect {
    case .setPresentedProgress(let value): progress = .still(value)
    case .animatePresentedProgress(let tween): progress = .moving(tween)
    case .cancelProgressAnimation: progress = .still(progress.value(at: time))
    case .startIndeterminateAnimation(let origin): loop = LoopClock(origin: origin)
    case .stopIndeterminateAnimation: loop = nil
    case .suspendIndeterminateAnimation(let suspended): loop?.suspend(at: suspended)
    case .resumeIndeterminateAnimation(let resumed): loop?.resume(at: resumed)
    case .setVisibility(let value): visibility = .still(value)
    case .animateVisibility(let tween): visibility = .moving(tween)
    case .cancelVisibilityAnimation: visibility = .still(visibility.value(at: time))
    case .complete, .announce: break
    case .startWave(let origin):
      waveClock = LoopClock(origin: origin)
      waveAmplitude = .still(0)
    case .stopWave:
      waveClock = nil
      waveAmplitude = nil
    case .suspendWave(let suspended): waveClock?.suspend(at: suspended)
    case .resumeWave(let resumed): waveClock?.resume(at: resumed)
    case .setWaveAmplitude(let value): waveAmplitude = .still(value)
    case .animateWaveAmplitude(let tween): waveAmplitude = .moving(tween)
    }
  }

  /// The animated values at `time`, from the effects performed so far.
  ///
  /// - Parameter time: The time to sample; the time of the last transition
  ///   performed or later.
  /// - Returns: The values.
  /// - Complexity: O(1).
  package func values(at time: Double) -> AnimatedValues {
    AnimatedValues(
      presentedProgress: progress.value(at: time), visibleFraction: visibility.value(at: time),
      loopTime: loop?.loopTime(at: time), waveAmplitude: waveAmplitude?.value(at: time) ?? 0,
      waveTime: waveClock?.loopTime(at: time))
  }
}
