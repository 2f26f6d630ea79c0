//===----------------------------------------------------------------------===//
// StateMachineTests: completions (spec CP).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import ProgressTestingCore
import Testing
import Timeline

@Suite("Completions")
struct CompletionTests {
  @Test("CP-1 identities are issued in order and each is completed exactly once (seed sweep)")
  func exactlyOnce() throws {
    for seed in UInt64(0)..<300 {
      var random = ReplayableRandom(seed: seed)
      var machine = try makeMachine()
      var issued: [CompletionID] = []
      var delivered: [CompletionID: Int] = [:]
      var time = 0.0
      for _ in 0..<60 {
        time += randomStep(&random)
        let transition = machine.send(randomEvent(&random, after: machine.state), at: time)
        if let id = transition.completion {
          #expect(id == CompletionID(UInt64(issued.count)), "seed \(seed): identities in order")
          issued.append(id)
        }
        for (id, _) in transition.completions { delivered[id, default: 0] += 1 }
      }
      // Let every animation end.
      for (id, _) in machine.send(.tick, at: time + 10).completions {
        delivered[id, default: 0] += 1
      }
      #expect(delivered.values.allSatisfy { $0 == 1 }, "seed \(seed): a completion delivered twice")
      #expect(Set(delivered.keys) == Set(issued), "seed \(seed): a completion missing or unknown")
    }
  }

  @Test("CP-1 MDC's sequence: set 1 animated, then hide in its completion")
  func mdcCompleteAndHide() throws {
    var machine = try makeMachine()
    let set = try #require(machine.send(.setProgress(1, animated: true), at: 0).completion)
    let end = machine.send(.tick, at: 0.25)
    #expect(end.completions.map(\.0) == [set])
    let hide = try #require(machine.send(.setHidden(true, animated: true), at: 0.25).completion)
    #expect(hide == CompletionID(1))
    #expect(machine.send(.tick, at: 0.5).completions.map(\.0) == [hide])
  }

  @Test("CP-2 finished is true on reaching the end and false when superseded, cancelled or ignored")
  func finishedFlag() throws {
    var log: [(CompletionID, Bool)] = []
    var replay = try makeMachine()
    let script: Script = [
      (0.0, .setProgress(0.5, animated: true)),  // #0 superseded
      (0.1, .setProgress(0.9, animated: true)),  // #1 cancelled by the switch
      (0.2, .setProgressType(.indeterminate)),
      (0.3, .setProgress(0.4, animated: true)),  // #2 ignored
      (0.4, .setProgressType(.determinate)),
      (0.5, .setProgress(0.4, animated: true)),  // #3 reaches its end
      (1.0, .tick),
    ]
    for (time, event) in script {
      log += replay.send(event, at: time).completions
    }
    #expect(log.map(\.0) == (0...3).map { CompletionID(UInt64($0)) })
    #expect(log.map(\.1) == [false, false, false, true])
  }

  @Test("CP-3 effects are ordered: due completions, then the superseded one, then the new request")
  func effectOrder() throws {
    var machine = try makeMachine()
    machine.send(.setHidden(true, animated: true), at: 0)  // #0 ends at 0.25
    machine.send(.setProgress(1, animated: true), at: 0.2)  // #1 ends at 0.45
    let transition = machine.send(.setProgress(0.5, animated: true), at: 0.3)  // #2
    guard transition.effects.count == 4 else {
      Issue.record("expected 4 effects, got \(transition.effects)")
      return
    }
    #expect(transition.effects[0] == .complete(CompletionID(0), finished: true))
    #expect(transition.effects[1] == .cancelProgressAnimation)
    #expect(transition.effects[2] == .complete(CompletionID(1), finished: false))
    guard case .animatePresentedProgress(let tween) = transition.effects[3] else {
      Issue.record("the new request's animation comes last")
      return
    }
    #expect(tween.to == 0.5)
    #expect(abs(tween.from - 0.4) < 1e-12, "0.1 s into 0.25 s from 0 to 1")
  }
}
