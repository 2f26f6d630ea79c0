//===----------------------------------------------------------------------===//
// CommandTests: SVG frames and the gallery drawn by a real browser
// (headless Chromium), checked pixel by pixel (spec BK-8, BK-9).
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import ProgressIndicatorKit
import ProgressSVG
import ProgressStateMachine
import Testing

/// An RGB picture read from a browser's screenshot.
struct Picture {
  var width: Int
  var height: Int
  var bytes: [UInt8]

  subscript(x: Int, y: Int) -> (Int, Int, Int) {
    let index = (y * width + x) * 3
    return (Int(bytes[index]), Int(bytes[index + 1]), Int(bytes[index + 2]))
  }

  func matches(x: Int, y: Int, _ color: FrameColor, tolerance: Int = 6) -> Bool {
    let (red, green, blue) = self[x, y]
    func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
    return abs(red - byte(color.red)) <= tolerance && abs(green - byte(color.green)) <= tolerance
      && abs(blue - byte(color.blue)) <= tolerance
  }
}

enum Browser {
  static let chromium = Tools.find("chromium") ?? Tools.find("chromium-browser")
  static let white = FrameColor(hex: 0xFFFFFF)

  /// Screenshots an HTML page at a window size and returns its pixels.
  static func screenshot(html: String, width: Int, height: Int, keepAt: URL? = nil) throws
    -> Picture
  {
    guard let chromium else {
      Issue.record("Chromium is required in CI (.ci/run installs it)")
      throw CancellationError()
    }
    let directory = try Tools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.html")
    let png = keepAt ?? directory.appendingPathComponent("shot.png")
    try html.write(to: page, atomically: true, encoding: .utf8)
    let result = try Tools.run(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--window-size=\(width),\(height)", "--screenshot=\(png.path)",
        page.absoluteString + "?still",
      ])
    #expect(result.status == 0, "\(result.error)")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/png_pixels.py").path
    let ppm = try Tools.run("/usr/bin/env", ["python3", script, png.path])
    return try parsePPM(ppm.outputData)
  }

  static func parsePPM(_ data: Data) throws -> Picture {
    let bytes = [UInt8](data)
    var fields: [String] = []
    var index = 0
    while fields.count < 4, index < bytes.count {
      var field = ""
      while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A {
        field.append(Character(UnicodeScalar(bytes[index])))
        index += 1
      }
      index += 1
      if !field.isEmpty { fields.append(field) }
    }
    guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]),
      let height = Int(fields[2])
    else { throw CancellationError() }
    return Picture(width: width, height: height, bytes: Array(bytes[index...]))
  }

  /// A page showing one SVG document at the top left, on white.
  static func page(_ svg: String) -> String {
    "<!DOCTYPE html><html><body style=\"margin:0;background:#FFFFFF\">\(svg)</body></html>"
  }
}

@Suite("SVG in a real browser", .serialized)
struct BrowserPixelTests {
  static let enabled = Browser.chromium != nil || Tools.isCI

  @Test(
    "BK-8 a medium linear bar is 8 px thick at scale 1 and 16 px at scale 2",
    .enabled(if: enabled, "Chromium is not installed"))
  func thickness() throws {
    let frame = try linearFrame(0.5)
    for scale in [1, 2] {
      let picture = try Browser.screenshot(
        html: Browser.page(SVGRenderer().document(for: frame, scale: Double(scale))), width: 700,
        height: 300)
      // Count progress-coloured pixels down the column at x = 80 pt.
      let column = 80 * scale
      let rows = (0..<40 * scale).filter { picture.matches(x: column, y: $0, frame.theme.progress) }
      #expect(rows.count == 8 * scale, "scale \(scale): rows \(rows)")
      #expect(rows.first == 16 * scale, "scale \(scale): the bar is centred at 20 pt")
      // Beyond the progress, the track colour; beyond the frame, the page.
      #expect(picture.matches(x: 240 * scale, y: 20 * scale, frame.theme.track))
      #expect(picture.matches(x: 240 * scale, y: 30 * scale, Browser.white))
    }
  }

