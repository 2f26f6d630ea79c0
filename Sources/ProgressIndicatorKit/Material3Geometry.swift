//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: Material 3's wave, gap and stop indicator in a frame
// (spec MT-13 to MT-16).
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// The Material 3 wave the indicator segments follow, described exactly:
/// any renderer draws the same curve from it (MT-13).
///
/// The wave lies on the frame's ``ProgressFrame/path``. At a distance `s`
/// in points along the path from its start (fraction 0), the stroke's
/// centre is displaced across the path by ``displacement(atDistance:)``,
/// `amplitude × cos(2π (s / wavelength − offset))`: towards the top of the
/// frame on a bar, towards the centre on a ring. The track stays flat.
///
/// ```swift
/// let wave = WaveGeometry(amplitude: 3, wavelength: 40, offset: 0.25)
/// wave.displacement(atDistance: 10)   // 3: a crest a quarter wavelength in
/// ```
public struct WaveGeometry: Hashable, Sendable {
  /// The distance from the path to a crest, in points; 0 draws flat.
  public var amplitude: Double
  /// The length of one wave along the path, in points; on a ring it
  /// divides the circumference into a whole, even number of waves.
  public var wavelength: Double
  /// How far the wave has travelled, in wavelengths, in [0, 1) (Compose's
  /// `waveOffset`).
  public var offset: Double

  /// Creates a wave description.
  ///
  /// - Parameters:
  ///   - amplitude: The distance from the path to a crest, in points.
  ///   - wavelength: The length of one wave, in points.
  ///   - offset: The distance travelled, in wavelengths.
  public init(amplitude: Double, wavelength: Double, offset: Double) {
    self.amplitude = amplitude
    self.wavelength = wavelength
    self.offset = offset
  }

  /// How far the stroke's centre lies from the path at `distance` points
  /// along it: positive towards the top of a bar or the centre of a ring.
  ///
  /// - Parameter distance: Points along the path from its start.
  /// - Returns: The displacement in points, within ±``amplitude``.
  public func displacement(atDistance distance: Double) -> Double {
    amplitude * cos(2 * Double.pi * (distance / wavelength - offset))
  }

  /// How far a wave has travelled after `waveTime` seconds at `speed`
  /// wavelengths a second: `waveTime × speed` modulo 1, in [0, 1), finite
  /// for every finite time and speed (spec MT-10, MT-13, MT-29).
  ///
  /// A product too large for a `Double` is a whole number of wavelengths:
  /// the exact product of two doubles that overflows is an integer (their
  /// significands have 53 bits each, so its lowest bit is worth at least
  /// 2^(1024 − 106)), so its offset is 0, as Web Animations takes an
  /// iteration progress past the largest number (Timeline's
  /// `EffectTiming`). A renderer that moves the wave itself, from the
  /// `startWave` effect and the style's `waveSpeed`, computes the offset
  /// with this.
  ///
  /// ```swift
  /// WaveGeometry.offset(waveTime: 2.25, speed: 1)      // 0.25
  /// WaveGeometry.offset(waveTime: 1e6, speed: 1e308)   // 0, not NaN
  /// ```
  ///
  /// - Parameters:
  ///   - waveTime: The wave clock's time in seconds
  ///     (`AnimatedValues.waveTime`).
  ///   - speed: Wavelengths a second (`Material3Style.waveSpeed`).
  /// - Returns: The offset in wavelengths, in [0, 1).
  public static func offset(waveTime: Double, speed: Double) -> Double {
    let travelled = waveTime * speed
    // Past the largest double (or a NaN of 0 × ∞ from an unchecked input):
    // a whole number of wavelengths.
    guard travelled.isFinite else { return 0 }
    let fraction = travelled - travelled.rounded(.down)
    // A tiny negative product rounds to 1 in the subtraction: that is 0.
    return fraction < 1 ? fraction : 0
  }

