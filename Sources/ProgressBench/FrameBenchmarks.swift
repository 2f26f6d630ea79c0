//===----------------------------------------------------------------------===//
// progress-bench: sampling complete frames of the indicator.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine

func frameBenchmarks() throws -> [Benchmark] {
  func model(_ variant: ProgressVariant, _ style: IndeterminateStyle?) throws
    -> ProgressIndicatorModel
  {
    var model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(
        variant: variant, leftLabelText: "Downloading...", indeterminateStyle: style ?? .vitamin),
      progressType: style == nil ? .determinate : .indeterminate,
      size: FrameSize(width: 320, height: 160))
    if style == nil {
      // A long animation, so every sample is mid-flight.
      model.send(
        .configure(try model.state.configuration.withProgressAnimation(seconds: 1_000)), at: 0)
      model.send(.setProgress(1, animated: true), at: 0)
    } else {
      model.send(.startIndeterminateAnimation, at: 0)
    }
    return model
  }
  // A Material 3 bar animating to 0.6 (its wave at full amplitude, MT-4):
  // flat and wavy, the pair issue 21 compares (a wavy frame at most 2×).
  func material3(_ shape: Material3Style.Shape) throws -> ProgressIndicatorModel {
    var configuration = ProgressConfiguration(
      variant: .linear(size: .medium, style: .labelOnly), leftLabelText: "Downloading...",
      indeterminateStyle: .material, material3: Material3Style(shape: shape))
    configuration = try configuration.withProgressAnimation(seconds: 1_000)
    var model = try ProgressIndicatorModel(
      configuration: configuration, size: FrameSize(width: 320, height: 160))
    model.send(.setProgress(0.6, animated: true), at: 0)
    return model
  }
  let cases: [(String, ProgressIndicatorModel)] = [
    ("frame.linearMaterial3Flat", try material3(.flat)),
    ("frame.linearMaterial3Wavy", try material3(.wavy)),
    ("frame.linearDeterminate", try model(.linear(size: .medium, style: .percentage), nil)),
    ("frame.linearVitamin", try model(.linear(size: .medium, style: .labelOnly), .vitamin)),
    ("frame.linearMaterial", try model(.linear(size: .medium, style: .labelOnly), .material)),
    ("frame.circularVitamin", try model(.circular(size: .medium, style: .empty), .vitamin)),
    ("frame.circularMaterial", try model(.circular(size: .medium, style: .empty), .material)),
  ]
  return cases.map { name, sampled in
    let model = identity(sampled)
    return Benchmark(name: name, unit: "frame") { operations in
      var sum = 0.0
      var time = 0.0
      for _ in 0..<operations {
        let frame = model.frame(at: time)
        sum +=
          frame.presentedProgress + Double(frame.segments.count) + (frame.segments.first?.end ?? 0)
          + (frame.wave?.offset ?? 0)
        time += 1.0 / 120
      }
      blackHole(sum)
    }
  }
}

extension ProgressConfiguration {
  /// This configuration with a linear determinate animation of the given
  /// length.
  fileprivate func withProgressAnimation(seconds: Double) throws -> ProgressConfiguration {
    var copy = self
    copy.progressAnimation = try .init(duration: seconds)
    return copy
  }
}
