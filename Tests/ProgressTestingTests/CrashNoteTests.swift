//===----------------------------------------------------------------------===//
// ProgressTestingTests: a subject that traps — what the kit can still say
// (spec PB-3).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

/// A renderer that indexes its cells by a segment's fractions without
/// clamping: a ring's reduced-motion arc starts at −0.125, and it traps.
struct UnclampedCellsSubject: ProgressSubject {
  private var model: ProgressIndicatorModel
  private var requests = RequestNumbering()

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 200, height: 200))
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    requests.record(transition)
    let frame = model.frame(at: transition.time)
    var cells = Array(repeating: false, count: 10)
    for segment in frame.segments {
      cells[Int(segment.start * 10)] = true  // the bug: −0.125 × 10 is cell −1
    }
    return ProgressObservation(
      state: model.state, transition: transition, requests: requests, frame: frame)
  }
}

@Suite("A subject that crashes")
struct CrashNoteTests {
  #if compiler(>=6.2) && os(Linux)
    @Test(
      "PB-3 when the code under test traps, the kit's last words name the case, the step, the scenario and the replay line"
    )
    func lastWords() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ProgressPropertyTest(cases: 300).run(UnclampedCellsSubject.self)
      }
      let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(text.contains("ProgressTesting: the code under test crashed at step "), "\(text)")
      #expect(text.contains("in a property test of ProgressTestingTests.UnclampedCellsSubject"))
      #expect(text.contains("PROGRESS_TESTING_REPLAY=5eed2026:"), "\(text)")
      #expect(text.contains("The scenario that crashed:\ncreated "), "\(text)")
    }
  #endif
}
