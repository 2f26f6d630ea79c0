//===----------------------------------------------------------------------===//
// DriverTests: one frame scheduler for every host — the facade and the fleet
// deliver the same frames at the same times (spec FR-8).
//===----------------------------------------------------------------------===//

import ProgressDriver
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("Frame scheduler")
struct FrameSchedulerTests {
  @Test(
    "FR-8 the facade and the fleet, on one scheduler, show the same frames over random scenarios")
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

  @Test("FR-8 a minimum interval spaces frames; an announcement alone owes none; idle wakes never")
  func schedulerRules() throws {
    var scheduler = FrameScheduler(minimumInterval: 0.1)
    var last: ProgressFrame?
    var model = try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40))
    #expect(scheduler.isFrameDue(at: 0))
    let first = scheduler.admit(model.frame(at: 0), after: &last)
    #expect(first)
    scheduler.reschedule(after: model.state)
    #expect(scheduler.wakeTime == .infinity)  // idle: never
    scheduler.record(model.send(.setProgress(0.5, animated: true), at: 0.02))
    scheduler.reschedule(after: model.state)
    // Owed at once, but not before the interval since the last frame.
    #expect(scheduler.wakeTime == 0.1 && !scheduler.isFrameDue(at: 0.05))
    #expect(scheduler.isFrameDue(at: 0.1))
    let second = scheduler.admit(model.frame(at: 0.1), after: &last)
    #expect(second)
    // Moving: the next frame comes a whole interval after the last.
    #expect(scheduler.wakeTime == 0.2 && !scheduler.isFrameDue(at: 0.15))
    // The animation ends at 0.27: the completion owes the final frame.
    scheduler.record(model.send(.tick, at: 0.27))
    scheduler.reschedule(after: model.state)
    #expect(scheduler.isFrameDue(at: 0.27))
    let final = model.frame(at: 0.27)
    let delivered = scheduler.admit(final, after: &last)
    #expect(delivered && final.presentedProgress == 0.5)
    // The announcement of 50 % falls due at 1.02: a deadline, and no frame.
    scheduler.reschedule(after: model.state)
    #expect(scheduler.wakeTime == 1.02)
    let announced = model.send(.tick, at: 1.02)
    #expect(announced.effects == [.announce(.percent(50))])
    scheduler.record(announced)
    scheduler.reschedule(after: model.state)
    #expect(!scheduler.isFrameDue(at: 2) && scheduler.wakeTime == .infinity)
    // A frame that repeats the last one is not delivered, and pays the debt.
    scheduler.setNeedsFrame()
    #expect(scheduler.isFrameDue(at: 3))
    let repeated = scheduler.admit(model.frame(at: 3), after: &last)
    #expect(!repeated)
    #expect(!scheduler.isFrameDue(at: 4))
  }

  @Test("FR-5 samePicture compares every field of a frame but its time")
  func samePictureIsComplete() throws {
    let model = try ProgressIndicatorModel(size: FrameSize(width: 200, height: 40))
    let frame = model.frame(at: 0)
    // A field added to ProgressFrame must be added to samePicture too.
    #expect(Mirror(reflecting: frame).children.count == FrameScheduler.comparedFields + 1)
    var later = frame
    later.time = 5
    #expect(FrameScheduler.samePicture(frame, later))
    var changed = later
    changed.accessibilityLabel = "Upload"
    #expect(!FrameScheduler.samePicture(frame, changed))
    changed = later
    changed.layoutDirection = .rightToLeft
    #expect(!FrameScheduler.samePicture(frame, changed))
    changed = later
    changed.size = FrameSize(width: 201, height: 40)
    #expect(!FrameScheduler.samePicture(frame, changed))
  }
}
