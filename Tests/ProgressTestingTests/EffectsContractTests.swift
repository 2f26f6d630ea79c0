//===----------------------------------------------------------------------===//
// ProgressTestingTests: a host that performs only the effects shows what the
// frames show (spec MS-6, MS-7).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("The effects contract")
struct EffectsContractTests {
  @Test("MS-7 an effect-driven host shows exactly the sampled frames, over random scenarios")
  func effectDrivenHostMatchesFrames() throws {
    var random = ReplayableRandom(seed: 0x5EED_E77E_C75)
    let scenarios = Generator<ProgressScenario>.scenario(
      length: 5...40, configurations: .configuration(linearOnly: false))
    var samples = 0
    var loopSamples = 0
    var failures: [String] = []
    for index in 0..<1_500 where failures.isEmpty {
      let scenario = scenarios.generate(using: &random)
      var model = try ProgressIndicatorModel(
        configuration: scenario.configuration, progressType: scenario.progressType,
        size: FrameSize(width: 240, height: 240))
      var player = AnimationPlayer(state: model.state)
      var time = 0.0
      for (number, step) in scenario.steps.enumerated() {
        let transition = model.send(step.event, at: time + step.delay)
        player.perform(transition)
        time = transition.time
        // Sample from this transition up to the next step, and past the
        // last one: deadlines that are not yet processed included.
        let next = scenario.steps.dropFirst(number + 1).first?.delay ?? 2
        for sample in 0..<6 {
          let at = time + min(next, 3) * Double(sample) / 5
          samples += 1
          let expected = model.state.animatedValues(at: at)
          let performed = player.values(at: at)
          if expected.loopTime != nil { loopSamples += 1 }
          guard performed == expected,
            model.frame(at: at, showing: performed) == model.frame(at: at)
          else {
            failures.append(
              "case \(index), step \(number + 1) at t=\(at): effects give \(performed), the state \(expected)\n\(scenario)"
            )
            break
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.first ?? "")")
    #expect(samples > 100_000 && loopSamples > 10_000, "\(samples) samples, \(loopSamples) looping")
  }

  @Test(
    "FR-12 a host that joins at any step performs the state's joining transition, then the later ones, and shows what the state shows"
  )
  func joiningHostMatchesTheState() throws {
    var random = ReplayableRandom(seed: 0x501_0012)
    let scenarios = Generator<ProgressScenario>.scenario(
      length: 5...30, configurations: .configuration(linearOnly: false, material3: true))
    var samples = 0
    var failures: [String] = []
    for index in 0..<600 where failures.isEmpty {
      let scenario = scenarios.generate(using: &random)
      var machine = try ProgressMachine(
        configuration: scenario.configuration, progressType: scenario.progressType)
      var time = 0.0
      // One host joins after each step and performs what follows.
      var joined: [AnimationPlayer] = []
      for (number, step) in scenario.steps.enumerated() where failures.isEmpty {
        let transition = machine.send(step.event, at: time + step.delay)
        time = transition.time
        for index in joined.indices { joined[index].perform(transition) }
        let joining = machine.state.joining
        #expect(joining.time == machine.state.time && joining.outcome == .applied)
        // AnimationPlayer(state:) is a host that performed nothing, then the
        // joining transition.
        joined.append(AnimationPlayer(state: machine.state))
        let next = scenario.steps.dropFirst(number + 1).first?.delay ?? 2
        for sample in 0..<4 {
          let at = time + min(next, 3) * Double(sample) / 3
          let expected = machine.state.animatedValues(at: at)
          for (joinedAt, host) in joined.enumerated() where host.values(at: at) != expected {
            failures.append(
              "case \(index): the host joined after step \(joinedAt + 1) gives \(host.values(at: at)) at \(at), the state \(expected)\n\(scenario)"
            )
            break
          }
          samples += joined.count
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.first ?? "")")
    #expect(samples > 100_000, "\(samples) samples")
  }

  @Test("MS-6 the loop's clock lives in the machine: suspended when hidden, resumed when shown")
  func loopClockInTheMachine() throws {
    var machine = try ProgressMachine(progressType: .indeterminate)
    let start = machine.send(.startIndeterminateAnimation, at: 1)
    #expect(start.effects == [.startIndeterminateAnimation(at: 1)])
    // An animated hide suspends the clock when it completes, at 2.25 s.
    machine.send(.setHidden(true, animated: true), at: 2)
    let hidden = machine.send(.tick, at: 3)
    #expect(hidden.effects.first == .suspendIndeterminateAnimation(at: 2.25))
    #expect(machine.state.mode == .indeterminateRunning(LoopClock(origin: 1, suspendedAt: 2.25)))
    #expect(machine.state.loopTime(at: 9) == 1.25)
    // Showing again resumes it at once, when the show starts.
    let shown = machine.send(.setHidden(false, animated: true), at: 10)
    #expect(shown.effects.first == .resumeIndeterminateAnimation(at: 10))
    #expect(machine.state.loopTime(at: 10.5) == 1.75)
    // Started while hidden: the clock waits for the indicator to show.
    var late = try ProgressMachine(progressType: .indeterminate, isHidden: true)
    let started = late.send(.startIndeterminateAnimation, at: 4)
    #expect(
      started.effects == [
        .startIndeterminateAnimation(at: 4), .suspendIndeterminateAnimation(at: 4),
      ])
    late.send(.setHidden(false, animated: false), at: 6)
    #expect(late.state.loopTime(at: 7) == 1)
  }

  @Test("MS-7 a host that starts from a restored state mid-animation runs the tweens on")
  func playerFromAStateMidAnimation() throws {
    var machine = try ProgressMachine()
    machine.send(.setProgress(0.8, animated: true), at: 0)
    machine.send(.setHidden(true, animated: true), at: 0.1)
    // A host that starts here (a snapshot restored at 0.1 s) sees the bar and
    // the hide still moving.
    let player = AnimationPlayer(state: machine.state)
    for time in [0.1, 0.2, 0.3, 0.5] {
      #expect(player.values(at: time) == machine.state.animatedValues(at: time), "at \(time)")
    }
  }
}

@Suite("The effects contract: Material 3's wave")
struct WaveEffectsContractTests {
  @Test(
    "MT-12 an effect-driven host shows the wave's amplitude and clock exactly; the amplitude stays in [0, 1] and settles by MT-4"
  )
  func effectDrivenHostMatchesTheWave() throws {
    var random = ReplayableRandom(seed: 0x3A7E_0003)
    let scenarios = Generator<ProgressScenario>.scenario(
      length: 5...40, configurations: .configuration(linearOnly: false, material3: true))
    var waveSamples = 0
    var settledSamples = 0
    var failures: [String] = []
    for index in 0..<800 where failures.isEmpty {
      let scenario = scenarios.generate(using: &random)
      var machine = try ProgressMachine(
        configuration: scenario.configuration, progressType: scenario.progressType)
      var player = AnimationPlayer(state: machine.state)
      var time = 0.0
      for (number, step) in scenario.steps.enumerated() where failures.isEmpty {
        let transition = machine.send(step.event, at: time + step.delay)
        player.perform(transition)
        time = transition.time
        let next = scenario.steps.dropFirst(number + 1).first?.delay ?? 2
        for sample in 0..<6 {
          let at = time + min(next, 3) * Double(sample) / 5
          let expected = machine.state.animatedValues(at: at)
          let performed = player.values(at: at)
          guard let waveTime = expected.waveTime else { continue }
          waveSamples += 1
          let amplitude = expected.waveAmplitude
          var problem: String?
          if performed != expected { problem = "effects give \(performed), the state \(expected)" }
          if !(0...1).contains(amplitude) { problem = "amplitude \(amplitude) outside [0, 1]" }
          if waveTime < 0 { problem = "wave time \(waveTime) negative" }
          // Settled: half a second after the last change, the amplitude is
          // the one MT-4 gives for the model value (1 while indeterminate).
          if at >= time + 0.5 {
            settledSamples += 1
            let state = machine.state
            let settled =
              state.progressType == .indeterminate
              ? 1.0 : (state.progress <= 0.1 || state.progress >= 0.95 ? 0 : 1)
            if amplitude != settled { problem = "settled amplitude \(amplitude), not \(settled)" }
          }
          if let problem {
            failures.append("case \(index), step \(number + 1) at t=\(at): \(problem)\n\(scenario)")
            break
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.first ?? "")")
    #expect(
      waveSamples > 20_000 && settledSamples > 2_000,
      "\(waveSamples) wave samples, \(settledSamples) settled")
  }
}

@Suite("The testing kit and Material 3")
struct Material3KitTests {
  @Test(
    "MT-19 the kit's generators draw Material 3, flat and wavy, and its standard invariants hold the geometry over them"
  )
  func invariantsOverMaterial3() throws {
    let generator = Generator<ProgressConfiguration>.configuration(
      linearOnly: false, material3: true)
    var random = ReplayableRandom(seed: 0x3A7E_0019)
    var shapes: Set<Material3Style.Shape> = []
    var ringSizes: Set<ProgressVariant.CircularSize> = []
    var plain = 0
    for _ in 0..<200 {
      let configuration = generator.generate(using: &random)
      if let shape = configuration.material3?.shape {
        shapes.insert(shape)
        if case .circular(let size, _) = configuration.variant { ringSizes.insert(size) }
      } else {
        plain += 1
      }
    }
    #expect(shapes == [.flat, .wavy] && plain > 50 && plain < 150)
    // Material 3 rings at Material 3's own sizes (MT-27) and at the others.
    #expect(
      ringSizes.isSuperset(of: [.material3Medium, .material3Small, .material3ExtraSmall])
        && ringSizes.contains(.small))
    #expect(ProgressInvariant.standard.contains { $0.rule == "MT-19" })
    let test = ProgressPropertyTest(
      cases: 300, scenarios: .scenario(configurations: generator))
    let failure = test.run(IndicatorSubject.self)
    #expect(failure == nil, "\(failure.map { "\($0)" } ?? "")")
  }

  @Test("MT-19 the invariant catches a wave outside its bounds and a negative gap")
  func invariantCatches() throws {
    var configuration = ProgressConfiguration(indeterminateStyle: .material)
    configuration.material3 = Material3Style(shape: .wavy)
    var model = try ProgressIndicatorModel(
      configuration: configuration, progress: 0.5, size: FrameSize(width: 240, height: 40))
    let transition = model.send(.tick, at: 0.2)
    var context = InvariantContext(model: model, transition: transition)
    let check = { (context: InvariantContext) in
      ProgressInvariant.standard.first { $0.rule == "MT-19" }?.check(context)
    }
    #expect(check(context) == nil)
    var frame = try #require(context.after.frame)
    frame.wave?.amplitude = 3.5
    context.after.frame = frame
    #expect(check(context) != nil)
    frame.wave?.amplitude = 3
    frame.wave?.offset = 1
    context.after.frame = frame
    #expect(check(context) != nil)
    frame.wave?.offset = 0.2
    frame.track?.start = 0.4
    context.after.frame = frame
    #expect(check(context)?.contains("track starts") == true)
  }
}
