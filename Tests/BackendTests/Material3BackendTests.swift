//===----------------------------------------------------------------------===//
// BackendTests: Material 3 in the SVG and terminal renderers (spec MT-16,
// MT-17).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressSVG
import ProgressStateMachine
import ProgressTerminal
import Testing

@Suite("Material 3 in the renderers")
struct Material3BackendTests {
  private func frame(
    _ shape: Material3Style.Shape, circular: Bool = false, progress: Double = 0.5,
    at time: Double = 0
  ) throws -> ProgressFrame {
    var configuration = ProgressConfiguration(
      variant: circular
        ? .circular(size: .medium, style: .empty) : .linear(size: .small, style: .empty),
      indeterminateStyle: .material)
    configuration.material3 = Material3Style(shape: shape)
    return try ProgressIndicatorModel(
      configuration: configuration, progress: progress, size: FrameSize(width: 244, height: 140)
    ).frame(at: time)
  }

  /// The points of SVG path data `M x y L x y …`.
  private func points(_ data: String) -> [(x: Double, y: Double)] {
    let numbers = data.split(whereSeparator: { "ML ".contains($0) }).compactMap { Double($0) }
    return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
  }

  @Test(
    "MT-17 a wavy stroke is a polyline of 16 points a wavelength, at most 8,192 segments: a bar of any finite width is drawn in bounded time and memory"
  )
  func boundedPolyline() throws {
    // The spec's numbers, not the constants' own values.
    #expect(WaveGeometry.pointsPerWavelength == 16 && WaveGeometry.maximumSegmentCount == 8192)
    let wave = WaveGeometry(amplitude: 3, wavelength: 40, offset: 0)
    #expect(wave.segmentCount(alongLength: 400) == 160)
    #expect(wave.segmentCount(alongLength: 401) == 161)
    #expect(wave.segmentCount(alongLength: 0) == 1)
    #expect(wave.segmentCount(alongLength: 20_480) == 8192)
    #expect(wave.segmentCount(alongLength: 20_481) == 8192)
    #expect(wave.segmentCount(alongLength: .greatestFiniteMagnitude) == 8192)
    #expect(WaveGeometry(amplitude: 3, wavelength: 0, offset: 0).segmentCount(alongLength: 0) == 1)
    // A bar 10⁹ and 10³⁰⁸ points long: 8,193 points each (the first took
    // 20 s and 1.3 GB before it, the second trapped converting to Int).
    for length in [1e9, 1e308] {
      let line = SegmentGeometry.line(
        LineGeometry(fromX: 4, toX: length, centerY: 20, lineWidth: 4))
      let drawn = points(SVGRenderer.wavePathData(line, wave: wave, path: line))
      #expect(drawn.count == 8193)
      #expect(drawn.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(length)")
    }
    // A ring whose circumference is not a finite number: drawn without its wave.
    let huge = SegmentGeometry.arc(
      ArcGeometry(
        center: FramePoint(x: 0, y: 0), radius: 1e308, lineWidth: 4, startAngle: 0, endAngle: 180,
        rotation: 0))
    #expect(SVGRenderer.wavePathData(huge, wave: wave, path: huge) == SVGRenderer.pathData(huge))
    // A whole ring of radius 10⁹: the same bound.
    let ring = SegmentGeometry.arc(
      ArcGeometry(
        center: FramePoint(x: 0, y: 0), radius: 1e9, lineWidth: 4, startAngle: 0, endAngle: 360,
        rotation: 0))
    #expect(points(SVGRenderer.wavePathData(ring, wave: wave, path: ring)).count == 8193)
  }

  @Test(
    "MT-17 SVG: a wavy ring's path stays within the amplitude of its circle and closes on itself")
  func ringPath() throws {
    let ring = try frame(.wavy, circular: true, progress: 0.5, at: 0.3)
    let wave = try #require(ring.wave)
    guard case .arc(let path) = ring.path else { throw CancellationError() }
    let whole = SegmentGeometry.arc(
      ArcGeometry(
        center: path.center, radius: path.radius, lineWidth: path.lineWidth, startAngle: 0,
        endAngle: 360, rotation: 0))
    let drawn = points(SVGRenderer.wavePathData(whole, wave: wave, path: ring.path))
    #expect(drawn.count > 16)
    var farthest = 0.0
    for point in drawn {
      let distance =
        ((point.x - path.center.x) * (point.x - path.center.x)
        + (point.y - path.center.y) * (point.y - path.center.y)).squareRoot()
      farthest = max(farthest, abs(distance - path.radius))
    }
    // Within the amplitude, and reaching it (to the 6 decimals SVG writes).
    #expect(farthest <= wave.amplitude + 1e-5 && farthest >= wave.amplitude * 0.98)
    let first = try #require(drawn.first)
    let last = try #require(drawn.last)
    #expect(abs(first.x - last.x) < 1e-5 && abs(first.y - last.y) < 1e-5)
  }

