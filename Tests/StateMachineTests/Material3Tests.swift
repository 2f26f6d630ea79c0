//===----------------------------------------------------------------------===//
// StateMachineTests: the Material 3 family's wave in the machine (spec MT).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressStateMachine
import Testing
import Timeline

@Suite("Material 3")
struct Material3Tests {
  /// A wavy Material 3 machine at `progress`, created at time 0.
  private func wavy(
    progress: Double = 0, type: ProgressType = .determinate, hidden: Bool = false,
    reducesMotion: Bool = false
  ) throws -> ProgressMachine {
    var configuration = ProgressConfiguration(indeterminateStyle: .material)
    configuration.material3 = Material3Style(shape: .wavy)
    configuration.reducesMotion = reducesMotion
    return try ProgressMachine(
      configuration: configuration, progressType: type, progress: progress, isHidden: hidden)
  }

  @Test(
    "MT-1 no Material 3 by default; the family is a setting beside the Vitamin and Material 2 looks"
  )
  func familyIsOptIn() throws {
    #expect(ProgressConfiguration().material3 == nil)
    let machine = try makeMachine()
    #expect(machine.state.waveTime(at: 1) == nil)
    #expect(machine.state.waveAmplitude(at: 1) == 0)
    var flat = ProgressConfiguration()
    flat.material3 = Material3Style()
    #expect(flat != ProgressConfiguration())
    #expect(Material3Style().shape == .flat && !Material3Style().isWavy)
  }

