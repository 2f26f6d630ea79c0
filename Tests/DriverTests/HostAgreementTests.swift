//===----------------------------------------------------------------------===//
// DriverTests: one host runtime for every host — the facade and the fleet
// deliver the same frames at the same times (spec FR-8, FR-5).
//===----------------------------------------------------------------------===//

import ProgressDriver
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("Host runtime")
struct HostAgreementTests {
  @Test(
    "FR-8 the facade and the fleet, on one runtime, show the same frames over random scenarios")
  func facadeAndFleetAgree() throws {
    var random = ReplayableRandom(seed: 0xF1EE7)
    let scenarios = Generator<ProgressScenario>.scenario(length: 5...30)
    var compared = 0
    for index in 0..<400 {
      let scenario = scenarios.generate(using: &random)
      let size = FrameSize(width: 200, height: 200)
      let recording = RecordingFrameSink()
      let facade = try ProgressIndicator(
        configuration: scenario.configuration, progressType: scenario.progressType, size: size,
        sinks: [recording])
      var fleet = IndicatorFleet()
      let id = fleet.add(
        try ProgressIndicatorModel(
          configuration: scenario.configuration, progressType: scenario.progressType, size: size))
      var fleetFrames: [Double: ProgressFrame] = [:]
      func tick(_ time: Double) {
        facade.advance(to: time)
        fleet.advance(to: time) { _, frame in fleetFrames[frame.time] = frame }
      }
      var time = 0.0
      tick(time)
      for step in scenario.steps {
        // Ticks between the steps, then the event at its own time: the
        // facade's calls happen at its current time, the fleet's at the next
        // advance.
        for sample in 1...4 { tick(time + min(step.delay, 2) * Double(sample) / 5) }
        time += step.delay
        facade.advance(to: time)
        facade.send(step.event)
        fleet.send(step.event, to: id)
        tick(time)
      }
      for sample in 1...6 { tick(time + Double(sample) / 10) }
      // The facade may show a frame at an event's time before the event;
      // the last frame at each time is what stays on screen.
      var facadeFrames: [Double: ProgressFrame] = [:]
      for frame in recording.frames { facadeFrames[frame.time] = frame }
      #expect(facadeFrames == fleetFrames, "case \(index):\n\(scenario)")
      compared += facadeFrames.count
      if facadeFrames != fleetFrames { break }
    }
    #expect(compared > 5_000, "\(compared) frames compared")
  }