  @Test(
    "MT-17 SVG: a wavy bar's progress follows the wave and ends with a stop dot; flat Material 3 draws straight"
  )
  func barDocument() throws {
    let wavy = SVGRenderer().document(for: try frame(.wavy))
    #expect(wavy.contains("stroke-linejoin=\"round\""))
    #expect(wavy.contains("<circle cx=\"242\" cy=\"70\" r=\"2\""))
    let flat = SVGRenderer().document(for: try frame(.flat))
    #expect(!flat.contains("stroke-linejoin") && flat.contains("<circle"))
    // Below 10 % the wave is flat: the plain stroke.
    #expect(
      !SVGRenderer().document(for: try frame(.wavy, progress: 0.05)).contains("stroke-linejoin"))
  }

  @Test(
    "MT-18 the gallery has a Material 3 section: flat and wavy, its bar and its three ring sizes, light and dark; the wavy cells draw the wave"
  )
  func gallery() throws {
    let html = try Gallery(framesPerSecond: 5).html()
    for shape in ["flat", "wavy"] {
      for title in [
        "linear small empty, Material 3 \(shape)",
        "circular material3Medium empty, Material 3 \(shape)",
        "circular material3Small empty, Material 3 \(shape)",
        "circular material3ExtraSmall empty, Material 3 \(shape)",
      ] {
        // Once in each theme.
        #expect(html.components(separatedBy: title).count - 1 == 2, "\(title)")
      }
    }
    // The wave's round joins are drawn only by a wavy stroke (MT-17).
    #expect(html.contains("stroke-linejoin"))
  }

  @Test("MT-16 the terminal draws Material 3 flat: a wavy bar's cells are its flat bar's")
  func terminalIsFlat() throws {
    for style in [TerminalStyle.plain, TerminalStyle(colorDepth: .trueColor)] {
      let renderer = TerminalRenderer(style: style)
      for progress in [0.05, 0.3, 0.5, 0.97] {
        let wavy = try frame(.wavy, progress: progress, at: 0.4)
        #expect(wavy.wave != nil || progress <= 0.1)
        var flat = wavy
        flat.wave = nil
        #expect(renderer.bar(for: wavy, columns: 30) == renderer.bar(for: flat, columns: 30))
        #expect(
          renderer.bar(for: wavy, columns: 30)
            == renderer.bar(for: try frame(.flat, progress: progress, at: 0.4), columns: 30))
      }
    }
  }

  @Test(
    "MT-26 SVG: on a turned arc the wave is measured from 12 o'clock turned with the stroke, so it turns with the loop"
  )
  func turnedRingWave() throws {
    // A 30 pt ring with 12 waves; the arc turned by 45°, 1.5 wavelengths.
    let wave = WaveGeometry(amplitude: 1.6, wavelength: 2 * Double.pi * 30 / 12, offset: 0)
    let arc = ArcGeometry(
      center: FramePoint(x: 36, y: 36), radius: 30, lineWidth: 3, startAngle: 0, endAngle: 90,
      rotation: 45)
    let drawn = points(SVGRenderer.wavePathData(.arc(arc), wave: wave, path: .arc(arc)))
    // The arc's start, at 45°, is its wave's start: a crest, towards the
    // centre (radius 30 − 1.6), not the trough 1.5 waves on from 12 o'clock.
    let first = try #require(drawn.first)
    let radius = 28.4
    #expect(abs(first.x - (36 + radius * 0.5.squareRoot())) < 1e-3)  // SVG writes 3 decimals
    #expect(abs(first.y - (36 - radius * 0.5.squareRoot())) < 1e-3)
  }
}
