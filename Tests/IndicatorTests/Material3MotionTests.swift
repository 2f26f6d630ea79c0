//===----------------------------------------------------------------------===//
// IndicatorTests: Material 3's own indeterminate loops, flat and wavy (spec
// MT-23 to MT-25).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Testing
import Timeline

@Suite("Material 3 indeterminate loops")
struct Material3MotionTests {
  /// A running Material 3 loop, started at time 0: a 4 pt bar whose path is
  /// 240 pt long, or a small ring.
  private func running(
    _ shape: Material3Style.Shape, circular: Bool = false,
    style: IndeterminateStyle = .material
  ) throws -> ProgressIndicatorModel {
    var configuration = ProgressConfiguration(
      variant: circular
        ? .circular(size: .small, style: .empty) : .linear(size: .small, style: .empty),
      indeterminateStyle: style)
    configuration.material3 = Material3Style(shape: shape)
    var model = try ProgressIndicatorModel(
      configuration: configuration, progressType: .indeterminate,
      size: FrameSize(width: 244, height: 200), at: 0)
    model.send(.startIndeterminateAnimation, at: 0)
    return model
  }

  /// Compose's emphasized-accelerate easing, cubic-bezier(0.3, 0, 0.8, 0.15).
  private let accelerate: Easing
  /// Compose's standard easing, cubic-bezier(0.2, 0, 0, 1).
  private let standard: Easing

  init() throws {
    accelerate = .cubicBezier(try CubicBezier(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15))
    standard = .cubicBezier(try CubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1))
  }

  /// One end of a line: 0 before `delay`, eased over `duration`, then 1;
  /// the time within the 1.75 s period.
  private func end(_ time: Double, delay: Double, duration: Double) -> Double {
    let t = time.truncatingRemainder(dividingBy: 1.75)
    return accelerate.value(at: min(max((t - delay) / duration, 0), 1))
  }

  @Test(
    "MT-23 Material 3 linear: Compose's two lines over 1.75 s, each end eased 0 → 1 (emphasized accelerate), whatever indeterminateStyle says",
    arguments: [0.1, 0.5, 0.8, 1.0, 1.2, 1.49, 1.6, 1.74, 2.3, 3.4])
  func linearLoop(time: Double) throws {
    for style in IndeterminateStyle.allCases {
      let frame = try running(.flat, style: style).frame(at: time)
      var expected: [(Double, Double)] = []
      let first = (end(time, delay: 0.25, duration: 1), end(time, delay: 0, duration: 1))
      let second = (end(time, delay: 0.9, duration: 0.85), end(time, delay: 0.65, duration: 0.85))
      if first.1 > first.0 { expected.append(first) }
      if second.1 > second.0 { expected.append(second) }
      #expect(frame.segments.count == expected.count, "\(style) at \(time)")
      for (segment, (start, end)) in zip(frame.segments, expected) {
        #expect(close(segment.start, start) && close(segment.end, end), "\(style) at \(time)")
        let line = try #require(frame.line(frame.segments.firstIndex(of: segment) ?? 0))
        #expect(close(line.fromX, 2 + 240 * start) && close(line.toX, 2 + 240 * end))
      }
    }
  }

  @Test("MT-23 Material 3 linear: the period is 1.75 s, both lines gone at its end")
  func linearPeriod() throws {
    let model = try running(.flat)
    #expect(model.frame(at: 0).segments.isEmpty)
    #expect(model.frame(at: 1.75).segments.isEmpty)
    #expect(model.frame(at: 1.7499).segments.count == 1, "line 2's tail still arriving")
    let at = model.frame(at: 0.6)
    #expect(model.frame(at: 0.6 + 1.75).segments.count == at.segments.count)
    #expect(close(model.frame(at: 0.6 + 3.5).segments.first?.end, at.segments[0].end))
  }

  /// The arc's end: 0.1 → 0.87 linearly over 3 s, back with the standard
  /// easing over the next 3 s.
  private func sweep(_ time: Double) -> Double {
    let t = time.truncatingRemainder(dividingBy: 6)
    return t < 3 ? 0.1 + 0.77 * t / 3 : 0.87 - 0.77 * standard.value(at: (t - 3) / 3)
  }

  /// The turn: 1,080° evenly over 6 s plus a 90° step over 0.3 s at 0, 1.5,
  /// 3 and 4.5 s, modulo 360°.
  private func turn(_ time: Double) -> Double {
    let t = time.truncatingRemainder(dividingBy: 6)
    var degrees = 180 * t
    for start in [0, 1.5, 3, 4.5] { degrees += 90 * min(max((t - start) / 0.3, 0), 1) }
    return degrees.truncatingRemainder(dividingBy: 360)
  }

  @Test(
    "MT-24 Material 3 circular: an arc from its turned start to an end growing 0.1 → 0.87 and back over 6 s, turned 1,080° plus four 90° steps",
    arguments: [IndeterminateStyle.vitamin, .material])
  func circularLoop(style: IndeterminateStyle) throws {
    let model = try running(.flat, circular: true, style: style)
    for step in 0...130 {
      let time = Double(step) * 0.1
      let frame = model.frame(at: time)
      #expect(frame.segments.count == 1)
      let arc = try #require(frame.arc())
      #expect(arc.startAngle == 0, "at \(time)")
      #expect(close(arc.endAngle, 360 * sweep(time), 1e-9), "at \(time): \(arc.endAngle)")
      #expect(close(arc.rotation, turn(time), 1e-9), "at \(time): \(arc.rotation)")
    }
    // Four whole turns a period: the picture repeats every 6 s.
    let later = try #require(model.frame(at: 0.2 + 6e6).arc())
    #expect(close(later.rotation, turn(0.2), 1e-6) && close(later.endAngle, 360 * sweep(0.2), 1e-6))
  }

  @Test(
    "MT-25 a wavy Material 3 loop is the flat one with the wave on its segments: 20 pt waves on a bar, the fitted wavelength on a ring",
    arguments: [false, true])
  func wavyLoop(circular: Bool) throws {
    let flat = try running(.flat, circular: circular)
    let wavy = try running(.wavy, circular: circular)
    for time in [0.3, 0.9, 1.3, 2.2, 4.7] {
      let plain = flat.frame(at: time)
      let waved = wavy.frame(at: time)
      #expect(plain.segments == waved.segments, "at \(time)")
      #expect(plain.wave == nil)
      let wave = try #require(waved.wave)
      #expect(wave.amplitude == (circular ? 1.6 : 3))
      if !circular { #expect(wave.wavelength == 20) }
    }
  }
}
