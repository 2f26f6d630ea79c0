//===----------------------------------------------------------------------===//
// IndicatorTests: Material 3's wave, gap and stop indicator in frames (spec
// MT-13 to MT-15).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressStateMachine
import Testing

@Suite("Material 3 frames")
struct Material3FrameTests {
  /// A Material 3 model: a 4 pt bar whose path is 240 pt long (from x 2 to
  /// 242), or a ring, created at time 0.
  private func model(
    _ shape: Material3Style.Shape, circular: CircularSize? = nil, progress: Double = 0,
    type: ProgressType = .determinate, showsTrack: Bool = true
  ) throws -> ProgressIndicatorModel {
    typealias CircularSize = ProgressVariant.CircularSize
    var configuration = ProgressConfiguration(
      variant: circular.map { .circular(size: $0, style: .empty) }
        ?? .linear(size: .small, style: .empty),
      showsTrack: showsTrack, indeterminateStyle: .material)
    configuration.material3 = Material3Style(shape: shape)
    return try ProgressIndicatorModel(
      configuration: configuration, progressType: type, progress: progress,
      size: FrameSize(width: 244, height: 200))
  }
  typealias CircularSize = ProgressVariant.CircularSize

  @Test(
    "MT-13 a wavy bar's frame carries its wave: amplitude 3 pt × the amplitude × the visible fraction, wavelength 40 or 20 pt, offset"
  )
  func linearWave() throws {
    var bar = try model(.wavy, progress: 0.5)
    let wave = try #require(bar.frame(at: 1.25).wave)
    #expect(wave == WaveGeometry(amplitude: 3, wavelength: 40, offset: 0.25))
    // A crest where the offset puts it: a quarter wavelength in.
    #expect(abs(wave.displacement(atDistance: 10) - 3) < 1e-12)
    #expect(abs(wave.displacement(atDistance: 30) + 3) < 1e-12)
    #expect(abs(wave.displacement(atDistance: 20)) < 1e-12)
    // Half hidden: half the amplitude (the stroke thins, VS-9).
    bar.send(.setHidden(true, animated: true), at: 2)
    #expect(bar.frame(at: 2.125).wave?.amplitude == 1.5)
    // Indeterminate: 20 pt waves at full amplitude.
    let loop = try model(.wavy, type: .indeterminate)
    #expect(loop.frame(at: 0.5).wave == WaveGeometry(amplitude: 3, wavelength: 20, offset: 0.5))
    // Below 10 %: the wave is flat, but still described.
    #expect(try model(.wavy, progress: 0.05).frame(at: 0).wave?.amplitude == 0)
    // Flat Material 3, Vitamin, Material 2: no wave.
    #expect(try model(.flat, progress: 0.5).frame(at: 0).wave == nil)
    let vitamin = try ProgressIndicatorModel(progress: 0.5, size: FrameSize(width: 244, height: 20))
    #expect(vitamin.frame(at: 0).wave == nil && vitamin.frame(at: 0).stopIndicator == nil)
  }

  @Test(
    "MT-13 a wavy ring's wavelength is snapped so that a whole, even number of waves (at least 6) closes the circle",
    arguments: [CircularSize.small, .medium])
  func ringWaveCloses(size: CircularSize) throws {
    let ring = try model(.wavy, circular: size, progress: 0.5)
    let frame = ring.frame(at: 0.3)
    let wave = try #require(frame.wave)
    guard case .arc(let arc) = frame.path else { throw CancellationError() }
    let circumference = 2 * Double.pi * arc.radius
    let waves = circumference / wave.wavelength
    #expect(abs(waves - waves.rounded()) < 1e-9)
    #expect(Int(waves.rounded()) % 2 == 0 && waves >= 6)
    // Within the fitted wavelength's reach of 15 pt.
    #expect(wave.wavelength >= 15 && wave.wavelength < 30)
    #expect(
      abs(wave.displacement(atDistance: 0) - wave.displacement(atDistance: circumference)) < 1e-9)
    #expect(wave.amplitude == 1.6)
    // 64 pt ring: radius 30, 2π·30 / 15 / 2 = 6.28 → 12 waves.
    if size == .small { #expect(Int(waves.rounded()) == 12) }
  }

  @Test(
    "MT-14 the track starts a 4 pt gap (plus the two half caps) after the indicator, ramped to 0 within 1 % of either end",
    arguments: [(0.5, 8.0), (0.005, 4), (0, 0), (0.9, 8), (0.01, 8), (0.002, 1.6)])
  func gap(progress: Double, space: Double) throws {
    let trackStart = progress + space / 240
    let frame = try model(.flat, progress: progress).frame(at: 0)
    let track = try #require(frame.track)
    #expect(abs(track.start - trackStart) < 1e-12 && track.end == 1)
    guard case .line(let line) = track.geometry else { throw CancellationError() }
    #expect(abs(line.fromX - (2 + 240 * trackStart)) < 1e-9 && line.toX == 242)
  }

