//===----------------------------------------------------------------------===//
// StateMachineTests: time as an input (spec TM).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTestingCore
import Testing

@Suite("Time")
struct TimeTests {
  @Test(
    "TM-1 a non-finite time is rejected and changes nothing",
    arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteTime(time: Double) throws {
    var machine = try makeMachine()
    machine.send(.setProgress(1, animated: true), at: 0)
    let before = machine.state
    let transition = machine.send(.setProgress(0.5, animated: false), at: time)
    guard case .rejected(.invalidTime) = transition.outcome else {
      Issue.record("expected invalidTime, got \(transition.outcome)")
      return
    }
    #expect(transition.effects.isEmpty)
    #expect(machine.state == before)
    #expect(throws: ProgressError.self) { try ProgressMachine(at: time) }
  }

  @Test("TM-2 deadlines take effect at their own times, earliest first, before the event")
  func deadlinesInOrder() throws {
    var machine = try makeMachine()
    machine.run([
      (0, .setProgress(1, animated: true)),  // #0 ends at 0.25; 100% due at 1.0
      (0.1, .setHidden(true, animated: true)),  // #1 ends at 0.35
    ])
    let late = machine.send(.setHidden(false, animated: false), at: 3)  // #2
    // 0.25: #0 ends; 0.35: #1 ends (hidden: value none, due 1.35);
    // 1.0 was superseded by 1.35; at 1.35 nothing to announce while hidden.
    #expect(
      late.effects == [
        .complete(CompletionID(0), finished: true),
        .complete(CompletionID(1), finished: true),
        .setVisibility(1),
        .complete(CompletionID(2), finished: true),
      ])
    #expect(machine.state.nextDeadline == 4, "shown again: 100% is due 1 s later")
  }

  @Test("TM-2 on a tie the progress animation ends before the visibility animation")
  func tieOrder() throws {
    var machine = try makeMachine()
    machine.run([(0, .setProgress(1, animated: true)), (0, .setHidden(true, animated: true))])
    let tick = machine.send(.tick, at: 0.25)
    #expect(tick.completions.map(\.0) == [CompletionID(0), CompletionID(1)])
  }

  @Test("TM-3 a time earlier than the machine's is replaced by it and reported")
  func timeGoingBackwards() throws {
    var machine = try makeMachine()
    machine.send(.setProgress(1, animated: true), at: 10)
    let transition = machine.send(.setProgress(0.5, animated: false), at: 9)
    #expect(transition.time == 10)
    #expect(transition.timeRegression?.requested == 9)
    #expect(transition.timeRegression?.used == 10)
    #expect(machine.state.time == 10)
    #expect(transition.outcome == .applied)
    #expect(machine.state.mode == .determinateIdle(progress: 0.5))
  }

  @Test("TM-4 time splits: tick at a then b equals tick at b (seed sweep)")
  func timeSplitting() throws {
    for seed in UInt64(0)..<300 {
      var random = ReplayableRandom(seed: seed &+ 1_000)
      var machine = try makeMachine()
      var time = 0.0
      for _ in 0..<30 {
        time += randomStep(&random)
        machine.send(randomEvent(&random, after: machine.state), at: time)
        let a = time + random.unitDouble() * 1.5
        let b = a + random.unitDouble() * 1.5
        var split = machine
        let first = split.send(.tick, at: a)
        let second = split.send(.tick, at: b)
        var whole = machine
        let once = whole.send(.tick, at: b)
        #expect(split.state == whole.state, "seed \(seed): split \(a), \(b)")
        #expect(
          Array(first.effects) + second.effects == Array(once.effects),
          "seed \(seed): effects differ")
      }
    }
  }
}
