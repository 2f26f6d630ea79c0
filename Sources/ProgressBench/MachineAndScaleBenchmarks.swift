//===----------------------------------------------------------------------===//
// progress-bench: state-machine events, and many indicators at once.
//===----------------------------------------------------------------------===//

import ProgressDriver
import ProgressIndicatorKit
import ProgressStateMachine
import Timeline

/// One state-machine event from a realistic mix: mostly ticks at 60 Hz and
/// progress updates, with the occasional type switch, loop start and stop,
/// show and hide.
func machineBenchmarks() throws -> [Benchmark] {
  let mix: [ProgressEvent] = [
    .setProgress(0.2, animated: true), .tick, .tick, .tick, .setProgress(0.45, animated: true),
    .tick, .tick,
    .setProgress(0.7, animated: false), .tick, .setHidden(true, animated: true), .tick,
    .setHidden(false, animated: true),
    .tick, .setProgressType(.indeterminate), .startIndeterminateAnimation, .tick, .tick,
    .stopIndeterminateAnimation, .setProgressType(.determinate), .setProgress(1, animated: true),
    .tick,
  ]
  let start = identity(
    try ProgressMachine(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage))))
  return [
    Benchmark(name: "machine.event", unit: "event") { operations in
      var machine = start
      var time = 0.0
      var effects = 0
      for operation in 0..<operations {
        time += 1.0 / 60
        effects &+= machine.send(mix[operation % mix.count], at: time).effects.count
      }
      blackHole(effects)
    }
  ]
}

/// A sink that only counts the frames it receives.
final class CountingSink: FrameSink {
  var frames = 0
  func consume(_ frame: ProgressFrame) { frames &+= 1 }
}

/// Advancing N indicators by one frame at 60 Hz: animating ones (a running
/// Vitamin loop, so every frame changes) and idle ones (nothing moves, no
/// frame is produced).
func scaleBenchmarks() throws -> [Benchmark] {
  var list: [Benchmark] = []
  for count in [1, 100, 10_000] {
    for animating in [true, false] {
      var indicators: [ProgressIndicator] = []
      let counter = CountingSink()
      for _ in 0..<count {
        let indicator = try ProgressIndicator(
          configuration: ProgressConfiguration(variant: .linear(size: .small, style: .empty)),
          progressType: animating ? .indeterminate : .determinate, progress: 0.5,
          size: FrameSize(width: 200, height: 20))
        indicator.addSink(counter)
        if animating { indicator.startIndeterminateAnimation() }
        indicator.advance(to: 0)
        indicator.advance(to: 100)  // past any announcement
        indicators.append(indicator)
      }
      let all = identity(indicators)
      var time = 100.0
      list.append(
        Benchmark(
          name: "scale.\(animating ? "animating" : "idle").\(count)", unit: "indicator tick",
          body: { operations in
            // As a driver does: advance every indicator; the frames go to the
            // sinks (counted), the returned frame is not looked at. Whole
            // passes: exactly the ticks asked for (`batch`).
            precondition(operations % all.count == 0, "a whole number of passes")
            var done = 0
            while done < operations {
              time += 1.0 / 60
              for indicator in all { indicator.update(to: time) }
              done += all.count
            }
            blackHole(counter.frames)
          }, batch: count))
    }
  }
  return list
}

