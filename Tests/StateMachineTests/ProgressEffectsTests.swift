//===----------------------------------------------------------------------===//
// StateMachineTests: a transition's effects, inline up to four (issue 22).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("The effects of a transition")
struct ProgressEffectsTests {
  /// Nine distinct effects, to build collections of every size from.
  static let sample: [ProgressEffect] = [
    .cancelProgressAnimation, .complete(CompletionID(0), finished: false),
    .setPresentedProgress(0.7), .complete(CompletionID(1), finished: true),
    .startIndeterminateAnimation(at: 1), .suspendIndeterminateAnimation(at: 2),
    .setVisibility(0), .announce(.percent(70)), .stopIndeterminateAnimation,
  ]

  @Test("the first four effects are inline, the rest spill; order, equality and hashing hold")
  func inlineThenSpilled() {
    for count in 0...Self.sample.count {
      let list = Array(Self.sample.prefix(count))
      var effects = ProgressEffects()
      for effect in list { effects.append(effect) }
      #expect(effects.hasSpilled == (count > ProgressEffects.inlineCapacity), "\(count) effects")
      #expect(Array(effects) == list, "\(count) effects")
      #expect(effects.count == count && effects.isEmpty == (count == 0))
      for index in list.indices { #expect(effects[index] == list[index]) }
      #expect(effects.description == list.description)
      var again = ProgressEffects()
      again.append(contentsOf: list)
      #expect(effects == again && effects.hashValue == again.hashValue)
      if count > 0 {
        var other = again
        other.append(.cancelVisibilityAnimation)
        #expect(effects != other, "a longer collection differs")
        var changed = ProgressEffects()
        changed.append(contentsOf: list.dropLast())
        changed.append(.cancelVisibilityAnimation)
        #expect(changed != effects, "the same count, the last effect differs")
      }
    }
    let ordered: ProgressEffects = [.cancelProgressAnimation, .stopIndeterminateAnimation]
    #expect(ordered != [.stopIndeterminateAnimation, .cancelProgressAnimation])
  }

  @Test("the benchmark's event mix and every transition of the table keep their effects inline")
  func commonEventsDoNotSpill() throws {
    let mix: [ProgressEvent] = [
      .setProgress(0.2, animated: true), .tick, .tick, .tick, .setProgress(0.45, animated: true),
      .tick, .tick, .setProgress(0.7, animated: false), .tick, .setHidden(true, animated: true),
      .tick, .setHidden(false, animated: true), .tick, .setProgressType(.indeterminate),
      .startIndeterminateAnimation, .tick, .tick, .stopIndeterminateAnimation,
      .setProgressType(.determinate), .setProgress(1, animated: true), .tick,
    ]
    var machine = try makeMachine()
    var time = 0.0
    var most = 0
    for index in 0..<(mix.count * 3) {
      time += 1.0 / 60
      let transition = machine.send(mix[index % mix.count], at: time)
      #expect(!transition.effects.hasSpilled, "\(transition.event): \(transition.effects)")
      most = max(most, transition.effects.count)
    }
    #expect(most == ProgressEffects.inlineCapacity, "the mix's largest transition fills the slots")
  }

  @Test("an event with more than four effects keeps them all, in order")
  func fiveEffects() throws {
    var machine = try makeMachine()
    machine.send(.setHidden(true, animated: true), at: 0)  // #0, done at 0.25
    machine.send(.setProgress(0.9, animated: true), at: 0.2)  // #1, running until 0.45
    let transition = machine.send(.setProgress(0.1, animated: false), at: 0.3)  // #2
    #expect(transition.effects.hasSpilled)
    #expect(
      transition.effects == [
        .complete(CompletionID(0), finished: true), .cancelProgressAnimation,
        .complete(CompletionID(1), finished: false), .setPresentedProgress(0.1),
        .complete(CompletionID(2), finished: true),
      ])
  }
}
