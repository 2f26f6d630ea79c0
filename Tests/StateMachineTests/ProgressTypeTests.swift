//===----------------------------------------------------------------------===//
// StateMachineTests: progress types (spec PT).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("Progress type")
struct ProgressTypeTests {
  @Test("PT-1 two types, determinate by default")
  func determinateIsDefault() throws {
    #expect(ProgressType.allCases == [.determinate, .indeterminate])
    let machine = try ProgressMachine()
    #expect(machine.state.progressType == .determinate)
    #expect(machine.state.mode == .determinateIdle(progress: 0))
  }

  @Test("PT-2 the type given at creation is honoured, with the loop stopped")
  func creationTypeHonoured() throws {
    let machine = try makeMachine(type: .indeterminate)
    #expect(machine.state.progressType == .indeterminate)
    #expect(machine.state.mode == .indeterminateStopped)
    var started = machine
    let transition = started.send(.startIndeterminateAnimation, at: 1)
    #expect(
      transition.outcome == .applied, "unlike Vitamin, start works on a bar created indeterminate")
    #expect(started.state.mode == .indeterminateRunning(LoopClock(origin: 1)))
  }

  @Test("PT-3 an indeterminate indicator has progress 0, even when created with one")
  func indeterminateProgressIsZero() throws {
    let machine = try makeMachine(type: .indeterminate, progress: 0.7)
    #expect(machine.state.progress == 0)
    #expect(machine.state.presentedProgress(at: 5) == 0)
  }

  @Test("PT-4 setProgress while indeterminate is ignored and completes unfinished")
  func setProgressIgnoredWhileIndeterminate() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    let before = machine.state
    for animated in [true, false] {
      let transition = machine.send(.setProgress(0.6, animated: animated), at: 0.5)
      #expect(transition.outcome == .ignored(reason: .indeterminateMode))
      let id = try #require(transition.completion)
      #expect(transition.effects == [.complete(id, finished: false)])
      #expect(machine.state.progress == 0)
      #expect(machine.state.mode == before.mode)
    }
  }
}