  @Test("MT-2 a wave exists exactly while the style is wavy: configuring it starts and stops it")
  func waveFollowsTheConfiguration() throws {
    var machine = try makeMachine(progress: 0.5)
    var configuration = machine.state.configuration
    configuration.material3 = Material3Style(shape: .wavy)
    let on = machine.send(.configure(configuration), at: 2)
    #expect(on.effects == [.startWave(at: 2), .setWaveAmplitude(1)])
    #expect(machine.state.waveTime(at: 3) == 1)
    configuration.material3 = Material3Style(shape: .flat)
    let off = machine.send(.configure(configuration), at: 4)
    #expect(off.effects == [.stopWave])
    #expect(machine.state.waveTime(at: 5) == nil)
    // A flat Material 3 indicator has no wave to start.
    #expect(
      machine.send(.setProgress(0.6, animated: false), at: 5).effects.contains(.stopWave) == false)
    #expect(machine.state.waveTime(at: 6) == nil)
  }

  @Test(
    "MT-3 an invalid wave speed, or a speed for a flat shape, is a typed error, also when decoded")
  func invalidStyles() throws {
    for speed: Double in [-1, .nan, .infinity, -.infinity] {
      #expect(throws: Material3Error.self) { try Material3Style(shape: .wavy, waveSpeed: speed) }
    }
    #expect(throws: Material3Error.waveSpeedWithoutWave) {
      try Material3Style(shape: .flat, waveSpeed: 2)
    }
    #expect(try Material3Style(shape: .wavy, waveSpeed: 0.5).waveSpeed == 0.5)
    #expect(try Material3Style(shape: .flat, waveSpeed: 1) == Material3Style())
    let bad = Data(#"{"shape":"wavy","waveSpeed":-2}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Material3Style.self, from: bad) }
    let good = Data(#"{"shape":"wavy"}"#.utf8)
    #expect(
      try JSONDecoder().decode(Material3Style.self, from: good) == Material3Style(shape: .wavy))
  }

  @Test(
    "MT-4 the settled amplitude is 0 at or below 10 % and at or above 95 %, full between",
    arguments: [
      (0.0, 0.0), (0.1, 0.0), (0.100_001, 1.0), (0.5, 1.0), (0.949_999, 1.0), (0.95, 0.0),
      (1.0, 0.0),
    ])
  func amplitudeTaper(progress: Double, amplitude: Double) throws {
    #expect(try wavy(progress: progress).state.waveAmplitude(at: 0) == amplitude)
    // The model value decides, at the request, not the animated value.
    var machine = try wavy(progress: progress < 0.5 ? 0.5 : 0.05)
    machine.send(.setProgress(progress, animated: true), at: 1)
    machine.send(.tick, at: 3)
    #expect(machine.state.waveAmplitude(at: 3) == amplitude)
  }

  @Test(
    "MT-5 an amplitude change runs 0.5 s: rising with the standard easing, falling with emphasized accelerate"
  )
  func amplitudeTween() throws {
    var machine = try wavy(progress: 0.05)
    let up = machine.send(.setProgress(0.5, animated: false), at: 1)
    let rising = try #require(
      up.effects.compactMap { effect -> Tween? in
        if case .animateWaveAmplitude(let tween) = effect { return tween }
        return nil
      }.first)
    let standard = try CubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1)
    #expect(
      rising
        == Tween(
          uncheckedFrom: 0, to: 1, start: 1,
          timing: try AnimationTiming(duration: 0.5, easing: .cubicBezier(standard))))
    #expect(machine.state.waveAmplitude(at: 1.25) == rising.value(at: 1.25))
    #expect(machine.state.waveAmplitude(at: 1.5) == 1)
    let down = machine.send(.setProgress(1, animated: false), at: 2)
    let accelerate = try CubicBezier(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15)
    #expect(
      down.effects.contains(
        .animateWaveAmplitude(
          Tween(
            uncheckedFrom: 1, to: 0, start: 2,
            timing: try AnimationTiming(duration: 0.5, easing: .cubicBezier(accelerate))))))
    // No change of the settled amplitude, no amplitude effect.
    let same = machine.send(.setProgress(0.97, animated: false), at: 3)
    #expect(!same.effects.contains { if case .animateWaveAmplitude = $0 { true } else { false } })
  }

  @Test("MT-6 an indeterminate wave has the full amplitude; switching type moves the amplitude")
  func indeterminateAmplitude() throws {
    #expect(try wavy(type: .indeterminate).state.waveAmplitude(at: 0) == 1)
    var machine = try wavy(type: .indeterminate)
    let switched = machine.send(.setProgressType(.determinate), at: 1)
    #expect(
      switched.effects.contains {
        if case .animateWaveAmplitude(let t) = $0 { t.to == 0 } else { false }
      })
    #expect(machine.state.waveAmplitude(at: 1.5) == 0)
  }

  @Test(
    "MT-7 the wave's clock runs while shown, is suspended while hidden and resumes at the same offset"
  )
  func waveClockSuspendedWhileHidden() throws {
    var machine = try wavy(progress: 0.5)
    #expect(machine.state.waveTime(at: 1.25) == 1.25)
    let hide = machine.send(.setHidden(true, animated: false), at: 2)
    #expect(hide.effects.contains(.suspendWave(at: 2)))
    #expect(machine.state.waveTime(at: 7) == 2)
    let show = machine.send(.setHidden(false, animated: true), at: 9)
    #expect(show.effects.contains(.resumeWave(at: 9)))
    #expect(machine.state.waveTime(at: 9) == 2)
    #expect(machine.state.waveTime(at: 10.5) == 3.5)
    // An animated hide suspends the wave when it ends, not before.
    machine.send(.tick, at: 10)
    machine.send(.setHidden(true, animated: true), at: 11)
    #expect(abs((machine.state.waveTime(at: 11.2) ?? 0) - 4.2) < 1e-9)
    let end = machine.send(.tick, at: 12)
    #expect(end.effects.contains(.suspendWave(at: 11.25)))
    #expect(machine.state.waveTime(at: 20) == 4.25)
    // Created hidden: the clock waits.
    #expect(try wavy(progress: 0.5, hidden: true).state.waveTime(at: 5) == 0)
  }

  @Test("MT-8 a change while the amplitude moves starts a new 0.5 s tween from the amplitude shown")
  func amplitudeRetargeted() throws {
    var machine = try wavy(progress: 0.05)
    machine.send(.setProgress(0.5, animated: false), at: 0)
    let shown = machine.state.waveAmplitude(at: 0.2)
    #expect(shown > 0 && shown < 1)
    let back = machine.send(.setProgress(0.02, animated: false), at: 0.2)
    let accelerate = try CubicBezier(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15)
    let expected = Tween(
      uncheckedFrom: shown, to: 0, start: 0.2,
      timing: try AnimationTiming(duration: 0.5, easing: .cubicBezier(accelerate)))
    #expect(back.effects.contains(.animateWaveAmplitude(expected)))
    #expect(machine.state.waveAmplitude(at: 0.2) == shown)
    #expect(machine.state.waveAmplitude(at: 0.7) == 0)
  }

  @Test("MT-9 with motion reduced the wave stands still and its amplitude changes at once")
  func reducedMotion() throws {
    var machine = try wavy(progress: 0.05, reducesMotion: true)
    #expect(machine.state.waveTime(at: 3) == 0)
    let up = machine.send(.setProgress(0.5, animated: true), at: 1)
    #expect(up.effects.contains(.setWaveAmplitude(1)))
    #expect(machine.state.waveAmplitude(at: 1) == 1)
    var configuration = machine.state.configuration
    configuration.reducesMotion = false
    #expect(machine.send(.configure(configuration), at: 1.5).effects == [.resumeWave(at: 1.5)])
    #expect(machine.state.waveTime(at: 2.5) == 1)
    configuration.reducesMotion = true
    #expect(machine.send(.configure(configuration), at: 3.5).effects.last == .suspendWave(at: 3.5))
    #expect(machine.state.waveTime(at: 9) == 2)
  }

  @Test("MT-10 the wave speed is one wavelength a second unless set")
  func waveSpeed() throws {
    #expect(Material3Style(shape: .wavy).waveSpeed == 1)
    #expect(try Material3Style(shape: .wavy, waveSpeed: 0).waveSpeed == 0)
  }

  @Test("MT-11 a snapshot keeps the wave; a snapshot whose wave contradicts its state is rejected")
  func snapshots() throws {
    var machine = try wavy(progress: 0.05)
    machine.send(.setProgress(0.5, animated: false), at: 1)
    machine.send(.setHidden(true, animated: false), at: 1.2)
    let data = try JSONEncoder().encode(machine.state)
    let restored = try JSONDecoder().decode(ProgressState.self, from: data)
    #expect(restored == machine.state)
    // Without the wave while wavy: unreachable.
    var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["wave"] = nil
    let stripped = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ProgressState.self, from: stripped)
    }
    // A state without Material 3 encodes no wave: old snapshots are unchanged.
    let plain = try JSONEncoder().encode(try makeMachine().state)
    #expect(!String(decoding: plain, as: UTF8.self).contains("wave"))
  }
}
