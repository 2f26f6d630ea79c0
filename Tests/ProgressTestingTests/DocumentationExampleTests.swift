//===----------------------------------------------------------------------===//
// ProgressTestingTests: the complete example of Docs/testing.md, compiled and
// run, so the guide stays true.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

/// A renderer's own indicator, as a renderer author would wrap it: here a
/// text bar drawn from frames, whose texts come from what it draws.
struct TextBarSubject: ProgressSubject {
  private var model: ProgressIndicatorModel
  private var requests = RequestNumbering()
  private(set) var drawn = ""

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 200, height: 40))
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    requests.record(transition)  // numbers setProgress and setHidden as the kit does
    let frame = model.frame(at: transition.time)
    drawn = frame.percentage?.text ?? ""  // what the renderer draws
    return ProgressObservation(
      state: model.state, transition: transition, requests: requests, frame: frame)
  }
}

@Suite("The guide's example")
struct DocumentationExampleTests {
  @Test("PB-4 and PB-6: the guide's renderer keeps every invariant and agrees with the reference")
  func guideExample() {
    let test = ProgressPropertyTest(cases: 200)
    #expect(test.check(TextBarSubject.self, reference: ReferenceProgressModel.self) == nil)
    #expect(TransitionCoverage.replay(TransitionCoverage.paths(), on: TextBarSubject.self).isEmpty)
  }
}

@Suite("Values the documentation states")
struct DocumentedValueTests {
  @Test("MS-1 the state machine's DocC overview: 29% at once, 0.145 half-way, one completion")
  func stateMachineOverview() throws {
    var machine = try ProgressMachine(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)))
    machine.send(.setProgress(0.29, animated: true), at: 0)
    #expect(machine.state.percentageText == "29%")
    #expect(abs(machine.state.presentedProgress(at: 0.125) - 0.145) < 1e-15)
    #expect(machine.send(.tick, at: 0.25).effects == [.complete(CompletionID(0), finished: true)])
  }

  @Test("FR-5 the indicator's DocC overview: 25% at 0.25 s, then no frame")
  func indicatorOverview() throws {
    let sink = RecordingFrameSink()
    let indicator = try ProgressIndicator(
      configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .percentage)),
      size: FrameSize(width: 160, height: 160), sinks: [sink])
    indicator.setProgress(0.25, animated: true)
    let arrived = try #require(indicator.advance(to: 0.25))
    guard case .arc(let arc) = arrived.segments.first?.geometry else {
      Issue.record("no arc")
      return
    }
    #expect(arc.startAngle == 0 && arc.endAngle == 90)  // 12 to 3 o'clock
    #expect(sink.frames.last?.percentage?.text == "25%")
    #expect(indicator.advance(to: 1) == nil)
  }
}
