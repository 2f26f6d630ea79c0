//===----------------------------------------------------------------------===//
// ProgressTestingTests: the complete example of Docs/testing.md, compiled and
// run, so the guide stays true.
//===----------------------------------------------------------------------===//

import ProgressIndicator
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
      configuration: configuration, progressType: progressType, size: Size(width: 200, height: 40))
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
