//===----------------------------------------------------------------------===//
// DriverTests: the still and moving parts of a frame, and the runtime of a
// host that performs the moving part itself (spec FR-10, FR-11, FR-12).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("Host runtime: still and moving parts")
struct RuntimeCadenceTests {
  /// The times a random scenario is stepped at, and the events, as the
  /// host-agreement tests drive them: steps between the events, then the
  /// event at its own time.
  static func calls(_ scenario: ProgressScenario) -> [Call] {
    var calls: [Call] = []
    var time = 0.0
    calls.append(.step(time))
    for item in scenario.steps {
      for sample in 1...4 { calls.append(.step(time + min(item.delay, 2) * Double(sample) / 5)) }
      time += item.delay
      calls.append(.send(item.event, time))
      calls.append(.step(time))
    }
    for sample in 1...6 { calls.append(.step(time + Double(sample) / 10)) }
    return calls
  }

  /// 500 random scenarios of 5 to 30 steps, every configuration Material
  /// 3's included, replayable from `seed`.
  static func scenarios(seed: UInt64) -> [ProgressScenario] {
    var random = ReplayableRandom(seed: seed)
    let scenarios = Generator<ProgressScenario>.scenario(
      length: 5...30, configurations: .configuration(linearOnly: false, material3: true))
    return (0..<500).map { _ in scenarios.generate(using: &random) }
  }

  /// A scenario's model, 200 × 200.
  static func model(_ scenario: ProgressScenario) throws -> ProgressIndicatorModel {
    try ProgressIndicatorModel(
      configuration: scenario.configuration, progressType: scenario.progressType,
      size: FrameSize(width: 200, height: 200))
  }

  /// A host's call: a step to a time, or an event at a time.
  enum Call {
    case step(Double)
    case send(ProgressEvent, Double)
  }

  /// Whether a transition owes a frame: an applied event, or an effect
  /// that is not an announcement (FR-8).
  static func owesFrame(_ transition: ProgressTransition) -> Bool {
    if case .applied = transition.outcome, transition.event != .tick { return true }
    return transition.effects.contains { if case .announce = $0 { false } else { true } }
  }

  @Test(
    "FR-10 FR-5 a runtime delivers a frame exactly when it differs from the last one delivered, the moving part deciding while the model stands still"
  )
  func movingPartDecides() throws {
    var delivered = 0
    var skipped = 0
    var failure: String?
    for (index, scenario) in Self.scenarios(seed: 0xF0_10).enumerated() where failure == nil {
      var runtime = IndicatorRuntime(try Self.model(scenario))
      // The reference: the same model, sampled at every step, a frame
      // delivered when one is owed (a change) or the state animates (MS-5)
      // and any field but the time differs from the last one.
      var model = try Self.model(scenario)
      var last: ProgressFrame?
      var owed = true
      for call in Self.calls(scenario) {
        switch call {
        case .send(let event, let time):
          if Self.owesFrame(runtime.send(event, at: time)) { owed = true }
          model.send(event, at: time)
        case .step(let time):
          let now = max(time, model.state.time)
          if Self.owesFrame(model.send(.tick, at: now)) { owed = true }
          let frame = model.frame(at: now)
          let due = owed || model.state.isAnimating
          owed = false
          let expected = due && (last.map { !$0.showsSamePicture(as: frame) } ?? true)
          let step = runtime.advance(to: time)
          if expected { last = frame }
          if (step.frame != nil) != expected || (expected && step.frame != frame) {
            failure =
              "case \(index) at \(time): delivered \(String(describing: step.frame)), expected \(expected ? String(describing: frame) : "none")\n\(scenario)"
          }
          if expected { delivered += 1 } else { skipped += 1 }
        }
      }
    }
    #expect(failure == nil, "\(failure ?? "")")
    #expect(delivered > 10_000 && skipped > 1_000, "\(delivered) delivered, \(skipped) skipped")
  }

  @Test(
    "FR-11 with the effects cadence a moving indicator wakes only at its deadlines and after a change, and the step's frame is the still frame when it changed"
  )
  func effectsCadence() throws {
    var stills = 0
    var movingSteps = 0
    var motions = 0
    var failure: String?
    for (index, scenario) in Self.scenarios(seed: 0xF0_11).enumerated() where failure == nil {
      var runtime = IndicatorRuntime(try Self.model(scenario), cadence: .effects)
      #expect(runtime.cadence == .effects)
      var model = try Self.model(scenario)
      var last: ProgressFrame?
      var lastSource: [String]?
      var changed = true
      var problem: String?
      for call in Self.calls(scenario) where problem == nil {
        guard case .step(let time) = call else {
          if case .send(let event, let time) = call {
            let transition = runtime.send(event, at: time)
            model.send(event, at: time)
            if Self.owesFrame(transition) { changed = true }
          }
          continue
        }
        do {
          // Nothing owed and no deadline passed: the step is idle, whatever
          // moves (no frame, no wake).
          let idle = !changed && time < runtime.wakeTime
          if model.state.isAnimating && !changed {
            movingSteps += 1
            let deadline = model.state.nextDeadline ?? .infinity
            if runtime.wakeTime != deadline {
              problem =
                "at \(time): moving, wakes at \(runtime.wakeTime), not the deadline \(deadline)"
            }
          }
          let step = runtime.advance(to: time)
          if idle && (step.frame != nil || !step.transitions.isEmpty) {
            problem = "at \(time): woke while idle"
          }
          let now = max(time, model.state.time)
          model.send(.tick, at: now)
          // A deadline's tick that does more than announce owes a frame too.
          if step.transitions.contains(where: { Self.owesFrame($0) }) { changed = true }
          let still = model.stillFrame(at: now)
          let expected = changed && (last.map { !$0.showsSamePicture(as: still) } ?? true)
          if (step.frame != nil) != expected || (expected && step.frame != still) {
            problem = "at \(time): still frame \(step.frame != nil), expected \(expected)"
          }
          if let frame = step.frame {
            stills += 1
            last = frame
            #expect(frame.presentedProgress == 0 && frame.visibleFraction == 1 && frame.wave == nil)
          }
          // What the motion is made of: the configuration's members it
          // reads, the type and the path.
          let configuration = model.state.configuration
          let source = [
            "\(configuration.indeterminateStyle)", "\(configuration.reducesMotion)",
            "\(configuration.showsTrack)", "\(String(describing: configuration.material3))",
            "\(model.state.progressType)", "\(still.path)",
          ]
          let motionChanged = changed && lastSource != source
          if step.motionChanged != motionChanged {
            problem = "at \(time): motion changed \(step.motionChanged), expected \(motionChanged)"
          }
          if motionChanged { motions += 1 }
          if changed { lastSource = source }
          changed = false
        }
        if let problem, failure == nil { failure = "case \(index): \(problem)\n\(scenario)" }
      }
    }
    #expect(failure == nil, "\(failure ?? "")")
    #expect(
      stills > 3_000 && movingSteps > 3_000 && motions > 500,
      "\(stills) still frames, \(movingSteps) moving steps, \(motions) motions")
  }
}