  /// The points a wavelength a renderer draws the wave with, as a polyline
  /// (spec MT-17).
  public static let pointsPerWavelength = 16

  /// The most segments of one wavy stroke's polyline: 8,192, 16 a
  /// wavelength up to 20,480 pt of a bar's 40 pt waves; a longer stroke
  /// gets fewer a wavelength, so that a size the engine takes (any finite
  /// one) never asks for a path in proportion to it (spec MT-17).
  public static let maximumSegmentCount = 8192

  /// The number of segments of the polyline that draws `length` points of
  /// this wave: ``pointsPerWavelength`` a wavelength, rounded up, at least
  /// 1 and at most ``maximumSegmentCount`` (spec MT-17).
  ///
  /// A renderer draws a wavy stroke with it, so that its path is bounded
  /// whatever the stroke's length:
  ///
  /// ```swift
  /// let wave = WaveGeometry(amplitude: 3, wavelength: 40, offset: 0)
  /// let count = wave.segmentCount(alongLength: 240)   // 96: 16 a wavelength
  /// let points = (0...count).map { k in
  ///   let s = 240 * Double(k) / Double(count)   // points along the path
  ///   return (along: s, across: wave.displacement(atDistance: s))
  /// }
  /// ```
  ///
  /// - Parameter length: The stroke's length along its path, in points.
  /// - Returns: The polyline's segment count (its points are one more).
  public func segmentCount(alongLength length: Double) -> Int {
    let wanted = (length / wavelength * Double(Self.pointsPerWavelength)).rounded(.up)
    // NaN (a zero wavelength) and infinity are not an Int: the bounds first.
    guard wanted >= 1 else { return 1 }
    return wanted < Double(Self.maximumSegmentCount) ? Int(wanted) : Self.maximumSegmentCount
  }
}

/// Material 3's numbers, in points (1 pt = 1 dp), with their sources.
package enum Material3Metrics {
  /// The space between the active indicator and the track: 4 dp, linear
  /// and circular (MDC `res/values/tokens.xml`,
  /// `m3_comp_progress_indicator_{linear,circular}_track_active_indicator_space`).
  package static let gap = 4.0

  /// The gap of a variant: 3 dp in Material 3's small ring and 2 dp in its
  /// extra-small one (MDC `res/values/styles.xml`, their
  /// `indicatorTrackGapSize`), ``gap`` otherwise (MT-27).
  ///
  /// - Parameter variant: The indicator's variant.
  /// - Returns: The gap in points.
  package static func gap(_ variant: ProgressVariant) -> Double {
    switch variant {
    case .circular(.material3Small, _): return 3
    case .circular(.material3ExtraSmall, _): return 2
    default: return gap
    }
  }
  /// The fraction of the path at either end within which the gap ramps
  /// down to 0: 0.01 (MDC `DeterminateDrawable.GAP_RAMP_DOWN_THRESHOLD`).
  package static let gapRamp = 0.01
  /// The stop indicator's diameter: 4 dp (MDC `tokens.xml`
  /// `m3_comp_progress_indicator_linear_stop_indicator_size`).
  package static let stopSize = 4.0
  /// The full amplitude of a bar's wave: 3 dp (`tokens.xml`
  /// `…_linear_active_indicator_wave_amplitude`).
  package static let linearAmplitude = 3.0
  /// A bar's wavelength: 40 dp determinate, 20 dp indeterminate
  /// (`tokens.xml` `…_linear_active_indicator_wave_wavelength`,
  /// `…_linear_indeterminate_active_indicator_wave_wavelength`).
  package static func linearWavelength(_ type: ProgressType) -> Double {
    type == .determinate ? 40 : 20
  }
  /// The full amplitude of a ring's wave: 1.6 dp (`tokens.xml`
  /// `…_circular_active_indicator_wave_amplitude`).
  package static let circularAmplitude = 1.6
  /// A ring's wavelength before it is fitted: 15 dp (`tokens.xml`
  /// `…_circular_active_indicator_wave_wavelength`).
  static let circularWavelength = 15.0

  /// The wavelength that fits a whole, even number of waves, at least 6,
  /// around a circle of circumference `length` (MDC
  /// `CircularDrawingDelegate`: `2 × max(3, ⌊length / wavelength / 2⌋)`).
  ///
  /// - Parameter length: The circumference in points.
  /// - Returns: The fitted wavelength in points.
  package static func closedWavelength(circumference length: Double) -> Double {
    let pairs = max(3, (length / circularWavelength / 2).rounded(.down))
    return length / (2 * pairs)
  }

  /// The gap at presented progress `progress`: the full gap, ramped
  /// linearly to 0 within ``gapRamp`` of either end (MT-14).
  ///
  /// - Parameter progress: The presented progress, in [0, 1].
  /// - Returns: The gap in points.
  package static func gap(atProgress progress: Double) -> Double {
    gap * rampFactor(progress)
  }

  /// 1 away from the ends, falling linearly to 0 at either end within
  /// ``gapRamp``.
  static func rampFactor(_ progress: Double) -> Double {
    min(1, max(0, progress / gapRamp), max(0, (1 - progress) / gapRamp))
  }
}

