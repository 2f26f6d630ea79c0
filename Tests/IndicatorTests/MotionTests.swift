//===----------------------------------------------------------------------===//
// IndicatorTests: the indeterminate loops sampled at their keyframe times
// (spec IA-2, IM-1 to IM-6, VS-9).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Testing
import Timeline

@Suite("Indeterminate motion")
struct MotionTests {
  /// A running loop of the given style and shape, started at time 0.
  func running(
    _ variant: ProgressVariant, style: IndeterminateStyle = .vitamin, reducesMotion: Bool = false
  ) throws
    -> ProgressIndicatorModel
  {
    var model = try makeModel(
      variant, width: 212, height: 200, type: .indeterminate, style: style,
      reducesMotion: reducesMotion)
    model.send(.startIndeterminateAnimation, at: 0)
    return model
  }

  func fractions(_ frame: ProgressFrame) -> [(Double, Double)] {
    frame.segments.map { ($0.start, $0.end) }
  }

  @Test("IM-1 and IA-2: Vitamin linear — head over 1.0 s, tail from 0.25 s, period 1.2 s")
  func vitaminLinear() throws {
    let model = try running(.linear(size: .medium, style: .empty))
    let ease = Easing.easeInOut
    // At keyframe times and in between.
    #expect(model.frame(at: 0).segments.isEmpty, "head and tail both at 0")
    let at025 = model.frame(at: 0.25)
    #expect(at025.segments.count == 1)
    #expect(at025.segments[0].start == 0 && close(at025.segments[0].end, ease.value(at: 0.25)))
    let at06 = model.frame(at: 0.6)
    #expect(close(at06.segments[0].end, ease.value(at: 0.6)))
    #expect(close(at06.segments[0].start, ease.value(at: (0.6 - 0.25) / 0.95)))
    let at1 = model.frame(at: 1.0)
    #expect(at1.segments[0].end == 1)
    #expect(close(at1.segments[0].start, ease.value(at: 0.75 / 0.95)))
    #expect(model.frame(at: 1.198).segments.count == 1)
    // 0.1 ms before the end the tail is 2e-8 behind the head: not drawn, since a stretch
    // is drawn only beyond 1e-6 of the path, where the easing's last bits cannot decide.
    #expect(model.frame(at: 1.1999).segments.isEmpty, "a stretch of 2e-8 is not drawn")
    #expect(model.frame(at: 1.2).segments.isEmpty, "caught up exactly at the period's end")
    // Periodic.
    #expect(
      fractions(model.frame(at: 0.6 + 1.2)).elementsEqual(
        fractions(at06), by: { close($0.0, $1.0) && close($0.1, $1.1) }))
    // Geometry: along the bar, 4 … 208.
    let line = try #require(at06.line())
    #expect(
      close(line.fromX, 4 + at06.segments[0].start * 204)
        && close(line.toX, 4 + at06.segments[0].end * 204))
  }

  @Test(
    "IM-2 and IA-2: Vitamin circular — the chase on 720°, head 1.5 s, tail from 0.375 s, period 1.8 s"
  )
  func vitaminCircular() throws {
    let model = try running(.circular(size: .medium, style: .empty))
    let ease = Easing.easeInOut
    let at09 = model.frame(at: 0.9)
    let arc = try #require(at09.arc())
    #expect(close(at09.segments[0].end, ease.value(at: 0.6)))
    #expect(close(at09.segments[0].start, ease.value(at: (0.9 - 0.375) / 1.425)))
    #expect(
      close(arc.endAngle, at09.segments[0].end * 720)
        && close(arc.startAngle, at09.segments[0].start * 720))
    #expect(arc.rotation == 0)
    #expect(model.frame(at: 1.5).segments[0].end == 1)
    #expect(model.frame(at: 1.8).segments.isEmpty)
    // The longest segment is under one turn.
    let longest =
      stride(from: 0.0, to: 1.8, by: 0.01).map { t in
        model.frame(at: t).arc().map { $0.endAngle - $0.startAngle } ?? 0
      }.max() ?? 0
    #expect(longest > 250 && longest < 360, "\(longest)")
  }

  @Test("IM-3 and IA-2: Material linear — two bars with MDC's begin times, durations and curves")
  func materialLinear() throws {
    let model = try running(.linear(size: .small, style: .empty), style: .material)
    func curve(_ a: Double, _ b: Double, _ c: Double, _ d: Double) throws -> Easing {
      .cubicBezier(try CubicBezier(x1: a, y1: b, x2: c, y2: d))
    }
    let head1 = try curve(0.2, 0, 0.8, 1)
    let tail1 = try curve(0.4, 0, 1, 1)
    let head2 = try curve(0, 0, 0.65, 1)
    let tail2 = try curve(0.1, 0, 0.45, 1)
    // 0.3 s: bar 1 head under way, its tail still at 0; bar 2 not started.
    let early = model.frame(at: 0.3)
    #expect(early.segments.count == 1)
    #expect(
      early.segments[0].start == 0 && close(early.segments[0].end, head1.value(at: 0.3 / 0.75)))
    // 0.9 s: bar 1 head at the end, its tail at (0.9 − 0.333) / 0.85.
    let middle = model.frame(at: 0.9)
    #expect(
      middle.segments[0].end == 1
        && close(middle.segments[0].start, tail1.value(at: (0.9 - 0.333) / 0.85)))
    // 1.4 s: bar 1 gone (its tail arrived at 1.183 s); bar 2 head under way, tail from 1.267 s.
    let late = model.frame(at: 1.4)
    #expect(late.segments.count == 1)
    #expect(close(late.segments[0].end, head2.value(at: 0.4 / 0.567)))
    #expect(close(late.segments[0].start, tail2.value(at: (1.4 - 1.267) / 0.533)))
    // 1.1 s: both bars visible, bar 1 first.
    let both = model.frame(at: 1.1)
    #expect(both.segments.count == 2)
    #expect(
      both.segments[1].start == 0 && close(both.segments[1].end, head2.value(at: 0.1 / 0.567)))
  }

  @Test("IM-4: Material circular — 4/3 s cycle, continuous across cycles, repeating every 5")
  func materialCircular() throws {
    let model = try running(.circular(size: .medium, style: .empty), style: .material)
    let ease = Easing.cubicBezier(try CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
    let minimum = 8 / (2 * Double.pi * 60)
    let period = 4.0 / 3
    let quarter = model.frame(at: period / 4)
    #expect(close(quarter.segments[0].end, 0.75 * ease.value(at: 0.25) + minimum))
    #expect(quarter.segments[0].start == 0)
    #expect(close(quarter.arc()?.rotation, 306 * 0.25))
    let threeQuarters = model.frame(at: period * 0.75)
    #expect(close(threeQuarters.segments[0].start, 0.75 * ease.value(at: 0.5)))
    // Continuity: the drawn angles just before and just after a cycle boundary.
    func drawn(_ time: Double) throws -> (Double, Double) {
      let arc = try #require(model.frame(at: time).arc())
      return (arc.startAngle + arc.rotation, arc.endAngle + arc.rotation)
    }
    for cycle in 1...6 {
      let boundary = Double(cycle) * period
      let before = try drawn(boundary - 1e-7)
      let after = try drawn(boundary + 1e-7)
      // The distance between two angles on the circle.
      func apart(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
      }
      #expect(apart(before.0, after.0) < 0.01, "start at cycle \(cycle)")
      #expect(apart(before.1, after.1) < 0.01, "end at cycle \(cycle)")
    }
    // Five cycles turn by 5 × 576° = 2880° = 8 turns: the same picture.
    let later = try #require(model.frame(at: 0.3 + 5 * period).arc())
    #expect(close(model.frame(at: 0.3).arc()?.rotation, later.rotation, 1e-6))
  }

  @Test("IM-4 RL-2 the loop phase is exact at any representable time: it draws after 1e16 s")
  func hugeLoopTimes() throws {
    for style in IndeterminateMotion.Family.allCases {
      for shape in [ProgressFrame.Shape.linear, .circular] {
        let motion = IndeterminateMotion.motion(style, shape)
        // 2^54 s and beyond: consecutive doubles are 4 s apart or more, and
        // those times still fall all over the period.
        for start in [0x1p54, 0x1p60, 1e20, 1e300] {
          var drawn = 0
          for step in 0..<60 {
            let time = start + Double(step) * start.ulp
            // Material circular's picture repeats every five periods.
            let repeats = style == .material && shape == .circular ? 5 : 1
            let phase = time.truncatingRemainder(dividingBy: Double(repeats) * motion.period)
            let (first, second) = motion.stretches(at: time)
            let (reference, referenceSecond) = motion.stretches(at: phase)
            if first != nil || second != nil { drawn += 1 }
            // The same picture as at the exact phase (Material circular's
            // rotation also counts cycles, modulo 5).
            #expect(first?.start == reference?.start && first?.end == reference?.end)
            #expect(second == referenceSecond)
            if let rotation = first?.rotation {
              #expect(rotation.isFinite && rotation > -360 && rotation < 360)
            }
          }
          #expect(drawn > 30, "\(style) \(shape) from \(start): \(drawn) of 60 frames drawn")
        }
      }
    }
    // Material circular: the rotation after 5k cycles is the rotation of the
    // same phase, exactly enough, far beyond 2^53 cycles too.
    let circular = IndeterminateMotion.motion(.material, .circular)
    let period = circular.period
    for cycles in [5.0, 5e6, 5e12] {
      let time = 0.3 + cycles * period
      let rotation = try #require(circular.stretches(at: time).0?.rotation)
      let expected = try #require(circular.stretches(at: 0.3).0?.rotation)
      // The time itself is only as exact as its ulp: 306° a period of it.
      #expect(abs(rotation - expected) < 1e-6 + 600 * time.ulp, "\(cycles): \(rotation)")
    }
  }

  @Test("IM-5 and VS-9: the loop is suspended while hidden and resumes where it was")
  func suspendWhileHidden() throws {
    var model = try running(.linear(size: .medium, style: .empty))
    let reference = try running(.linear(size: .medium, style: .empty))
    model.send(.setHidden(true, animated: false), at: 0.4)
    #expect(model.frame(at: 1).segments.isEmpty)
    model.send(.setHidden(false, animated: false), at: 10.4)
    // 10 s hidden: at 10.6 the loop is where an unhidden one is at 0.6.
    #expect(
      close(
        model.frame(at: 10.6).segments.first?.end,
        try #require(reference.frame(at: 0.6).segments.first).end))
    // An animated hide suspends when it completes (at 20.25), not when it starts.
    model.send(.setHidden(true, animated: true), at: 20)
    model.send(.tick, at: 21)
    model.send(.setHidden(false, animated: false), at: 30)
    // The loop ran 0.4 s, then from 10.4 to 20.25: 10.25 s of loop time.
    let expected = try #require(reference.frame(at: 10.25).segments.first)
    let resumed = try #require(model.frame(at: 30).segments.first)
    #expect(close(resumed.end, expected.end) && close(resumed.start, expected.start))
    #expect(model.state.mode == .indeterminateRunning(LoopClock(origin: 30 - 10.25)))
  }

  @Test("IM-6: reduced motion shows a static indication and needs no frames")
  func reducedMotion() throws {
    let bar = try running(.linear(size: .medium, style: .empty), reducesMotion: true)
    #expect(!bar.isAnimating)
    for time in [0.0, 0.7, 5] {
      let frame = bar.frame(at: time)
      #expect(frame.segments.count == 1)
      #expect(close(frame.segments[0].start, 1.0 / 3) && close(frame.segments[0].end, 2.0 / 3))
    }
    let ring = try running(.circular(size: .small, style: .empty), reducesMotion: true)
    let arc = try #require(ring.frame(at: 3).arc())
    #expect(arc.startAngle == -45 && arc.endAngle == 45)
    #expect(!ring.isAnimating)
    let moving = try running(.circular(size: .small, style: .empty))
    #expect(moving.isAnimating)
  }
}
