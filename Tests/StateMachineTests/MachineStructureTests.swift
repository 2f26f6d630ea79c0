//===----------------------------------------------------------------------===//
// StateMachineTests: the shape of the machine (spec MS).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressStateMachine
import ProgressTestingCore
import Testing
import Timeline

@Suite("Machine structure")
struct MachineStructureTests {
  /// Compares two transitions; the event is compared by its text because an
  /// event carrying NaN is, rightly, not equal to itself.
  func same(_ a: ProgressTransition, _ b: ProgressTransition) -> Bool {
    var a = a
    var b = b
    guard a.event.description == b.event.description else { return false }
    a.event = .tick
    b.event = .tick
    return a == b
  }

  @Test("MS-1 the transition function is pure: same input, same output, input untouched")
  func purity() throws {
    var random = ReplayableRandom(seed: 7)
    var machine = try makeMachine()
    var time = 0.0
    for _ in 0..<500 {
      time += randomStep(&random)
      let event = randomEvent(&random, after: machine.state)
      let before = machine.state
      let first = ProgressMachine.transition(from: before, on: event, at: time)
      let second = ProgressMachine.transition(from: before, on: event, at: time)
      #expect(first.state == second.state)
      #expect(same(first.transition, second.transition))
      #expect(machine.state == before)
      let sent = machine.send(event, at: time)
      #expect(
        same(sent, first.transition) && machine.state == first.state, "send applies transition")
    }
  }

  @Test("MS-2 an ignored event changes only the time, due deadlines and a completion identity")
  func ignoredChangesNothingElse() throws {
    var machine = try makeMachine(type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    machine.send(.tick, at: 2)
    let before = machine.state
    let transition = machine.send(.setProgress(0.4, animated: true), at: 2.5)
    #expect(transition.outcome == .ignored(reason: .indeterminateMode))
    #expect(machine.state.mode == before.mode)
    #expect(machine.state.visibility == before.visibility)
    #expect(machine.state.configuration == before.configuration)
    #expect(machine.state.announcement == before.announcement)
    #expect(machine.state.time == 2.5)
    #expect(machine.state.nextCompletion == CompletionID(before.nextCompletion.rawValue + 1))
  }

  @Test("MS-3 a rejected event returns the state exactly as it was, time included")
  func rejectedKeepsState() throws {
    var machine = try makeMachine()
    machine.send(.setProgress(1, animated: true), at: 0)
    let before = machine.state
    let (next, transition) = ProgressMachine.transition(
      from: before, on: .setProgress(.nan, animated: false), at: 5)
    #expect(transition.outcome == .rejected(error: .progressIsNaN))
    #expect(next == before, "not even the deadline at 0.25 was processed")
  }

  @Test("MS-4 states and events are listed and the table covers every pair")
  func introspection() {
    #expect(ProgressMode.Kind.allCases.count == 4)
    #expect(ProgressVisibility.Kind.allCases.count == 4)
    #expect(ProgressEvent.Kind.allCases.count == 7)
    let mode = ProgressMachine.modeTransitionTable
    #expect(mode.count == 4 * ProgressMachine.representativeModeEvents.count)
    #expect(ProgressMachine.visibilityTransitionTable.count == 4 * 5)
    for kind in ProgressMode.Kind.allCases {
      #expect(ProgressMachine.representativeState(for: kind).mode.kind == kind)
    }
    for kind in ProgressVisibility.Kind.allCases {
      #expect(ProgressMachine.representativeState(for: kind).visibility.kind == kind)
    }
    // Spot checks against the spec, written from the rules, not from the table.
    func row(_ from: ProgressMode.Kind, _ event: ProgressEvent) -> TransitionTableRow<
      ProgressMode.Kind
    >? {
      mode.first { $0.from == from && $0.event == event }
    }
    #expect(
      row(.determinateIdle, .startIndeterminateAnimation)?.outcome
        == .ignored(reason: .determinateMode))
    #expect(row(.indeterminateRunning, .setProgressType(.determinate))?.to == .determinateIdle)
    #expect(
      row(.indeterminateRunning, .setProgressType(.determinate))?.effects == [
        .stopIndeterminateAnimation
      ])
    #expect(row(.determinateAnimating, .tick)?.to == .determinateIdle)
    #expect(row(.indeterminateStopped, .startIndeterminateAnimation)?.to == .indeterminateRunning)
  }

  @Test("MS-4 Docs/state-machine.md is what the code produces")
  func documentIsCurrent() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appendingPathComponent("Docs/state-machine.md")
    let committed = try String(contentsOf: url, encoding: .utf8)
    let generated = ProgressMachine.stateMachineDocument()
    #expect(
      committed == generated,
      "Docs/state-machine.md is stale: run `swift run progress describe > Docs/state-machine.md`")
    #expect(generated.contains("stateDiagram-v2"))
    #expect(
      generated.contains(
        "determinateIdle --> determinateAnimating : setProgress(0.9, animated: true)"))
  }

  @Test("MS-5 isAnimating and nextDeadline say when frames and wake-ups are needed")
  func idleness() throws {
    var machine = try makeMachine()
    #expect(!machine.state.isAnimating)
    #expect(machine.state.nextDeadline == nil)
    machine.send(.setProgress(0.5, animated: true), at: 0)
    #expect(machine.state.isAnimating)
    #expect(machine.state.nextDeadline == 0.25)
    machine.send(.tick, at: 0.25)
    #expect(!machine.state.isAnimating)
    #expect(machine.state.nextDeadline == 1, "the announcement of 50% is still due")
    machine.send(.tick, at: 1)
    #expect(machine.state.nextDeadline == nil)
    machine.send(.setHidden(true, animated: true), at: 2)
    #expect(machine.state.isAnimating)
    machine.send(.tick, at: 2.25)
    #expect(!machine.state.isAnimating)
  }

  @Test(
    "a progress animation and a show or hide are one type, RunningAnimation, under both earlier names; snapshots encode it as before"
  )
  func oneAnimationType() throws {
    // Two types before: ProgressAnimation and VisibilityAnimation.
    #expect(ObjectIdentifier(ProgressAnimation.self) == ObjectIdentifier(RunningAnimation.self))
    #expect(ObjectIdentifier(VisibilityAnimation.self) == ObjectIdentifier(RunningAnimation.self))
    var machine = try makeMachine()
    machine.send(.setProgress(0.5, animated: true), at: 0)
    machine.send(.setHidden(true, animated: true), at: 0.1)
    guard case .determinateAnimating(let progress) = machine.state.mode,
      case .hiding(let hide) = machine.state.visibility
    else {
      Issue.record("\(machine.state)")
      return
    }
    let animations: [RunningAnimation] = [progress, hide]
    #expect(animations.map(\.tween.to) == [0.5, 0])
    // The record's JSON is the one each type wrote: its tween and its request.
    let data = try JSONEncoder().encode(machine.state)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let mode = try #require(json["mode"] as? [String: Any])
    let animating = try #require(mode["determinateAnimating"] as? [String: Any])
    let record = try #require(animating["_0"] as? [String: Any])
    #expect(Set(record.keys) == ["tween", "completion"], "\(record)")
    #expect(try JSONDecoder().decode(ProgressState.self, from: data) == machine.state)
  }
}

@Suite("Idleness with reduced motion")
struct ReducedMotionIdlenessTests {
  @Test("MS-5 a running loop with motion reduced is static: nothing animates")
  func reducedMotionLoopIsIdle() throws {
    var machine = try makeMachine(ProgressConfiguration(reducesMotion: true), type: .indeterminate)
    machine.send(.startIndeterminateAnimation, at: 0)
    #expect(machine.state.isIndeterminateAnimating)
    #expect(!machine.state.isAnimating)
    machine.send(.configure(ProgressConfiguration(reducesMotion: false)), at: 1)
    #expect(machine.state.isAnimating)
  }
}
