//===----------------------------------------------------------------------===//
// BackendTests: renderers given frames and numbers no model makes — NaN and
// infinite fractions and colours, negative and huge widths — answer without
// a trap (issue 14's audit of Int(…) conversions).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressSVG
import ProgressStateMachine
import ProgressTerminal
import Testing

@Suite("Renderers on frames no model makes")
struct RendererInputTests {
  static let odd: [Double] = [.nan, .infinity, -.infinity, -1e300, 1e300]

  /// Segments as only a decoder can make them: with NaN or infinities.
  static func segments(_ list: [Segment]) throws -> Segments {
    let encoder = JSONEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try decoder.decode(Segments.self, from: encoder.encode(list))
  }

  @Test("RL-1 a colour with NaN or infinite components prints and renders, clamped")
  func colours() throws {
    #expect(FrameColor(red: .nan, green: .infinity, blue: -.infinity).description == "#00FF00")
    #expect(FrameColor(red: 0, green: 0, blue: 0, alpha: .nan).description == "#00000000")
    var frame = try linearFrame(0.5, style: .percentage, label: "x")
    frame.theme = ProgressTheme(
      track: FrameColor(red: .nan, green: .nan, blue: .nan),
      progress: FrameColor(red: .infinity, green: 0, blue: 0),
      text: FrameColor(red: 0, green: 0, blue: .nan))
    _ = SVGRenderer().document(for: frame)
    #expect(TerminalRenderer(style: .color).bar(for: frame, columns: 40).contains("48;2;0;0;0"))
  }

  @Test(
    "RL-1 BK-1 BK-2 NaN and infinite fractions, angles and widths draw nothing wrong and never trap"
  )
  func fractions() throws {
    let renderer = TerminalRenderer(style: .color)
    for value in Self.odd {
      var linear = try linearFrame(0.5)
      linear.segments = try Self.segments([
        Segment(
          start: value, end: 0.5,
          geometry: .line(LineGeometry(fromX: 0, toX: 1, centerY: 0, lineWidth: 1))),
        Segment(
          start: 0, end: value,
          geometry: .line(LineGeometry(fromX: 0, toX: 1, centerY: 0, lineWidth: 1))),
      ])
      #expect(!renderer.bar(for: linear, columns: 10).isEmpty)
      var circular = try ProgressIndicatorModel(
        configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .empty)),
        progress: 0.5, size: FrameSize(width: 140, height: 140)
      ).frame(at: 0)
      guard case .arc(let arc) = try #require(circular.segments.first).geometry else {
        Issue.record("no arc")
        return
      }
      for (start, end, rotation) in [(0, value, 0), (value, 10, 0), (0, 90, value)] {
        var changed = arc
        changed.startAngle = start
        changed.endAngle = end
        changed.rotation = rotation
        circular.segments = try Self.segments([Segment(start: 0, end: 0.5, geometry: .arc(changed))]
        )
        _ = renderer.ring(for: circular)
      }
    }
  }

  @Test("BK-3 a negative or huge column count gives an empty or bounded line, never a trap")
  func columns() throws {
    let frame = try linearFrame(0.5, style: .percentage, label: "label")
    let renderer = TerminalRenderer(style: .plain)
    func line(columns: Int, labelColumns: Int? = nil) -> String {
      TerminalRendererTests.line(
        .default, frame, renderer: renderer, columns: columns, labelColumns: labelColumns)
    }
    for columns in [Int.min, -1, 0] {
      #expect(renderer.bar(for: frame, columns: columns).isEmpty)
      #expect(line(columns: columns).isEmpty)
    }
    let wide = renderer.bar(for: frame, columns: Int.max)
    #expect(wide.count == TerminalRenderer.maximumColumns)
    #expect(line(columns: Int.max).count <= TerminalRenderer.maximumColumns)
    #expect(line(columns: 80, labelColumns: Int.max).count <= 80)
  }

  @Test("BK-3 RL-9 a label, prefix or message with ESC, a newline or C1 cannot steer the terminal")
  func controlCharacters() throws {
    let frame = try linearFrame(0.5)
    let label = "a\u{1B}[2Jb\nc\u{9B}d"
    let message = "1\u{1B}]0;title\u{07}"
    /// The line without the renderer's own SGR sequences (ESC [ … m).
    func text(_ line: String) -> String {
      line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
    for style in [TerminalStyle.plain, .color] {
      let line = LineTemplate.default.render(
        values: [.prefix: "\u{9B}2J", .label: label, .message: message],
        bar: { TerminalRenderer(style: style).bar(for: frame, columns: $0) }, columns: 80)
      #expect(!text(line).unicodeScalars.contains(where: isControl), "\(line)")
      #expect(text(line).contains("a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d"), "\(line)")
    }
    // On a dashboard, on a terminal and on a pipe.
    for terminal in [true, false] {
      let (dashboard, output, _) = testDashboard(terminal: terminal, style: .color)
      let bar = dashboard.addBar(label, total: 10)
      bar.prefix = "\u{9B}2J"
      bar.message = message
      dashboard.tick()
      bar.finish()
      dashboard.finish()
      let written = text(output.text)
        .replacingOccurrences(of: "\u{1B}\\[[0-9]*[ABGJK]", with: "", options: .regularExpression)
        .replacingOccurrences(of: "\u{1B}\\[\\?25[hl]", with: "", options: .regularExpression)
      #expect(
        !written.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\r" },
        "\(written.debugDescription)")
      #expect(written.contains("a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d"), "\(written)")
    }
  }

  @Test(
    "BK-8 RL-9 a label with control characters still gives a well-formed SVG (XML 1.0 characters)")
  func svgCharacters() throws {
    var configuration = ProgressConfiguration(
      variant: .linear(size: .medium, style: .labelOnly), leftLabelText: "a\u{1B}[2Jb\u{0}c\u{FFFE}"
    )
    configuration.accessibilityLabel = "x\u{7}y"
    let model = try ProgressIndicatorModel(
      configuration: configuration, progress: 0.5, size: FrameSize(width: 320, height: 40))
    let svg = SVGRenderer().document(for: model.frame(at: 0))
    let forbidden = svg.unicodeScalars.filter {
      ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFE
        || $0.value == 0xFFFF
    }
    #expect(forbidden.isEmpty, "\(forbidden.map { $0.value })")
    #expect(svg.contains("a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}"))
  }
}
