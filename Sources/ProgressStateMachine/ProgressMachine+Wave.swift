//===----------------------------------------------------------------------===//
// ProgressStateMachine: the Material 3 wave's amplitude and clock (spec MT).
//===----------------------------------------------------------------------===//

package import Timeline

/// The motion of a wavy Material 3 indicator: its amplitude, a fraction of
/// the full one moving along its own tween, and the clock its offset runs on
/// (MT-4 to MT-9).
package struct WaveMotion: Hashable, Sendable {
  /// The amplitude's motion; at rest it is a tween of duration 0.
  package var amplitude: Tween
  /// The wave's clock: suspended while the indicator is hidden or motion is
  /// reduced (MT-7, MT-9).
  package var clock: LoopClock
}

extension WaveMotion {
  /// The timing of a rising amplitude: 0.5 s, Material's standard easing,
  /// cubic-bezier(0.2, 0, 0, 1) (MT-5).
  static let rising = timing(x1: 0.2, y1: 0, x2: 0, y2: 1)
  /// The timing of a falling amplitude: 0.5 s, Material's emphasized
  /// accelerate easing, cubic-bezier(0.3, 0, 0.8, 0.15) (MT-5).
  static let falling = timing(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15)

  private static func timing(x1: Double, y1: Double, x2: Double, y2: Double) -> AnimationTiming {
    // Constant control points in [0, 1]: these cannot throw; fall back to
    // linear rather than trap if that ever changed.
    let curve = (try? CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)).map(Easing.cubicBezier)
    return
      (try? AnimationTiming(duration: Material3Style.amplitudeDuration, easing: curve ?? .linear))
      ?? .immediate
  }
}

extension ProgressState {
  /// The amplitude the wave settles at in this state: for determinate
  /// progress a function of the model value (MT-4), 1 while indeterminate
  /// (MT-6).
  var settledWaveAmplitude: Double {
    progressType == .indeterminate ? 1 : Material3Style.settledAmplitude(forProgress: progress)
  }

  /// Whether the wave's clock must stand still: hidden (MT-7) or with
  /// motion reduced (MT-9).
  var waveIsStill: Bool { isHidden || configuration.reducesMotion }

  /// The wave's amplitude at `time`, a fraction of the full one; 0 without
  /// a wave (MT-4, MT-5).
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: The fraction, in [0, 1] up to the easing's overshoot.
  package func waveAmplitude(at time: Double) -> Double {
    wave?.amplitude.value(at: time) ?? 0
  }

  /// The wave clock's time at `time`, or `nil` without a wave (MT-7).
  ///
  /// - Parameter time: The time to sample.
  /// - Returns: Seconds the wave has travelled.
  package func waveTime(at time: Double) -> Double? {
    wave?.clock.loopTime(at: time)
  }

  /// The wave a new machine starts with: settled, its clock from `time`.
  mutating func createWave(at time: Double) {
    guard configuration.material3?.isWavy == true else { return }
    let settled = settledWaveAmplitude
    var clock = LoopClock(origin: time)
    if waveIsStill { clock.suspend(at: time) }
    wave = WaveMotion(
      amplitude: Tween(uncheckedFrom: settled, to: settled, start: time, timing: .immediate),
      clock: clock)
  }

  /// Brings the wave in line with the state after an event: starts or
  /// stops it with the configuration (MT-2), suspends or resumes its clock
  /// (MT-7, MT-9), and moves its amplitude towards the settled one (MT-4,
  /// MT-5, MT-8).
  mutating func updateWave(at time: Double, into effects: inout ProgressEffects) {
    let wavy = configuration.material3?.isWavy == true
    guard wavy else {
      if wave != nil {
        wave = nil
        effects.append(.stopWave)
      }
      return
    }
    guard var motion = wave else {
      createWave(at: time)
      effects.append(.startWave(at: time))
      if waveIsStill { effects.append(.suspendWave(at: time)) }
      effects.append(.setWaveAmplitude(settledWaveAmplitude))
      return
    }
    // Written back only when it changed: the wave is kept out of line, and
    // an event that leaves it as it is allocates nothing.
    var changed = false
    if waveIsStill, !motion.clock.isSuspended {
      motion.clock.suspend(at: time)
      effects.append(.suspendWave(at: time))
      changed = true
    } else if !waveIsStill, motion.clock.isSuspended {
      motion.clock.resume(at: time)
      effects.append(.resumeWave(at: time))
      changed = true
    }
    let target = settledWaveAmplitude
    if motion.amplitude.to != target {
      changed = true
      let current = motion.amplitude.value(at: time)
      if configuration.reducesMotion {
        motion.amplitude = Tween(uncheckedFrom: target, to: target, start: time, timing: .immediate)
        effects.append(.setWaveAmplitude(target))
      } else {
        let timing = target > current ? WaveMotion.rising : WaveMotion.falling
        motion.amplitude = Tween(uncheckedFrom: current, to: target, start: time, timing: timing)
        effects.append(.animateWaveAmplitude(motion.amplitude))
      }
    }
    if changed { wave = motion }
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension WaveMotion: Codable {}
#endif
