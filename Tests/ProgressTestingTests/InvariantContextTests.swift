//===----------------------------------------------------------------------===//
// ProgressTestingTests: the invariants checked on a model a test drives
// itself, through the public initialiser (spec PB-8).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

@Suite("Invariants on a model a test drives")
struct InvariantContextTests {
  @Test(
    "PB-8 a test that drives a model itself checks the standard invariants after each transition, and with the observation before, those that compare two steps"
  )
  func drivenModel() throws {
    var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
    var before: ProgressObservation?
    let events: [(Double, ProgressEvent)] = [
      (0, .setProgress(0.5, animated: true)), (0.1, .tick), (0.2, .setProgressType(.indeterminate)),
      (0.3, .startIndeterminateAnimation), (1, .setHidden(true, animated: true)), (2, .tick),
    ]
    for (time, event) in events {
      let transition = model.send(event, at: time)
      let context = InvariantContext(model: model, transition: transition, before: before)
      #expect(ProgressInvariant.standard.violations(context).isEmpty, "\(event) at \(time)")
      #expect(context.before == before && context.time == time)
      before = context.after
    }
    // What the context says is the model's: a rule it breaks is reported
    // under its ID, one that compares two steps only with the step before.
    let atMostAQuarter = ProgressInvariant(rule: "XX-1", name: "progress ≤ 0.25") { context in
      context.after.progress <= 0.25 ? nil : "progress \(context.after.progress)"
    }
    let neverBack = ProgressInvariant(rule: "XX-2", name: "progress never decreases") { context in
      guard let before = context.before, context.after.progress < before.progress else {
        return nil
      }
      return "\(before.progress) to \(context.after.progress)"
    }
    var bar = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
    // The transition first, then the model after it.
    let set = bar.send(.setProgress(0.5, animated: false), at: 0)
    let first = InvariantContext(model: bar, transition: set)
    #expect([atMostAQuarter, neverBack].violations(first) == ["XX-1: progress 0.5"])
    let back = bar.send(.setProgress(0.2, animated: false), at: 1)
    #expect([neverBack].violations(InvariantContext(model: bar, transition: back)).isEmpty)
    #expect(
      [neverBack].violations(InvariantContext(model: bar, transition: back, before: first.after))
        == ["XX-2: 0.5 to 0.2"])
  }
}
