//===----------------------------------------------------------------------===//
// StateMachineTests: switching the progress type (spec TS).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("Switching type")
struct TypeSwitchTests {
  @Test("TS-1 switching resets progress to 0 at once, in both directions")
  func resetToZero() throws {
    var machine = try makeMachine(progress: 0.6)
    let toIndeterminate = machine.send(.setProgressType(.indeterminate), at: 0)
    #expect(toIndeterminate.outcome == .applied)
    #expect(toIndeterminate.effects == [.setPresentedProgress(0)])
    #expect(machine.state.progress == 0)
    let toDeterminate = machine.send(.setProgressType(.determinate), at: 1)
    #expect(toDeterminate.outcome == .applied)
    #expect(machine.state.mode == .determinateIdle(progress: 0))
    #expect(machine.state.presentedProgress(at: 1) == 0)
  }

  @Test("TS-2 switching cancels a running determinate animation, completing it unfinished")
  func cancelsAnimation() throws {
    var machine = try makeMachine()
    let id = try #require(machine.send(.setProgress(1, animated: true), at: 0).completion)
    let transition = machine.send(.setProgressType(.indeterminate), at: 0.125)
    #expect(
      transition.effects == [
        .cancelProgressAnimation, .complete(id, finished: false), .setPresentedProgress(0),
      ])
    // The old deadline no longer exists: nothing completes at 0.25.
    #expect(machine.send(.tick, at: 0.3).completions.isEmpty)
  }

  @Test("TS-3 switching to determinate stops a running loop at once")
  func stopsLoop() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    let transition = machine.send(.setProgressType(.determinate), at: 0.4)
    #expect(transition.effects == [.stopIndeterminateAnimation])
    #expect(!machine.state.isIndeterminateAnimating)
    #expect(machine.state.mode == .determinateIdle(progress: 0))
  }

  @Test("TS-4 switching to indeterminate does not start the loop")
  func doesNotStartLoop() throws {
    var machine = try makeMachine(progress: 0.3)
    machine.send(.setProgressType(.indeterminate), at: 0)
    #expect(machine.state.mode == .indeterminateStopped)
    #expect(!machine.state.isAnimating)
  }

  @Test(
    "TS-5 setting the same type is ignored and changes nothing", arguments: ProgressType.allCases)
  func sameType(type: ProgressType) throws {
    var machine = try makeMachine(type: type, progress: 0.4)
    if type == .indeterminate { machine.send(.startIndeterminateAnimation, at: 0) }
    let before = machine.state
    let transition = machine.send(.setProgressType(type), at: 0)
    #expect(transition.outcome == .ignored(reason: .unchanged))
    #expect(transition.effects.isEmpty)
    #expect(machine.state == before)
  }
}
