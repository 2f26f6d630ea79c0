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

    /// The least a loop's head must be ahead of its tail for the stretch to
    /// be drawn: 10⁻⁶ of the path.
    ///
    /// It is `progress check`'s fraction tolerance. Where head and tail meet (a period's end, IM-1), the last bits of an
    /// easing — which TL-2 allows to be 10⁻⁷ off — must not decide whether
    /// a dot of the line width is drawn.
    package static let shortest = 1e-6

    /// Whether the stretch is drawn: its head ahead of its tail by more
    /// than ``shortest`` (IM-1, IM-3, MT-23).
    var isDrawn: Bool { end - start > Self.shortest }
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
      return (first.isDrawn ? first : nil, second.isDrawn ? second : nil)
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
      return (stretch.isDrawn ? stretch : nil, nil)
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

  /// The six loops, built once from their numbers (``loopNumbers``), in
  /// the order vitamin linear, vitamin circular, material linear, material
  /// circular, material 3 linear, material 3 circular.
  private static let loops = makeLoops()

  /// Builds the loops from ``loopNumbers``: one loop over constant data, in
  /// a function of its own. (In the WebAssembly module the timing, curve and
  /// track initializers are still inlined into it — about 5.7 KB — the
  /// attribute notwithstanding; Docs/performance.md, issue 22 §2.)
  @inline(never)
  private static func makeLoops() -> [IndeterminateMotion] {
    built { () throws(TimelineError) in
      let numbers = loopNumbers
      var loops: [IndeterminateMotion] = []
      var at = 0
      while at < numbers.count {
        let family = Family(rawValue: Int(numbers[at])) ?? .vitamin
        let shape: ProgressFrame.Shape = numbers[at + 1] == 0 ? .linear : .circular
        let period = numbers[at + 2]
        let pathDegrees = numbers[at + 3]
        let trackCount = Int(numbers[at + 4])
        at += 5
        let timing = try EffectTiming(fill: .both, iterations: .infinity, duration: period)
        var tracks: [KeyframeTimeline<Double>.Track] = []
        for _ in 0..<trackCount {
          let name = trackNames[Int(numbers[at])]
          let eased = Int(numbers[at + 1])
          let easing =
            numbers[at + 2].isNaN
            ? Easing.easeInOut
            : .cubicBezier(
              try CubicBezier(
                x1: numbers[at + 2], y1: numbers[at + 3], x2: numbers[at + 4], y2: numbers[at + 5]))
          let count = Int(numbers[at + 6])
          at += 7
          var keyframes: [Keyframe<Double>] = []
          for index in 0..<count {
            keyframes.append(
              Keyframe(
                numbers[at], offset: numbers[at + 1], easing: index == eased ? easing : .linear))
            at += 2
          }
          tracks.append(.init(name: name, timing: timing, keyframes: try KeyframeTrack(keyframes)))
        }
        loops.append(
          IndeterminateMotion(
            family: family, shape: shape, period: period, pathDegrees: pathDegrees,
            timeline: try KeyframeTimeline(tracks: tracks)))
      }
      return loops
    }
  }

  /// The tracks' names, by the index each track starts with.
  private static let trackNames = [
    "head", "tail", "bar1Head", "bar1Tail", "bar2Head", "bar2Tail", "rotation",
  ]

  /// The six loops as numbers, one after another.
  ///
  /// A loop is its family's raw value, its shape (0 linear, 1 circular),
  /// its period in seconds, its path in degrees and its number of tracks;
  /// then each track: its name (an index into ``trackNames``), the one
  /// keyframe whose segment follows a cubic curve (-1 for none; the others
  /// are linear), that curve's x1, y1, x2, y2 (x1 NaN: ease-in-out), its
  /// number of keyframes, and each keyframe's value and offset.
  private static let loopNumbers: [Double] = [
    // Vitamin linear (IM-1): head 0 → 1 over [0, 1.0] s ease-in-out; tail
    // from 0.25 s, catching up at the period end, 1.0 + 0.2 s.
    0, 0, 1.0 + 0.2, 0, 2,
    0, 0, .nan, 0, 0, 0, 3, 0, 0, 1, 1.0 / (1.0 + 0.2), 1, 1,
    1, 1, .nan, 0, 0, 0, 3, 0, 0, 0, 0.25 / (1.0 + 0.2), 1, 1,
    // Vitamin circular (IM-2): the same chase on a 720° path: head 1.5 s,
    // tail from 0.375 s, period 1.5 + 0.3 s.
    0, 1, 1.5 + 0.3, 720, 2,
    0, 0, .nan, 0, 0, 0, 3, 0, 0, 1, 1.5 / (1.5 + 0.3), 1, 1,
    1, 1, .nan, 0, 0, 0, 3, 0, 0, 0, 0.375 / (1.5 + 0.3), 1, 1,
    // Material linear (IM-3): MDCProgressView's two bars over 1.8 s, each
    // 0 until it begins, then to 1 along its curve over its duration, then
    // 1: bar 1's head from 0 s over 0.75 s, its tail from 0.333 s over
    // 0.85 s, bar 2's head from 1.0 s over 0.567 s, its tail from 1.267 s
    // over 0.533 s.
    1, 0, 1.8, 0, 4,
    2, 0, 0.2, 0, 0.8, 1, 3, 0, 0 / 1.8, 1, (0 + 0.75) / 1.8, 1, 1,
    3, 1, 0.4, 0, 1, 1, 4, 0, 0, 0, 0.333 / 1.8, 1, (0.333 + 0.85) / 1.8, 1, 1,
    4, 1, 0, 0, 0.65, 1, 4, 0, 0, 0, 1.0 / 1.8, 1, (1.0 + 0.567) / 1.8, 1, 1,
    5, 1, 0.1, 0, 0.45, 1, 4, 0, 0, 0, 1.267 / 1.8, 1, (1.267 + 0.533) / 1.8, 1, 1,
    // Material circular (IM-4): MDCActivityIndicator's cycle of 4/3 s: the
    // head travels 0 → 0.75 of the circle over the cycle, the tail follows
    // over its second half, both (0.4, 0, 0.2, 1), while the stroke turns.
    1, 1, 4.0 / 3, 360, 2,
    0, 0, 0.4, 0, 0.2, 1, 2, 0, 0, 0.75, 1,
    1, 1, 0.4, 0, 0.2, 1, 3, 0, 0, 0, 0.5, 0.75, 1,
    // Material 3 linear (MT-23): Compose's two lines over 1.75 s, each end
    // 0 → 1 with the emphasized-accelerate easing (0.3, 0, 0.8, 0.15): line
    // 1's head over [0, 1] s, its tail over [0.25, 1.25] s, line 2's head over
    // [0.65, 1.5] s, its tail over [0.9, 1.75] s.
    2, 0, 1.75, 0, 4,
    2, 0, 0.3, 0, 0.8, 0.15, 3, 0, 0, 1, 1 / 1.75, 1, 1,
    3, 1, 0.3, 0, 0.8, 0.15, 4, 0, 0, 0, 0.25 / 1.75, 1, 1.25 / 1.75, 1, 1,
    4, 1, 0.3, 0, 0.8, 0.15, 4, 0, 0, 0, 0.65 / 1.75, 1, 1.5 / 1.75, 1, 1,
    5, 1, 0.3, 0, 0.8, 0.15, 3, 0, 0, 0, 0.9 / 1.75, 1, 1,
    // Material 3 circular (MT-24): Compose's 6 s cycle. The arc's end grows
    // 0.1 → 0.87 linearly over the first half and shrinks back with the
    // standard easing (0.2, 0, 0, 1) over the second. The rotation, in
    // degrees, is the sum of 1,080° turned evenly over the period and four
    // linear 90° steps of 0.3 s at 0, 1.5, 3 and 4.5 s: piecewise linear, its
    // corners at those times (180° a second, 480° a second during a step).
    2, 1, 6, 360, 2,
    0, 1, 0.2, 0, 0, 1, 3, 0.1, 0, 0.87, 0.5, 0.1, 1,
    6, -1, .nan, 0, 0, 0, 9, 0, 0, 144, 0.05, 360, 0.25, 504, 0.3, 720, 0.5, 864, 0.55, 1080,
    0.75, 1224, 0.8, 1440, 1,
  ]

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
}