/// Advancing N indicators held in an `IndicatorFleet` (the core of
/// `IndicatorDriver`), whose wake-up times sit in one flat array: idle
/// indicators cost a comparison each; animating ones a tick and a frame.
func fleetBenchmarks() throws -> [Benchmark] {
  var list: [Benchmark] = []
  for count in [1, 100, 10_000] {
    for animating in [true, false] {
      var fleet = IndicatorFleet()
      for _ in 0..<count {
        var model = try ProgressIndicatorModel(
          configuration: ProgressConfiguration(variant: .linear(size: .small, style: .empty)),
          progressType: animating ? .indeterminate : .determinate, progress: 0.5,
          size: FrameSize(width: 200, height: 20))
        if animating { model.send(.startIndeterminateAnimation, at: 0) }
        _ = fleet.add(model)
      }
      fleet.advance(to: 0) { _, _ in }
      fleet.advance(to: 100) { _, _ in }  // past any announcement
      var time = 100.0
      list.append(
        Benchmark(
          name: "fleet.\(animating ? "animating" : "idle").\(count)", unit: "indicator tick",
          body: { operations in
            // Whole passes: exactly the ticks asked for (`batch`).
            precondition(operations % count == 0, "a whole number of passes")
            var done = 0
            var frames = 0.0
            while done < operations {
              time += 1.0 / 60
              fleet.advance(to: time) { _, frame in frames += frame.presentedProgress }
              done += count
            }
            blackHole(frames)
          }, batch: count))
    }
  }
  // 100 idle indicators left after 1,000,000 others were added and removed:
  // a tick walks only the live ones (RL-10). The churn is part of the setup.
  var churned = IndicatorFleet()
  let model = try ProgressIndicatorModel(size: FrameSize(width: 200, height: 20))
  for _ in 0..<100 { _ = churned.add(model) }
  for _ in 0..<1_000_000 { churned.remove(churned.add(model)) }
  churned.advance(to: 0) { _, _ in }
  churned.advance(to: 100) { _, _ in }
  var churnTime = 100.0
  list.append(
    Benchmark(name: "fleet.idleAfterChurn.100", unit: "fleet tick") { operations in
      var frames = 0
      for _ in 0..<operations {
        churnTime += 1.0 / 60
        frames &+= churned.advance(to: churnTime) { _, _ in }
      }
      blackHole(frames)
    })
  return list
}

/// The position in a loop of `period` seconds at `time`, in [0, 1).
@Sendable func phase(_ time: Double, _ period: Double) -> Double {
  let cycles = time / period
  return cycles - cycles.rounded(.down)
}

/// The easing evaluations a frame cannot avoid, at the inputs a frame uses:
/// the yardstick of the frame-overhead ratio.
func easingBudgetBenchmarks() throws -> [Benchmark] {
  let easeInOut = Easing.easeInOut
  let material = try [(0.2, 0, 0.8, 1), (0.4, 0, 1, 1), (0, 0, 0.65, 1), (0.1, 0, 0.45, 1)].map {
    Easing.cubicBezier(try CubicBezier(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3))
  }
  let standard = Easing.cubicBezier(try CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
  let determinate = try Tween(from: 0, to: 1, start: 0, timing: AnimationTiming(duration: 1_000))
  func budget(_ name: String, _ body: @escaping @Sendable (Double) -> Double) -> Benchmark {
    Benchmark(name: "budget.\(name)", unit: "frame's easings") { operations in
      var sum = 0.0
      var time = 0.0
      for _ in 0..<operations {
        sum += body(time)
        time += 1.0 / 120
      }
      blackHole(sum)
    }
  }
  return [
    // A determinate frame: one tween sample.
    budget("linearDeterminate") { determinate.value(at: $0) },
    // Vitamin: head and tail, one ease-in-out each.
    budget("linearVitamin") {
      easeInOut.value(at: phase($0, 1.2)) + easeInOut.value(at: phase($0 + 0.3, 1.2))
    },
    budget("circularVitamin") {
      easeInOut.value(at: phase($0, 1.8)) + easeInOut.value(at: phase($0 + 0.4, 1.8))
    },
    // Material linear: four curves, one per bar end.
    budget("linearMaterial") { time in
      let f = phase(time, 1.8)
      return material[0].value(at: f) + material[1].value(at: f) + material[2].value(at: f)
        + material[3].value(at: f)
    },
    // Material circular: head and tail on one curve.
    budget("circularMaterial") { time in
      let f = phase(time, 4.0 / 3)
      return standard.value(at: f) + standard.value(at: f * 0.5)
    },
  ]
}