  @Test(
    "FR-8 a frame at every step while moving; an announcement alone owes none; idle wakes never")
  func runtimeRules() throws {
    var runtime = IndicatorRuntime(
      try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40)))
    #expect(runtime.wakeTime == -.infinity)
    #expect(runtime.advance(to: 0).frame != nil)
    #expect(runtime.wakeTime == .infinity)  // idle: never
    #expect(runtime.advance(to: 0.02).frame == nil)
    runtime.send(.setProgress(0.5, animated: true), at: 0.05)
    // Owed at once: due at the last frame's time.
    #expect(runtime.wakeTime == 0)
    #expect(runtime.advance(to: 0.1).frame != nil)
    // Moving: due again at once.
    #expect(runtime.wakeTime == 0.1)
    #expect(runtime.advance(to: 0.15).frame != nil)
    // The animation ends at 0.3: the completion owes the final frame.
    let end = runtime.advance(to: 0.3)
    #expect(end.transitions.map(\.effects) == [[.complete(CompletionID(0), finished: true)]])
    #expect(end.frame?.presentedProgress == 0.5)
    // The announcement of 50 % falls due at 1.05: a deadline, and no frame.
    #expect(runtime.wakeTime == 1.05)
    let announced = runtime.advance(to: 1.05)
    #expect(announced.transitions.map(\.effects) == [[.announce(.percent(50))]])
    #expect(announced.frame == nil && runtime.wakeTime == .infinity)
    // A frame that repeats the last one is not delivered, and pays the debt.
    runtime.send(.configure(runtime.state.configuration))  // ignored: unchanged
    runtime.setTheme(runtime.model.theme)
    #expect(runtime.wakeTime == 0.3)  // owed: at once
    #expect(runtime.advance(to: 3).frame == nil)
    #expect(runtime.wakeTime == .infinity)
    // A sink that joins gets the picture again.
    runtime.redeliver()
    #expect(runtime.advance(to: 3.5).frame?.time == 3.5)
    #expect(runtime.advance(to: 3.6).motionChanged == false)  // the frames cadence tells none
  }

  @Test(
    "WA-3 the runtime's deadline is the machine's next one after every event and step, read without copying the model"
  )
  func deadlineIsTheMachines() throws {
    var random = ReplayableRandom(seed: 0xDEAD)
    let scenarios = Generator<ProgressScenario>.scenario(length: 5...30)
    var deadlines = 0
    for index in 0..<300 {
      let scenario = scenarios.generate(using: &random)
      var runtime = IndicatorRuntime(
        try ProgressIndicatorModel(
          configuration: scenario.configuration, progressType: scenario.progressType,
          size: FrameSize(width: 200, height: 200)))
      func check(_ what: String) {
        let machine = runtime.state.nextDeadline ?? .infinity
        #expect(runtime.deadline == machine, "case \(index), \(what)")
        if machine.isFinite { deadlines += 1 }
      }
      check("created")
      var time = 0.0
      for step in scenario.steps {
        time += step.delay
        if random.unitDouble() < 0.3 {
          runtime.enqueue(step.event)
          check("queued \(step.event)")
        } else {
          _ = runtime.send(step.event, at: time)
          check("after \(step.event)")
        }
        _ = runtime.advance(to: time + random.unitDouble())
        check("stepped")
      }
    }
    #expect(deadlines > 1_000, "\(deadlines) finite deadlines compared")
  }

  @Test(
    "TM-5 TM-6 the runtime's time is the machine's, idle steps included; non-finite times are ignored; an earlier time is clamped and reported"
  )
  func runtimeTime() throws {
    var runtime = IndicatorRuntime(
      try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40)))
    _ = runtime.advance(to: 0)
    _ = runtime.advance(to: 5)  // idle: one comparison, and the clock moves
    #expect(runtime.time == 5 && runtime.state.time == 5)
    for time in [Double.infinity, -.infinity, .nan] {
      #expect(runtime.advance(to: time).frame == nil)
      #expect(runtime.time == 5)
    }
    // An event goes at the runtime's time; an earlier time counts as it
    // and the host is told (TM-3, TM-6).
    let set = runtime.send(.setProgress(0.5, animated: true), at: 2)
    #expect(set.time == 5)
    #expect(set.timeRegression == ProgressTransition.TimeRegression(requested: 2, used: 5))
    let regressed = runtime.advance(to: 1)
    #expect(regressed.frame?.time == 5)  // an earlier time counts as 5
    #expect(regressed.timeRegression == ProgressTransition.TimeRegression(requested: 1, used: 5))
    #expect(runtime.advance(to: 5.1).timeRegression == nil)
    #expect(runtime.send(.setProgress(0.6, animated: true)).timeRegression == nil)
    // Queued events wait for the next step and go at its time, in order.
    runtime.enqueue(.setHidden(true, animated: false))
    runtime.enqueue(.setHidden(true, animated: false))
    #expect(runtime.wakeTime == -.infinity && !runtime.state.isHidden)
    let step = runtime.advance(to: 6)
    #expect(step.transitions.map(\.outcome) == [.applied, .ignored(reason: .alreadyHidden)])
    #expect(step.transitions.map(\.time) == [6, 6] && step.frame?.isHidden == true)
  }

  @Test("TM-5 the facade's time is the machine's; advancing to +∞ is ignored and frames still come")
  func facadeTime() throws {
    let sink = RecordingFrameSink()
    let facade = try ProgressIndicator(size: FrameSize(width: 200, height: 40), sinks: [sink])
    facade.advance(to: 2)
    #expect(facade.time == 2 && facade.state.time == 2)
    #expect(facade.advance(to: .infinity) == nil)
    #expect(facade.time == 2)
    let set = facade.setProgress(0.5, animated: true)
    #expect(set.outcome == .applied && set.time == 2)
    #expect(facade.advance(to: 2.25)?.presentedProgress == 0.5)
  }

  @Test("FR-5 a frame is delivered when any field but the time differs from the last one")
  func samePicture() throws {
    var runtime = IndicatorRuntime(
      try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40)))
    _ = runtime.advance(to: 0)
    var configuration = runtime.state.configuration
    configuration.accessibilityLabel = "Upload"
    runtime.send(.configure(configuration))
    #expect(runtime.advance(to: 1).frame?.accessibilityLabel == "Upload")
    configuration.layoutDirection = .rightToLeft
    runtime.send(.configure(configuration))
    #expect(runtime.advance(to: 2).frame?.layoutDirection == .rightToLeft)
    try runtime.resize(to: FrameSize(width: 201, height: 40))
    #expect(runtime.advance(to: 3).frame?.size.width == 201)
    try runtime.resize(to: FrameSize(width: 201, height: 40))
    #expect(runtime.advance(to: 4).frame == nil)
  }
}
