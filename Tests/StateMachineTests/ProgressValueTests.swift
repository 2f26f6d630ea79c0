//===----------------------------------------------------------------------===//
// StateMachineTests: the progress value (spec PV).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("Progress value")
struct ProgressValueTests {
  @Test("PV-1 progress is 0 by default and a creation value is kept")
  func defaultAndCreationValue() throws {
    #expect(try makeMachine().state.progress == 0)
    #expect(try makeMachine(progress: 0.42).state.progress == 0.42)
  }

  @Test(
    "PV-2 values below 0 become 0 and above 1 become 1, and the clamping is reported",
    arguments: [
      (-0.5, 0.0), (-.infinity, 0.0), (-0.000_001, 0.0), (1.000_001, 1.0), (2.0, 1.0),
      (.infinity, 1.0), (-.leastNonzeroMagnitude, 0.0),
    ])
  func clamping(requested: Double, applied: Double) throws {
    var machine = try makeMachine(progress: 0.5)
    let transition = machine.send(.setProgress(requested, animated: false), at: 0)
    #expect(transition.outcome == .applied)
    #expect(machine.state.progress == applied)
    #expect(transition.clamping?.requested == requested)
    #expect(transition.clamping?.applied == applied)
    #expect(try makeMachine(progress: requested).state.progress == applied)
  }

  @Test("PV-2 values inside [0, 1] are not reported as clamped", arguments: [0.0, 0.3, 1.0])
  func noClampingInside(value: Double) throws {
    var machine = try makeMachine()
    #expect(machine.send(.setProgress(value, animated: false), at: 0).clamping == nil)
  }

  @Test("PV-3 NaN is rejected, changes nothing and consumes no completion identity")
  func nanRejected() throws {
    var machine = try makeMachine(progress: 0.3)
    machine.send(.setProgress(0.9, animated: true), at: 0)
    let before = machine.state
    for animated in [true, false] {
      let transition = machine.send(.setProgress(.nan, animated: animated), at: 0.1)
      #expect(transition.outcome == .rejected(error: .progressIsNaN))
      #expect(transition.effects.isEmpty)
      #expect(transition.completion == nil)
      #expect(machine.state == before)
    }
    #expect(throws: ProgressError.progressIsNaN) { try ProgressMachine(progress: .nan) }
    let next = machine.send(.setProgress(0.5, animated: false), at: 0.2)
    #expect(next.completion == CompletionID(1), "#0 went to the first request; NaN used none")
  }

  @Test("PV-4 the model value is the target at once while the bar animates")
  func modelValueIsTargetAtOnce() throws {
    var machine = try makeMachine()
    machine.send(.setProgress(0.8, animated: true), at: 0)
    #expect(machine.state.progress == 0.8)
    #expect(machine.state.presentedProgress(at: 0) == 0)
    #expect(machine.state.presentedProgress(at: 0.125) == 0.4)
  }
}
