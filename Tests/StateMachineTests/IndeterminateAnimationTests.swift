//===----------------------------------------------------------------------===//
// StateMachineTests: starting and stopping the loop (spec IA).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("Indeterminate animation")
struct IndeterminateAnimationTests {
  @Test("IA-1 start runs the loop from the time it was started")
  func startRunsLoop() throws {
    var machine = try makeMachine(type: .indeterminate)
    let transition = machine.send(.startIndeterminateAnimation, at: 2.5)
    #expect(transition.outcome == .applied)
    #expect(transition.effects == [.startIndeterminateAnimation(at: 2.5)])
    #expect(machine.state.mode == .indeterminateRunning(LoopClock(origin: 2.5)))
    #expect(machine.state.isIndeterminateAnimating)
    #expect(machine.state.isAnimating)
  }

  @Test("IA-3 starting twice is ignored and keeps the loop's phase origin")
  func startTwice() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 1)
    let again = machine.send(.startIndeterminateAnimation, at: 1.7)
    #expect(again.outcome == .ignored(reason: .alreadyRunning))
    #expect(again.effects.isEmpty)
    #expect(machine.state.mode == .indeterminateRunning(LoopClock(origin: 1)))
  }

  @Test("IA-4 stop is immediate, mid-cycle")
  func stopIsImmediate() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    // 0.7 s is inside the first 1.2 s (linear) and 1.8 s (circular) cycles.
    let stop = machine.send(.stopIndeterminateAnimation, at: 0.7)
    #expect(stop.outcome == .applied)
    #expect(stop.effects == [.stopIndeterminateAnimation])
    #expect(machine.state.mode == .indeterminateStopped)
    #expect(!machine.state.isAnimating)
  }

  @Test("IA-5 stopping a stopped loop is ignored")
  func stopWhenStopped() throws {
    var machine = try makeMachine(type: .indeterminate)
    let stop = machine.send(.stopIndeterminateAnimation, at: 0)
    #expect(stop.outcome == .ignored(reason: .notRunning))
    #expect(stop.effects.isEmpty)
    #expect(machine.state.mode == .indeterminateStopped)
  }

  @Test("IA-6 start and stop do nothing on a determinate indicator, not even cut its animation")
  func noEffectWhenDeterminate() throws {
    var machine = try makeMachine()
    machine.send(.setProgress(1, animated: true), at: 0)
    let before = machine.state
    let start = machine.send(.startIndeterminateAnimation, at: 0.1)
    let stop = machine.send(.stopIndeterminateAnimation, at: 0.1)
    #expect(start.outcome == .ignored(reason: .determinateMode))
    #expect(stop.outcome == .ignored(reason: .determinateMode))
    #expect(start.effects.isEmpty && stop.effects.isEmpty)
    #expect(machine.state.mode == before.mode, "the determinate animation keeps running")
    #expect(machine.state.presentedProgress(at: 0.125) == 0.5)
  }

  @Test("IA-7 neither creation nor a type switch starts the loop")
  func nothingStartsTheLoopByItself() throws {
    let created = try makeMachine(type: .indeterminate)
    #expect(!created.state.isIndeterminateAnimating)
    var switched = try makeMachine()
    let transition = switched.send(.setProgressType(.indeterminate), at: 0)
    #expect(!transition.effects.contains(.startIndeterminateAnimation(at: 0)))
    #expect(switched.state.mode == .indeterminateStopped)
    switched.send(.tick, at: 100)
    #expect(switched.state.mode == .indeterminateStopped)
  }
}
