//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the indeterminate loops as timeline data (spec IM).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Timeline

/// The indeterminate loops, built from `Timeline` keyframe tracks.
///
/// Every loop is a set of named tracks giving path fractions (and, for
/// Material 3 circular, a rotation in degrees) over one period;
/// ``stretches(at:minimumStroke:)`` samples them at a loop time (seconds since
/// the loop started, not counting time spent hidden).
package struct IndeterminateMotion: Sendable {
  /// The family whose loop this is: Vitamin, Material 2 (MDC) or Material 3.
  package enum Family: Int, Hashable, Sendable, CaseIterable {
    /// Vitamin's chase (IM-1, IM-2).
    case vitamin
    /// Material 2: MDCProgressView and MDCActivityIndicator (IM-3, IM-4).
    case material
    /// Material 3: Compose's two lines and its growing, turning arc
    /// (MT-23, MT-24).
    case material3

    /// The family a configuration's loop comes from: Material 3 whenever
    /// `material3` is set, flat or wavy (MT-23), otherwise the one
    /// `indeterminateStyle` picks.
    package init(_ configuration: ProgressConfiguration) {
      self =
        configuration.material3 != nil
        ? .material3 : configuration.indeterminateStyle == .material ? .material : .vitamin
    }
  }

  /// Which loop this is.
  package let family: Family
  /// The shape it runs on.
  package let shape: ProgressFrame.Shape
  /// The period in seconds.
  package let period: Double
  /// The length of the path the fractions are measured on, in degrees
  /// (circular only): 720 for Vitamin's two turns, 360 for Material.
  package let pathDegrees: Double
  /// The named tracks: `head`/`tail` (Vitamin and Material circular),
  /// `bar1Head`, `bar1Tail`, `bar2Head`, `bar2Tail` (Material and Material 3
  /// linear), or `head` and `rotation` (Material 3 circular).
  package let timeline: KeyframeTimeline<Double>

  /// One visible stretch of the loop at a time: fractions of the path and a
  /// rotation in degrees.
  package struct Stretch: Hashable, Sendable {
    /// The start fraction (the tail).
    package var start: Double
    /// The end fraction (the head).
    package var end: Double
    /// The rotation of the whole stroke, in degrees (Material circular).
    package var rotation: Double
  }

  /// The loop for a family and shape (IM-1 to IM-4, MT-23, MT-24).
  ///
  /// - Parameters:
  ///   - family: Vitamin, Material or Material 3.
  ///   - shape: Linear or circular.
  /// - Returns: The loop.
  package static func motion(_ family: Family, _ shape: ProgressFrame.Shape)
    -> IndeterminateMotion
  {
    loops[2 * family.rawValue + (shape == .circular ? 1 : 0)]
  }

  /// The loop a configuration draws on a shape (MT-23).
  ///
  /// - Parameters:
  ///   - configuration: The indicator's configuration.
  ///   - shape: Linear or circular.
  /// - Returns: The loop.
  package static func motion(for configuration: ProgressConfiguration, _ shape: ProgressFrame.Shape)
    -> IndeterminateMotion
  {
    motion(Family(configuration), shape)
  }

  /// Returns the visible stretches at a loop time, in drawing order; at most
  /// two, and none where head and tail meet.
  ///
  /// - Parameters:
  ///   - loopTime: Seconds since the loop started, excluding time hidden.
  ///   - minimumStroke: For Material circular, the fraction of the circle
  ///     the stroke never drops below (line width / circumference).
  /// - Returns: The stretches and the number of them.
  /// - Complexity: O(tracks · log keyframes); no allocation.
  @_optimize(speed)
  package func stretches(at loopTime: Double, minimumStroke: Double = 0) -> (Stretch?, Stretch?) {
    let time = max(loopTime, 0)
    // The loop repeats every period: the time within it is the time modulo
    // the period, which `truncatingRemainder` computes exactly for any
    // representable time (dividing first, time / period, loses it once the
    // time passes 2^53 periods: at 1e16 s nothing was drawn). Material
    // circular also turns by cycle, and its picture repeats every five
    // cycles: its time is taken modulo five periods first.
    let cycleOfFive: Double
    let withinPeriod: Double
    if family == .material && shape == .circular {
      let cycles = Self.turningCycles
      let withinFive = time.truncatingRemainder(dividingBy: cycles * period)
      cycleOfFive = min((withinFive / period).rounded(.down), cycles - 1)
      withinPeriod = max(withinFive - cycleOfFive * period, 0)
    } else {
      cycleOfFive = 0
      withinPeriod = time.truncatingRemainder(dividingBy: period)
    }
    func value(_ track: Int) -> Double { timeline.value(ofTrack: track, at: withinPeriod) ?? 0 }
    switch (family, shape) {
    case (.material, .linear), (.material3, .linear):
      let first = Stretch(start: value(1), end: value(0), rotation: 0)
      let second = Stretch(start: value(3), end: value(2), rotation: 0)
      return (first.end > first.start ? first : nil, second.end > second.start ? second : nil)
    case (.material, .circular):
      // Cycle n turns the stroke by 576° (306° of rotation plus the 270°
      // the stroke itself travels), so the arc is continuous across cycles.
      let fraction = withinPeriod / period
      let rotation = (cycleOfFive * Self.cycleTurn + Self.cycleSpin * fraction)
        .truncatingRemainder(dividingBy: 360)
      let stretch = Stretch(start: value(1), end: value(0) + minimumStroke, rotation: rotation)
      return (stretch, nil)
    case (.material3, .circular):
      // An arc from the turned start to the growing and shrinking end; the
      // rotation's four turns a period bring it back where it started.
      let turned = value(1).truncatingRemainder(dividingBy: 360)
      return (Stretch(start: 0, end: value(0), rotation: turned), nil)
    case (.vitamin, _):
      let stretch = Stretch(start: value(1), end: value(0), rotation: 0)
      return (stretch.end > stretch.start ? stretch : nil, nil)
    }
  }

  /// Material circular: the turn from one cycle's start to the next, in
  /// degrees (IM-4): 306° of rotation plus the 270° the stroke travels.
  package static let cycleTurn = 576.0
  /// Material circular: the rotation over one cycle, in degrees (IM-4).
  package static let cycleSpin = 306.0
  /// Material circular: the number of cycles after which the picture
  /// repeats (5 × 576° is a whole number of turns).
  package static let turningCycles = 5.0

  /// The static indication shown in place of the loop when motion is
  /// reduced (IM-6): linear, the middle third of the bar; circular, a
  /// quarter arc centred on 12 o'clock (fractions of 360°).
  ///
  /// - Parameter shape: Linear or circular.
  /// - Returns: The stretch.
  package static func reducedStretch(_ shape: ProgressFrame.Shape) -> Stretch {
    shape == .linear
      ? Stretch(start: 1.0 / 3, end: 2.0 / 3, rotation: 0)
      : Stretch(start: -0.125, end: 0.125, rotation: 0)
  }

  // MARK: - The loops

  /// The six loops, built once from their numbers, in the order vitamin
  /// linear, vitamin circular, material linear, material circular, material
  /// 3 linear, material 3 circular.
  ///
  /// One map over the descriptions builds them: a global's initializer
  /// has every call it makes inlined, so four initializers would hold four
  /// copies of the builder.
  private static let loops: [IndeterminateMotion] = [
    // Vitamin linear (IM-1): head 0 → 1 over [0, 1.0] s ease-in-out; tail
    // from 0.25 s, catching up at the period end, 1.2 s.
    vitamin(.linear, sweep: 1.0, lag: 0.25, pause: 0.2, pathDegrees: 0),
    // Vitamin circular (IM-2): the same chase on a 720° path: head 1.5 s,
    // tail from 0.375 s, period 1.8 s.
    vitamin(.circular, sweep: 1.5, lag: 0.375, pause: 0.3, pathDegrees: 720),
    // Material linear (IM-3): MDCProgressView's two bars over 1.8 s.
    (
      .material, .linear, period: 1.8, pathDegrees: 0,
      tracks: [
        bar("bar1Head", begin: 0, duration: 0.75, curve: (0.2, 0, 0.8, 1)),
        bar("bar1Tail", begin: 0.333, duration: 0.85, curve: (0.4, 0, 1, 1)),
        bar("bar2Head", begin: 1.0, duration: 0.567, curve: (0, 0, 0.65, 1)),
        bar("bar2Tail", begin: 1.267, duration: 0.533, curve: (0.1, 0, 0.45, 1)),
      ]
    ),
    // Material circular (IM-4): MDCActivityIndicator's cycle of 4/3 s: the
    // head travels 0 → 0.75 of the circle over the cycle, the tail follows
    // over its second half, both (0.4, 0, 0.2, 1), while the stroke turns.
    (
      .material, .circular, period: 4.0 / 3, pathDegrees: 360,
      tracks: [
        ("head", [0, 0, 0.75, 1], eased: 0, curve: (0.4, 0, 0.2, 1)),
        ("tail", [0, 0, 0, 0.5, 0.75, 1], eased: 1, curve: (0.4, 0, 0.2, 1)),
      ]
    ),
    // Material 3 linear (MT-23): Compose's two lines over 1.75 s, each end
    // 0 → 1 with the emphasized-accelerate easing (0.3, 0, 0.8, 0.15): line
    // 1's head over [0, 1] s, its tail over [0.25, 1.25] s, line 2's head over
    // [0.65, 1.5] s, its tail over [0.9, 1.75] s. Written out as keyframes
    // (value, offset), constant data rather than built by `bar`.
    (
      .material3, .linear, period: 1.75, pathDegrees: 0,
      tracks: [
        ("bar1Head", [0, 0, 1, 1 / 1.75, 1, 1], eased: 0, curve: (0.3, 0, 0.8, 0.15)),
        (
          "bar1Tail", [0, 0, 0, 0.25 / 1.75, 1, 1.25 / 1.75, 1, 1], eased: 1,
          curve: (0.3, 0, 0.8, 0.15)
        ),
        (
          "bar2Head", [0, 0, 0, 0.65 / 1.75, 1, 1.5 / 1.75, 1, 1], eased: 1,
          curve: (0.3, 0, 0.8, 0.15)
        ),
        ("bar2Tail", [0, 0, 0, 0.9 / 1.75, 1, 1], eased: 1, curve: (0.3, 0, 0.8, 0.15)),
      ]
    ),
    // Material 3 circular (MT-24): Compose's 6 s cycle. The arc's end grows
    // 0.1 → 0.87 linearly over the first half and shrinks back with the
    // standard easing (0.2, 0, 0, 1) over the second. The rotation, in
    // degrees, is the sum of 1,080° turned evenly over the period and four
    // linear 90° steps of 0.3 s at 0, 1.5, 3 and 4.5 s: piecewise linear, its
    // corners at those times (180° a second, 480° a second during a step).
    (
      .material3, .circular, period: 6, pathDegrees: 360,
      tracks: [
        ("head", [0.1, 0, 0.87, 0.5, 0.1, 1], eased: 1, curve: (0.2, 0, 0, 1)),
        (
          "rotation",
          [
            0, 0, 144, 0.05, 360, 0.25, 504, 0.3, 720, 0.5, 864, 0.55, 1080, 0.75, 1224, 0.8,
            1440, 1,
          ], eased: -1, curve: nil
        ),
      ]
    ),
  ].map(loop)

  /// Vitamin's chase: the head sweeps the path ease-in-out, the tail
  /// follows after a lag, and both rest until the period ends.
  private static func vitamin(
    _ shape: ProgressFrame.Shape, sweep: Double, lag: Double, pause: Double, pathDegrees: Double
  ) -> LoopDescription {
    let period = sweep + pause
    return (
      .vitamin, shape, period: period, pathDegrees: pathDegrees,
      tracks: [
        ("head", [0, 0, 1, sweep / period, 1, 1], eased: 0, curve: nil),
        ("tail", [0, 0, 0, lag / period, 1, 1], eased: 1, curve: nil),
      ]
    )
  }

  /// One bar of Material linear, in its 1.8 s period: 0 until `begin`,
  /// then to 1 along `curve` over `duration`, then 1.
  private static func bar(
    _ name: String, begin: Double, duration: Double, curve: (Double, Double, Double, Double)
  ) -> LoopTrack {
    let period = 1.8
    var keyframes: [Double] = begin > 0 ? [0, 0] : []
    keyframes += [0, begin / period, 1, min((begin + duration) / period, 1)]
    if begin + duration < period { keyframes += [1, 1] }
    return (name, keyframes, eased: begin > 0 ? 1 : 0, curve: curve)
  }

  /// A loop: its family and shape, its period and path, and its tracks.
  private typealias LoopDescription = (
    family: Family, shape: ProgressFrame.Shape, period: Double, pathDegrees: Double,
    tracks: [LoopTrack]
  )

  /// A track of a loop: its name, its keyframes as value and offset pairs,
  /// and the one keyframe whose segment follows a cubic curve — `nil` for
  /// ease-in-out; -1 for none — while the others are linear.
  private typealias LoopTrack = (
    name: String, keyframes: [Double], eased: Int, curve: (Double, Double, Double, Double)?
  )

  /// Builds a loop, each track repeating forever over the period.
  private static func loop(_ loop: LoopDescription) -> IndeterminateMotion {
    built { () throws(TimelineError) in
      let timing = try EffectTiming(fill: .both, iterations: .infinity, duration: loop.period)
      var tracks: [KeyframeTimeline<Double>.Track] = []
      for track in loop.tracks {
        let easing = track.curve.map { Easing.cubicBezier(bezier($0)) } ?? .easeInOut
        var keyframes: [Keyframe<Double>] = []
        for index in stride(from: 0, to: track.keyframes.count, by: 2) {
          keyframes.append(
            Keyframe(
              track.keyframes[index], offset: track.keyframes[index + 1],
              easing: index / 2 == track.eased ? easing : .linear))
        }
        tracks.append(
          .init(name: track.name, timing: timing, keyframes: try KeyframeTrack(keyframes)))
      }
      return IndeterminateMotion(
        family: loop.family, shape: loop.shape, period: loop.period,
        pathDegrees: loop.pathDegrees, timeline: try KeyframeTimeline(tracks: tracks))
    }
  }

  // MARK: Building blocks

  /// Builds a constant: the loops' numbers are fixed and valid, so a failure
  /// here is a programming error caught by the tests, never bad input.
  private static func built<T>(_ make: () throws(TimelineError) -> T) -> T {
    do {
      return try make()
    } catch {
      preconditionFailure("an indeterminate loop has invalid built-in timing: \(error)")
    }
  }

  private static func bezier(_ p: (Double, Double, Double, Double)) -> CubicBezier {
    built { () throws(TimelineError) in try CubicBezier(x1: p.0, y1: p.1, x2: p.2, y2: p.3) }
  }
}