  @Test("MT-14 no gap at 100 %; a ring keeps the gap on both sides; Vitamin's track is whole")
  func gapEnds() throws {
    #expect(try model(.flat, progress: 1).frame(at: 0).track == nil)
    // Less track left than the space: none drawn.
    #expect(try model(.flat, progress: 0.999).frame(at: 0).track == nil)
    let ring = try model(.flat, circular: .small, progress: 0.5).frame(at: 0)
    let track = try #require(ring.track)
    let space = 8 / (2 * Double.pi * 30)
    #expect(abs(track.start - (0.5 + space)) < 1e-12 && abs(track.end - (1 - space)) < 1e-12)
    let vitamin = try ProgressIndicatorModel(progress: 0.5, size: FrameSize(width: 244, height: 20))
    #expect(vitamin.frame(at: 0).track?.start == 0)
    // Indeterminate keeps the whole track.
    #expect(try model(.flat, type: .indeterminate).frame(at: 0).track?.start == 0)
  }

  @Test("MT-15 a determinate bar with a track has a 4 pt stop indicator centred on the path's end")
  func stopIndicator() throws {
    let frame = try model(.wavy, progress: 0.3).frame(at: 0)
    guard case .line(let line) = frame.path else { throw CancellationError() }
    #expect(
      frame.stopIndicator == FrameRect(x: 240, y: line.centerY - 2, width: 4, height: 4))
    #expect(try model(.flat, progress: 0.3, showsTrack: false).frame(at: 0).stopIndicator == nil)
    #expect(try model(.flat, circular: .small, progress: 0.3).frame(at: 0).stopIndicator == nil)
    #expect(try model(.flat, type: .indeterminate).frame(at: 0).stopIndicator == nil)
  }

  @Test(
    "MT-29 any wave speed at any finite time gives a finite offset in [0, 1): 1e308 wavelengths a second at 10⁶ s is offset 0, a crest at the start"
  )
  func extremeWaveSpeeds() throws {
    let values: [Double] = [
      0, .leastNonzeroMagnitude, 1e-300, 0.3, 0.5, 1, 1.25, 3.7, 1e6, 1e10, 1e16, 1e300, 1e308,
      .greatestFiniteMagnitude,
    ]
    for speed in values {
      for time in values {
        let offset = WaveGeometry.offset(waveTime: time, speed: speed)
        #expect(offset >= 0 && offset < 1, "speed \(speed), time \(time): offset \(offset)")
      }
    }
    // A product past the largest double is a whole number of wavelengths
    // (it was NaN: ∞ − ∞).
    #expect(WaveGeometry.offset(waveTime: 1e6, speed: 1e308) == 0)
    #expect(WaveGeometry.offset(waveTime: .greatestFiniteMagnitude, speed: 2) == 0)
    // Ordinary products as MT-13 says: time × speed modulo 1.
    #expect(WaveGeometry.offset(waveTime: 2.25, speed: 1) == 0.25)
    #expect(WaveGeometry.offset(waveTime: 1.5, speed: 0.5) == 0.75)
    #expect(WaveGeometry.offset(waveTime: 3, speed: 0) == 0)
    // The frame: a bar at 1e308 wavelengths a second, 10⁶ s after it was made.
    var configuration = ProgressConfiguration(
      variant: .linear(size: .small, style: .empty), indeterminateStyle: .material)
    configuration.material3 = try Material3Style(shape: .wavy, waveSpeed: 1e308)
    let bar = try ProgressIndicatorModel(
      configuration: configuration, progress: 0.5, size: FrameSize(width: 244, height: 200))
    let wave = try #require(bar.frame(at: 1e6).wave)
    #expect(wave.offset == 0, "\(wave)")
    #expect(wave.displacement(atDistance: 0) == 3)
    #expect(abs(wave.displacement(atDistance: 20) + 3) < 1e-12)
  }

  @Test(
    "MT-13 a Material 3 frame survives a JSON round trip; a frame without Material 3 encodes neither field"
  )
  func codable() throws {
    let frame = try model(.wavy, progress: 0.5).frame(at: 0.7)
    let data = try JSONEncoder().encode(frame)
    #expect(try JSONDecoder().decode(ProgressFrame.self, from: data) == frame)
    let plain = try JSONEncoder().encode(
      try ProgressIndicatorModel(size: FrameSize(width: 10, height: 10)).frame(at: 0))
    let text = String(decoding: plain, as: UTF8.self)
    #expect(!text.contains("wave") && !text.contains("stopIndicator"))
  }
}
