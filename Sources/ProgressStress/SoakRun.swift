//===----------------------------------------------------------------------===//
// ProgressStress: the soak run — millions of random events and ticks on
// many indicators, every invariant checked after every step (spec RL-5).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTestingCore

/// A soak run: random events and ticks on many indicator models.
///
/// The events come from the testing kit's event generator and every
/// invariant of `ProgressInvariant.standard` is checked after every step,
/// as the kit's property tests and the event fuzzer do. Replayable: the same
/// seed gives the same run.
///
/// Times mostly advance at 60 frames a second, sometimes jump by up to an
/// hour and sometimes go back; events include NaN and out-of-range values.
///
/// ```swift
/// let report = SoakRun(steps: 1_000_000, indicators: 64, seed: 1).run()
/// report.violations   // 0
/// ```
package struct SoakRun: Sendable {
  /// The number of steps (one event or tick on one indicator each).
  package var steps: Int
  /// The number of indicators.
  package var indicators: Int
  /// The seed.
  package var seed: UInt64

  /// What a run found.
  package struct Report: Hashable, Sendable {
    /// Steps run.
    package var steps: Int
    /// Events the machine rejected (NaN values).
    package var rejected: Int
    /// Steps after which an invariant was broken.
    package var violations: Int
    /// The first broken invariant, described, or `nil`.
    package var firstViolation: String?
  }

  /// Creates a run.
  ///
  /// - Parameters:
  ///   - steps: The number of steps.
  ///   - indicators: The number of indicators, ≥ 1.
  ///   - seed: The seed.
  package init(steps: Int, indicators: Int = 64, seed: UInt64 = 0x5EED) {
    self.steps = max(0, steps)
    self.indicators = max(1, indicators)
    self.seed = seed
  }

  /// Runs the soak.
  ///
  /// - Parameter checkpoint: Called every 500,000 steps with the number of
  ///   steps done (to sample memory, say).
  /// - Returns: The report.
  /// - Complexity: O(steps).
  package func run(checkpoint: (Int) -> Void = { _ in }) -> Report {
    var random = ReplayableRandom(seed: seed)
    let configurations = Generator<ProgressConfiguration>.configuration(linearOnly: false)
    var models: [ProgressIndicatorModel] = []
    var observations: [ProgressObservation?] = []
    for _ in 0..<indicators {
      var configuration = configurations.generate(using: &random)
      configuration.layoutDirection = random.below(5) == 0 ? .rightToLeft : .leftToRight
      // Generated configurations and this size are valid by construction.
      guard
        let model = try? ProgressIndicatorModel(
          configuration: configuration, size: FrameSize(width: 320, height: 64))
      else { preconditionFailure("a valid indicator could not be created") }
      models.append(model)
      observations.append(nil)
    }
    var report = Report(steps: steps, rejected: 0, violations: 0, firstViolation: nil)
    var time = 0.0
    for step in 0..<steps {
      let index = random.below(indicators)
      let roll = random.below(100)
      if roll < 2 {
        time += random.unitDouble() * 3_600
      } else if roll < 3 {
        time -= random.unitDouble()
      } else {
        time += 1.0 / 60 / Double(indicators)
      }
      let broken = Self.step(
        &models[index], observation: &observations[index], at: time,
        configurations: configurations, random: &random, report: &report)
      if let broken, report.violations == 0 {
        report.firstViolation = "step \(step), \(broken)"
      }
      if broken != nil { report.violations += 1 }
      if step % 500_000 == 499_999 { checkpoint(step + 1) }
    }
    return report
  }

  /// One step on one indicator, in place in the arrays.
  ///
  /// An event drawn for its state and sent, then the standard invariants
  /// checked against its last observation, which the step's replaces.
  /// Answers the event, its time and the broken rules, when a rule broke.
  private static func step(
    _ model: inout ProgressIndicatorModel, observation: inout ProgressObservation?,
    at time: Double, configurations: Generator<ProgressConfiguration>,
    random: inout ReplayableRandom, report: inout Report
  ) -> String? {
    let event = Generator<ProgressEvent>.event(
      determinate: model.state.progressType != .indeterminate,
      running: model.state.isIndeterminateAnimating, hidden: model.state.isHidden,
      configurations: configurations, using: &random)
    let transition = model.send(event, at: time)
    if case .rejected = transition.outcome { report.rejected += 1 }
    // The model borrowed and the last observation moved, not copied.
    let context = InvariantContext(
      model: model, transition: transition, before: observation.take())
    let broken = ProgressInvariant.standard.violations(context)
    observation = context.after
    return broken.isEmpty ? nil : "\(event) at \(time): \(broken.joined(separator: "; "))"
  }
}
