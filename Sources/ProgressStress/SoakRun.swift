//===----------------------------------------------------------------------===//
// ProgressStress: the soak run — millions of random events and ticks on
// many indicators, every invariant checked after every step (spec RL-5).
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine

/// A soak run: random events and ticks on many indicator models.
///
/// The invariants of `ProgressIndicatorModel.invariantViolations(at:)` are
/// checked after every step. Replayable: the same seed gives the same run.
///
/// Times mostly advance at 60 frames a second, sometimes jump by up to an
/// hour and sometimes go back; events include NaN and out-of-range values.
///
/// ```swift
/// let report = SoakRun(steps: 1_000_000, indicators: 64, seed: 1).run()
/// report.violations   // 0
/// ```
public struct SoakRun: Sendable {
  /// The number of steps (one event or tick on one indicator each).
  public var steps: Int
  /// The number of indicators.
  public var indicators: Int
  /// The seed.
  public var seed: UInt64

  /// What a run found.
  public struct Report: Hashable, Sendable {
    /// Steps run.
    public var steps: Int
    /// Events the machine rejected (NaN values).
    public var rejected: Int
    /// Steps after which an invariant was broken.
    public var violations: Int
    /// The first broken invariant, described, or `nil`.
    public var firstViolation: String?
  }

  /// Creates a run.
  ///
  /// - Parameters:
  ///   - steps: The number of steps.
  ///   - indicators: The number of indicators, ≥ 1.
  ///   - seed: The seed.
  public init(steps: Int, indicators: Int = 64, seed: UInt64 = 0x5EED) {
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
  public func run(checkpoint: (Int) -> Void = { _ in }) -> Report {
    var random = SplitMix64(state: seed)
    let variants: [ProgressVariant] = [
      .linear(size: .small, style: .percentage), .linear(size: .medium, style: .labelOnly),
      .linear(size: .large, style: .empty), .circular(size: .small, style: .percentage),
      .circular(size: .medium, style: .empty),
    ]
    var models: [ProgressIndicatorModel] = []
    for index in 0..<indicators {
      let configuration = ProgressConfiguration(
        variant: variants[index % variants.count],
        leftLabelText: index % 3 == 0 ? "Soak \(index)" : nil,
        reducesMotion: index % 7 == 0, indeterminateStyle: index % 2 == 0 ? .vitamin : .material,
        layoutDirection: index % 5 == 0 ? .rightToLeft : .leftToRight)
      // The configuration and size are valid by construction.
      guard
        let model = try? ProgressIndicatorModel(
          configuration: configuration, size: Size(width: 320, height: 64))
      else { preconditionFailure("a valid indicator could not be created") }
      models.append(model)
    }
    var report = Report(steps: steps, rejected: 0, violations: 0, firstViolation: nil)
    var time = 0.0
    for step in 0..<steps {
      let index = random.below(indicators)
      let roll = random.below(100)
      if roll < 2 {
        time += random.unit() * 3_600
      } else if roll < 3 {
        time -= random.unit()
      } else {
        time += 1.0 / 60 / Double(indicators)
      }
      let event: ProgressEvent
      switch random.below(12) {
      case 0: event = .setProgress(random.unit() * 1.4 - 0.2, animated: random.below(2) == 0)
      case 1: event = .setProgress(.nan, animated: true)
      case 2: event = .setProgressType(random.below(2) == 0 ? .determinate : .indeterminate)
      case 3: event = .startIndeterminateAnimation
      case 4: event = .stopIndeterminateAnimation
      case 5: event = .setHidden(random.below(2) == 0, animated: random.below(2) == 0)
      default: event = .tick
      }
      let transition = models[index].send(event, at: time)
      if case .rejected = transition.outcome { report.rejected += 1 }
      let broken = models[index].invariantViolations(at: max(time, models[index].state.time))
      if !broken.isEmpty {
        if report.violations == 0 {
          report.firstViolation =
            "step \(step), \(event) at \(time): \(broken.joined(separator: "; "))"
        }
        report.violations += 1
      }
      if step % 500_000 == 499_999 { checkpoint(step + 1) }
    }
    return report
  }
}

/// SplitMix64: a small, fast, replayable generator.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
