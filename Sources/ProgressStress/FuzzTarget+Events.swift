//===----------------------------------------------------------------------===//
// ProgressStress: random event sequences on an indicator, checked against the
// invariants after every step. The bytes choose the configuration, then
// (event, time step) pairs; times may jump, repeat or go backwards.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTestingCore
import Timeline

extension FuzzTarget {
  /// Random event sequences on an indicator, every invariant of
  /// `ProgressInvariant.standard` checked after every step, and a rejected
  /// event must leave the state as it was.
  ///
  /// The bytes drive the testing kit's own generators (the configuration,
  /// then the events, each aware of the state), through
  /// `ReplayableRandom(bytes:)`, with time steps that may jump, repeat or go
  /// backwards and resizes between events; the input ends the run when it is
  /// used up.
  ///
  /// - Parameter bytes: The input.
  public static func events(_ bytes: UnsafeRawBufferPointer) {
    var random = ReplayableRandom(bytes: bytes)
    let configurations = Generator<ProgressConfiguration>.configuration(linearOnly: false)
    var configuration = configurations.generate(using: &random)
    configuration.layoutDirection = random.below(2) == 0 ? .leftToRight : .rightToLeft
    guard
      var model = try? ProgressIndicatorModel(
        configuration: configuration,
        progressType: random.below(2) == 0 ? .determinate : .indeterminate,
        isHidden: random.below(4) == 0,
        size: FrameSize(width: random.unitDouble() * 400, height: random.unitDouble() * 200))
    else { return }
    var time = 0.0
    var observation: ProgressObservation?
    // At most 10,000 steps an input: a long input costs linear time.
    for _ in 0..<10_000 where !random.isExhausted {
      // Mostly small steps; sometimes a day-long jump or a step back.
      switch random.below(10) {
      case 0: time += random.unitDouble() * 86_400
      case 1: time -= random.unitDouble() * 0.1
      default: time += random.unitDouble() * 0.3
      }
      if random.below(12) == 0 {
        _ = try? model.resize(
          to: FrameSize(width: random.unitDouble() * 500 - 50, height: random.unitDouble() * 100))
      }
      let event = Generator<ProgressEvent>.event(after: model.state, configurations: configurations)
        .generate(using: &random)
      let before = model.state
      let transition = model.send(event, at: time)
      if case .rejected = transition.outcome, model.state != before {
        fatalError("a rejected event changed the state: \(event)")
      }
      let context = InvariantContext(model: model, transition: transition, before: observation)
      observation = context.after
      let broken = ProgressInvariant.standard.violations(context)
      if !broken.isEmpty { fatalError("after \(event) at \(time): \(broken)") }
    }
  }
}
