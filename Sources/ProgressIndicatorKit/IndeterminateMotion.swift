//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the indeterminate loops as timeline data (spec IM).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Timeline

/// The indeterminate loops, built from `Timeline` keyframe tracks.
///
/// Every loop is a set of named tracks giving path fractions over one period;
/// ``stretches(at:minimumStroke:)`` samples them at a loop time (seconds since the loop
/// started, not counting time spent hidden).
public struct IndeterminateMotion: Sendable {
  /// Which loop this is.
  public let style: IndeterminateStyle
  /// The shape it runs on.
  public let shape: ProgressFrame.Shape
  /// The period in seconds.
  public let period: Double
  /// The length of the path the fractions are measured on, in degrees
  /// (circular only): 720 for Vitamin's two turns, 360 for Material.
  public let pathDegrees: Double
  /// The named tracks: `head`/`tail` (Vitamin and Material circular) or
  /// `bar1Head`, `bar1Tail`, `bar2Head`, `bar2Tail` (Material linear).
  public let timeline: KeyframeTimeline<Double>

  /// One visible stretch of the loop at a time: fractions of the path and a
  /// rotation in degrees.
  public struct Stretch: Hashable, Sendable {
    /// The start fraction (the tail).
    public var start: Double
    /// The end fraction (the head).
    public var end: Double
    /// The rotation of the whole stroke, in degrees (Material circular).
    public var rotation: Double
  }