// The C library's cosine: natively from the platform's C module, under
// Embedded Swift declared and linked from the target's libm, as Timeline's
// springs do.
#if hasFeature(Embedded)
  @_extern(c, "cos")
  func cos(_ x: Double) -> Double
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#elseif canImport(WASILibc)
  import WASILibc
#endif

extension ProgressIndicatorModel {
  /// Adds Material 3's gap, stop indicator and wave to a shown frame
  /// (MT-13 to MT-16).
  func applyMaterial3(
    _ style: Material3Style, to frame: inout ProgressFrame, values: AnimatedValues,
    centerY: Double
  ) {
    let linear = layout.shape == .linear
    let length =
      linear ? abs(layout.pathEndX - layout.pathStartX) : 2 * Double.pi * layout.radius
    guard length > 0 else { return }
    let determinate = machine.state.progressType == .determinate
    if determinate, frame.track != nil {
      // The track starts a gap after the indicator's rounded end: the gap
      // plus the two half caps, ramped down near either end (MT-14); a ring
      // keeps the same space before the indicator's start at 12 o'clock.
      let shown = min(max(values.presentedProgress, 0), 1)
      let gap = Material3Metrics.gap(machine.state.configuration.variant)
      let space = (gap + frame.lineWidth) * Material3Metrics.rampFactor(shown)
      let start = shown + space / length
      let end = linear ? 1 : 1 - space / length
      frame.track =
        start < end
        ? layout.segment(
          from: start, to: end, lineWidth: frame.lineWidth, centerY: centerY, pathDegrees: 360,
          rotation: 0) : nil
      if linear {
        // The stop indicator, a round dot at the track's end (MT-15).
        let size = Material3Metrics.stopSize * frame.visibleFraction
        frame.stopIndicator = FrameRect(
          x: layout.pathEndX - size / 2, y: centerY - size / 2, width: size, height: size)
      }
    }
    guard style.isWavy, let time = values.waveTime else { return }
    let fraction = min(max(values.waveAmplitude, 0), 1)
    let full = linear ? Material3Metrics.linearAmplitude : Material3Metrics.circularAmplitude
    frame.wave = WaveGeometry(
      amplitude: full * fraction * frame.visibleFraction,
      wavelength: linear
        ? Material3Metrics.linearWavelength(machine.state.progressType)
        : Material3Metrics.closedWavelength(circumference: length),
      offset: WaveGeometry.offset(waveTime: time, speed: style.waveSpeed))
  }
}

// Codable, which Embedded Swift does not have (snapshots, JSON hosts).
#if !hasFeature(Embedded)
  extension WaveGeometry: Codable {}
#endif
