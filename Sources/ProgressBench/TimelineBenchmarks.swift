//===----------------------------------------------------------------------===//
// progress-bench: benchmarks of the Timeline module.
//===----------------------------------------------------------------------===//

import CubicBezierReference
import Timeline

/// The curves of the cubic-bezier benchmark: the CSS keywords, Material's
/// standard curve, a steep one and an overshooting one.
let benchmarkCurves: [(name: String, points: (Double, Double, Double, Double))] = [
  ("ease", (0.25, 0.1, 0.25, 1)),
  ("ease-in-out", (0.42, 0, 0.58, 1)),
  ("standard", (0.4, 0, 0.2, 1)),
  ("steep", (0.05, 0.9, 0.1, 1)),
  ("overshoot", (0.3, -0.5, 0.7, 1.5)),
]

/// 1,024 evenly spaced inputs in (0, 1), opaque to the optimiser.
let benchmarkInputs: [Double] = identity((0..<1024).map { (Double($0) + 0.5) / 1024 })

/// The largest error of each solver over the benchmark inputs, against a
/// bisection to the last bit.
func solverErrors() -> (ours: Double, reference: Double) {
  var ours = 0.0
  var reference = 0.0
  for (_, p) in benchmarkCurves {
    guard let curve = try? CubicBezier(x1: p.0, y1: p.1, x2: p.2, y2: p.3) else { continue }
    var c = reference_bezier()
    reference_bezier_init(&c, p.0, p.1, p.2, p.3)
    for x in benchmarkInputs {
      let exact = exactBezier(p, at: x)
      ours = max(ours, abs(curve.value(at: x) - exact))
      reference = max(reference, abs(reference_bezier_solve(&c, x, 1e-7) - exact))
    }
  }
  return (ours, reference)
}

func exactBezier(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
  func bernstein(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
  }
  var low = 0.0
  var high = 1.0
  while true {
    let middle = 0.5 * (low + high)
    if middle == low || middle == high { break }
    if bernstein(p.0, p.2, middle) < x { low = middle } else { high = middle }
  }
  return bernstein(p.1, p.3, 0.5 * (low + high))
}

func timelineBenchmarks() throws -> [Benchmark] {
  var list: [Benchmark] = []
  let curves = try benchmarkCurves.map {
    try CubicBezier(x1: $0.points.0, y1: $0.points.1, x2: $0.points.2, y2: $0.points.3)
  }
  let references: [reference_bezier] = benchmarkCurves.map { entry in
    var c = reference_bezier()
    reference_bezier_init(&c, entry.points.0, entry.points.1, entry.points.2, entry.points.3)
    return c
  }
  let inputs = benchmarkInputs

  // Each run walks the 1,024 inputs on one curve at a time, cycling through
  // the curves, so the loop itself costs an increment and a load.
  list.append(
    Benchmark(name: "easing.cubicBezier.ours", unit: "evaluation") { operations in
      var sum = 0.0
      for round in 0..<max(operations / 1024, 1) {
        let curve = curves[round % curves.count]
        for x in inputs { sum += curve.value(at: x) }
      }
      blackHole(sum)
    })
  list.append(
    Benchmark(name: "easing.cubicBezier.reference", unit: "evaluation") { operations in
      var sum = 0.0
      for round in 0..<max(operations / 1024, 1) {
        var curve = references[round % references.count]
        for x in inputs { sum += reference_bezier_solve(&curve, x, 1e-7) }
      }
      blackHole(sum)
    })

  let steps = identity(Easing.steps(try StepEasing(count: 5, position: .jumpBoth)))
  let piecewise = identity(try Easing(cssText: "linear(0, 0.3 20%, 1.1 60%, 0.95 80%, 1)"))
  let spring = identity(Easing.spring(try Spring(duration: 0.5, bounce: 0.3)))
  for (name, easing) in [("steps", steps), ("linearFunction", piecewise), ("spring", spring)] {
    list.append(
      Benchmark(name: "easing.\(name)", unit: "evaluation") { operations in
        var sum = 0.0
        var index = 0
        for _ in 0..<operations {
          sum += easing.value(at: inputs[index])
          index = (index + 1) & 1023
        }
        blackHole(sum)
      })
  }

  do {
    let sampled = identity(
      try Tween(
        from: 0.2, to: 0.8, start: 0, timing: AnimationTiming(duration: 1, easing: .easeInOut)))
    list.append(
      Benchmark(name: "tween.value", unit: "sample") { operations in
        var sum = 0.0
        var index = 0
        for _ in 0..<operations {
          sum += sampled.value(at: inputs[index])
          index = (index + 1) & 1023
        }
        blackHole(sum)
      })
  }

  for count in [4, 64] {
    let keyframes = (0...count).map {
      Keyframe(Double($0 % 3), offset: Double($0) / Double(count), easing: .easeInOut)
    }
    let track = try KeyframeTrack(keyframes)
    list.append(
      Benchmark(name: "keyframes.\(count).sampleInOrder", unit: "sample") { operations in
        var cursorTrack = identity(track)
        var sum = 0.0
        var index = 0
        for _ in 0..<operations {
          sum += cursorTrack.sample(at: inputs[index])
          index = (index + 1) & 1023
        }
        blackHole(sum)
      })
  }

  do {
    let timeline = try makeLoopTimeline()
    list.append(
      Benchmark(name: "timeline.sample.2tracks", unit: "sample") { operations in
        var running = identity(timeline)
        var values: [Double?] = []
        var time = 0.0
        for _ in 0..<operations {
          running.sample(at: time, into: &values)
          time += 1.0 / 120
        }
        blackHole(values)
      })
  }

  list.append(
    Benchmark(name: "harness.allocatingControl", unit: "operation") { operations in
      for operation in 0..<operations {
        blackHole([operation, operation])
      }
    })
  return list
}

/// The vitamin linear loop: head and tail, 1.2 s period, tail 0.25 s late.
func makeLoopTimeline() throws -> KeyframeTimeline<Double> {
  let head = try EffectTiming(fill: .both, iterations: .infinity, duration: 1.2)
  let tail = try EffectTiming(delay: 0.25, fill: .both, iterations: .infinity, duration: 1.2)
  let sweep = try KeyframeTrack([
    Keyframe(0.0, easing: .easeInOut), Keyframe(1.0, offset: 1.0 / 1.2), Keyframe(1.0),
  ])
  return try KeyframeTimeline(tracks: [
    .init(name: "head", timing: head, keyframes: sweep),
    .init(name: "tail", timing: tail, keyframes: sweep),
  ])
}