  /// The loop for a style and shape (IM-1 to IM-4).
  ///
  /// - Parameters:
  ///   - style: Vitamin or Material.
  ///   - shape: Linear or circular.
  /// - Returns: The loop.
  public static func motion(_ style: IndeterminateStyle, _ shape: ProgressFrame.Shape)
    -> IndeterminateMotion
  {
    switch (style, shape) {
    case (.vitamin, .linear): return vitaminLinear
    case (.vitamin, .circular): return vitaminCircular
    case (.material, .linear): return materialLinear
    case (.material, .circular): return materialCircular
    }
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
  public func stretches(at loopTime: Double, minimumStroke: Double = 0) -> (Stretch?, Stretch?) {
    let time = max(loopTime, 0)
    // The loop repeats every period: its phase is the time modulo the
    // period, which `truncatingRemainder` computes exactly for any
    // representable time (dividing first, time / period, loses the phase
    // once the time passes 2^53 periods: at 1e16 s nothing was drawn).
    // Material circular also turns by cycle, and its picture repeats every
    // five cycles: its phase is taken modulo five periods first.
    let cycleOfFive: Double
    let phase: Double
    if style == .material && shape == .circular {
      let withinFive = time.truncatingRemainder(dividingBy: 5 * period)
      cycleOfFive = min((withinFive / period).rounded(.down), 4)
      phase = max(withinFive - cycleOfFive * period, 0)
    } else {
      cycleOfFive = 0
      phase = time.truncatingRemainder(dividingBy: period)
    }
    func value(_ track: Int) -> Double { timeline.value(ofTrack: track, at: phase) ?? 0 }
    switch (style, shape) {
    case (.material, .linear):
      let first = Stretch(start: value(1), end: value(0), rotation: 0)
      let second = Stretch(start: value(3), end: value(2), rotation: 0)
      return (first.end > first.start ? first : nil, second.end > second.start ? second : nil)
    case (.material, .circular):
      // Cycle n turns the stroke by 576° (306° of rotation plus the 270°
      // the stroke itself travels), so the arc is continuous across cycles.
      let fraction = phase / period
      let rotation = (cycleOfFive * 576 + 306 * fraction).truncatingRemainder(dividingBy: 360)
      let stretch = Stretch(start: value(1), end: value(0) + minimumStroke, rotation: rotation)
      return (stretch, nil)
    case (.vitamin, _):
      let stretch = Stretch(start: value(1), end: value(0), rotation: 0)
      return (stretch.end > stretch.start ? stretch : nil, nil)
    }
  }

  // MARK: - The loops

  /// Vitamin linear (IM-1): head 0 → 1 over [0, 1.0] s ease-in-out; tail
  /// from 0.25 s, catching up at the period end, 1.2 s.
  static let vitaminLinear = vitamin(
    shape: .linear, sweep: 1.0, lag: 0.25, pause: 0.2, pathDegrees: 0)

  /// Vitamin circular (IM-2): the same chase on a 720° path: head 1.5 s, tail
  /// from 0.375 s, period 1.8 s.
  static let vitaminCircular = vitamin(
    shape: .circular, sweep: 1.5, lag: 0.375, pause: 0.3, pathDegrees: 720)

  private static func vitamin(
    shape: ProgressFrame.Shape, sweep: Double, lag: Double, pause: Double, pathDegrees: Double
  ) -> IndeterminateMotion {
    let period = sweep + pause
    let head = keyframes([
      Keyframe(0, offset: 0, easing: .easeInOut), Keyframe(1, offset: sweep / period),
      Keyframe(1, offset: 1),
    ])
    let tail = keyframes([
      Keyframe(0, offset: 0), Keyframe(0, offset: lag / period, easing: .easeInOut),
      Keyframe(1, offset: 1),
    ])
    return IndeterminateMotion(
      style: .vitamin, shape: shape, period: period, pathDegrees: pathDegrees,
      timeline: timeline(period: period, tracks: [("head", head), ("tail", tail)]))
  }

  /// Material linear (IM-3): MDCProgressView's two bars over 1.8 s.
  static let materialLinear: IndeterminateMotion = {
    let period = 1.8
    func bar(begin: Double, duration: Double, curve: (Double, Double, Double, Double))
      -> KeyframeTrack<Double>
    {
      let easing = Easing.cubicBezier(bezier(curve))
      var frames: [Keyframe<Double>] = []
      if begin > 0 { frames.append(Keyframe(0, offset: 0)) }
      frames.append(Keyframe(0, offset: begin / period, easing: easing))
      frames.append(Keyframe(1, offset: min((begin + duration) / period, 1)))
      if begin + duration < period { frames.append(Keyframe(1, offset: 1)) }
      return keyframes(frames)
    }
    return IndeterminateMotion(
      style: .material, shape: .linear, period: period, pathDegrees: 0,
      timeline: timeline(
        period: period,
        tracks: [
          ("bar1Head", bar(begin: 0, duration: 0.75, curve: (0.2, 0, 0.8, 1))),
          ("bar1Tail", bar(begin: 0.333, duration: 0.85, curve: (0.4, 0, 1, 1))),
          ("bar2Head", bar(begin: 1.0, duration: 0.567, curve: (0, 0, 0.65, 1))),
          ("bar2Tail", bar(begin: 1.267, duration: 0.533, curve: (0.1, 0, 0.45, 1))),
        ]))
  }()

  /// Material circular (IM-4): MDCActivityIndicator's cycle of 4/3 s: the
  /// head travels 0 → 0.75 of the circle over the cycle, the tail follows
  /// over its second half, both (0.4, 0, 0.2, 1), while the stroke turns.
  static let materialCircular: IndeterminateMotion = {
    let period = 4.0 / 3
    let easing = Easing.cubicBezier(bezier((0.4, 0, 0.2, 1)))
    let head = keyframes([Keyframe(0, offset: 0, easing: easing), Keyframe(0.75, offset: 1)])
    let tail = keyframes([
      Keyframe(0, offset: 0), Keyframe(0, offset: 0.5, easing: easing), Keyframe(0.75, offset: 1),
    ])
    return IndeterminateMotion(
      style: .material, shape: .circular, period: period, pathDegrees: 360,
      timeline: timeline(period: period, tracks: [("head", head), ("tail", tail)]))
  }()

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

  private static func keyframes(_ frames: [Keyframe<Double>]) -> KeyframeTrack<Double> {
    built { () throws(TimelineError) in try KeyframeTrack(frames) }
  }

  private static func timeline(period: Double, tracks: [(String, KeyframeTrack<Double>)])
    -> KeyframeTimeline<Double>
  {
    built { () throws(TimelineError) in
      let timing = try EffectTiming(fill: .both, iterations: .infinity, duration: period)
      return try KeyframeTimeline(
        tracks: tracks.map {
          KeyframeTimeline<Double>.Track(name: $0.0, timing: timing, keyframes: $0.1)
        })
    }
  }
}
