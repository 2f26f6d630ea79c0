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
  private var requests: [CompletionID: Int] = [:]
  private var requestCount = 0
  private(set) var drawn = ""

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType, size: Size(width: 200, height: 40))
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    // Number the requests the way the kit does: every setProgress and setHidden.
    if event.kind == .setProgress || event.kind == .setHidden {
      if let id = transition.completion { requests[id] = requestCount }
      requestCount += 1
    }
    let frame = model.frame(at: transition.time)
    drawn = frame.percentage?.text ?? ""  // what the renderer draws

    var completions: [ProgressObservation.Completion] = []
    var announcements: [AccessibilityValue] = []
    for effect in transition.effects {
      if case .complete(let id, let finished) = effect {
        completions.append(.init(request: requests[id] ?? -1, finished: finished))
      }
      if case .announce(let value) = effect { announcements.append(value) }
    }
    let outcome: ProgressObservation.Outcome =
      switch transition.outcome {
      case .applied: .applied
      case .ignored: .ignored
      case .rejected: .rejected
      }
    var animating = false
    if case .determinateAnimating = model.state.phase { animating = true }
    return ProgressObservation(
      outcome: outcome, progressType: model.state.progressType, progress: model.state.progress,
      isAnimatingProgress: animating,
      isIndeterminateAnimating: model.state.isIndeterminateAnimating,
      // The spec's percentage text, not the drawn one: a hidden indicator draws
      // no text but still has one (the kit caught the first version of this).
      visibility: model.state.visibility.kind, percentageText: model.state.percentageText,
      accessibilityValue: model.state.accessibilityValue, completions: completions,
      announcements: announcements,
      frame: frame)
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