  @Test(
    "BK-8 a medium circular at 25 %: progress colour from 12 to 3 o'clock, track elsewhere",
    .enabled(if: enabled, "Chromium is not installed"))
  func quarter() throws {
    let model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .empty)),
      progress: 0.25, size: FrameSize(width: 140, height: 140))
    let frame = model.frame(at: 0)
    let picture = try Browser.screenshot(
      html: Browser.page(SVGRenderer().document(for: frame)), width: 600, height: 300)
    // The ring's centreline: radius 60 around (70, 70); angles clockwise from 12.
    func sample(_ degrees: Double) -> (x: Int, y: Int) {
      let radians = degrees * .pi / 180
      return (Int((70 + 60 * sin(radians)).rounded()), Int((70 - 60 * cos(radians)).rounded()))
    }
    for degrees in stride(from: 10.0, through: 80, by: 10) {
      let point = sample(degrees)
      #expect(
        picture.matches(x: point.x, y: point.y, frame.theme.progress),
        "\(degrees)° \(picture[point.x, point.y])")
    }
    for degrees in stride(from: 110.0, through: 340, by: 20) {
      let point = sample(degrees)
      #expect(
        picture.matches(x: point.x, y: point.y, frame.theme.track),
        "\(degrees)° \(picture[point.x, point.y])")
    }
    #expect(picture.matches(x: 70, y: 70, Browser.white))
  }

  @Test(
    "MT-17 a wavy Material 3 bar's pixels: crests and troughs where the wave's maths puts them",
    .enabled(if: enabled, "Chromium is not installed"))
  func wavyBar() throws {
    var configuration = ProgressConfiguration(
      variant: .linear(size: .small, style: .empty), indeterminateStyle: .material)
    configuration.material3 = Material3Style(shape: .wavy)
    let model = try ProgressIndicatorModel(
      configuration: configuration, progress: 0.5, size: FrameSize(width: 244, height: 40))
    // At time 0 the offset is 0: the 4 pt stroke's centre is 3 pt above the
    // path (y 20) at 0, 40, 80 pt along it (x 2, 42, 82) and 3 pt below at
    // 20, 60 pt (x 22, 62). Drawn at scale 2.
    let frame = model.frame(at: 0)
    #expect(frame.wave == WaveGeometry(amplitude: 3, wavelength: 40, offset: 0))
    let picture = try Browser.screenshot(
      html: Browser.page(SVGRenderer().document(for: frame, scale: 2)), width: 700, height: 300)
    let progress = frame.theme.progress
    for crest in [42, 82] {
      // The stroke covers y 15…19 at a crest: its top is in, the flat
      // bar's bottom (y 21) is out.
      #expect(picture.matches(x: 2 * crest, y: 2 * 16, progress), "crest \(crest)")
      #expect(picture.matches(x: 2 * crest, y: 2 * 21, Browser.white), "crest \(crest)")
    }
    for trough in [22, 62] {
      #expect(picture.matches(x: 2 * trough, y: 2 * 24, progress), "trough \(trough)")
      #expect(picture.matches(x: 2 * trough, y: 2 * 19, Browser.white), "trough \(trough)")
    }
    // Where the wave crosses the path (x 32, 72) the stroke is centred on it.
    #expect(picture.matches(x: 2 * 32, y: 2 * 20, progress))
    // The stop indicator, a 4 pt dot centred on the path's end (x 242).
    #expect(picture.matches(x: 2 * 242, y: 2 * 20, progress))
  }

  @Test(
    "MT-17 a wavy Material 3 ring's pixels: 12 waves close the circle, crests inward where the maths puts them",
    .enabled(if: enabled, "Chromium is not installed"))
  func wavyRing() throws {
    var configuration = ProgressConfiguration(
      variant: .circular(size: .small, style: .empty), indeterminateStyle: .material)
    configuration.material3 = Material3Style(shape: .wavy)
    let model = try ProgressIndicatorModel(
      configuration: configuration, progress: 0.5, size: FrameSize(width: 72, height: 72))
    // Radius 30 around (36, 36): 12 waves of 2π·30 / 12 pt, offset 0 at time
    // 0, so crests (1.6 pt inward) at 0°, 30°, 60°, 90°… and troughs at 15°,
    // 45°, 75°…, clockwise from 12 o'clock. Drawn at scale 4.
    let frame = model.frame(at: 0)
    let wave = try #require(frame.wave)
    #expect(abs(wave.wavelength - 2 * Double.pi * 30 / 12) < 1e-9 && wave.amplitude == 1.6)
    let picture = try Browser.screenshot(
      html: Browser.page(SVGRenderer().document(for: frame, scale: 4)), width: 700, height: 400)
    func pixel(_ degrees: Double, _ radius: Double) -> (x: Int, y: Int) {
      let radians = degrees * Double.pi / 180
      return (
        Int((4 * (36 + radius * sin(radians))).rounded()),
        Int((4 * (36 - radius * cos(radians))).rounded())
      )
    }
    let progress = frame.theme.progress
    for crest in [60.0, 90, 120] {
      // The stroke covers radii 26.4…30.4 at a crest (the flat ring 28…32).
      let inner = pixel(crest, 27)
      let outer = pixel(crest, 31.4)
      #expect(picture.matches(x: inner.x, y: inner.y, progress), "crest \(crest)")
      #expect(picture.matches(x: outer.x, y: outer.y, Browser.white), "crest \(crest)")
    }
    for trough in [45.0, 75, 105] {
      // 29.6…33.6 at a trough.
      let outer = pixel(trough, 33)
      let inner = pixel(trough, 28.6)
      #expect(picture.matches(x: outer.x, y: outer.y, progress), "trough \(trough)")
      #expect(picture.matches(x: inner.x, y: inner.y, Browser.white), "trough \(trough)")
    }
  }

  @Test(
    "BK-8 a hidden track leaves the background's pixels",
    .enabled(if: enabled, "Chromium is not installed"))
  func hiddenTrack() throws {
    let frame = try linearFrame(0.5, track: false)
    let picture = try Browser.screenshot(
      html: Browser.page(SVGRenderer().document(for: frame)), width: 700, height: 300)
    #expect(picture.matches(x: 80, y: 20, frame.theme.progress))
    for x in stride(from: 180, through: 310, by: 10) {
      #expect(picture.matches(x: x, y: 20, Browser.white), "x \(x): \(picture[x, 20])")
    }
  }

  @Test(
    "BK-9 the gallery renders: both themes, bars and rings in the progress colours",
    .enabled(if: enabled, "Chromium is not installed"))
  func gallery() throws {
    let keep = ProcessInfo.processInfo.environment["GALLERY_SCREENSHOT"].map(
      URL.init(fileURLWithPath:))
    let picture = try Browser.screenshot(
      html: try Gallery().html(), width: 1000, height: keep == nil ? 700 : 1600, keepAt: keep)
    var light = 0
    var dark = 0
    for y in stride(from: 0, to: picture.height, by: 2) {
      for x in stride(from: 0, to: picture.width, by: 2) {
        if picture.matches(x: x, y: y, ProgressTheme.light.progress) { light += 1 }
        if picture.matches(x: x, y: y, FrameColor(hex: 0x001018)) { dark += 1 }
      }
    }
    // The first screen shows the light theme's bars and rings: thousands of
    // progress-coloured pixels (a quarter of them sampled).
    #expect(light > 2000, "light progress pixels: \(light)")
    #expect(dark > 0, "the text colour: \(dark)")
  }
}
