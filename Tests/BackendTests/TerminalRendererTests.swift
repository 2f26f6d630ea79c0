//===----------------------------------------------------------------------===//
// BackendTests: frames drawn in terminal cells, lines fitted to a width (spec
// BK-1 to BK-3).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTerminal
import Testing

/// A frame of a linear bar at rest at `progress`.
func linearFrame(
  _ progress: Double, style: ProgressVariant.LinearStyle = .empty, track: Bool = true,
  label: String? = nil, direction: LayoutDirection = .leftToRight
) throws -> ProgressFrame {
  let model = try ProgressIndicatorModel(
    configuration: ProgressConfiguration(
      variant: .linear(size: .medium, style: style), showsTrack: track, leftLabelText: label,
      layoutDirection: direction),
    progress: progress, size: FrameSize(width: 320, height: 40))
  return model.frame(at: 0)
}

@Suite("Terminal lines")
struct TerminalRendererTests {
  let plain = TerminalRenderer(style: .plain)

  @Test("BK-1 a bar is drawn in eighths of a column: 10 columns at 0.3125 are 3 full and a half")
  func eighths() throws {
    // 0.3125 × 10 columns = 3.125 columns = 25 eighths: 3 full, then 1/8.
    #expect(plain.bar(for: try linearFrame(0.3125), columns: 10) == "███▏░░░░░░")
    // 0.35 × 80 eighths = 28 eighths: 3 full, then 4/8.
    #expect(plain.bar(for: try linearFrame(0.35), columns: 10) == "███▌░░░░░░")
    #expect(plain.bar(for: try linearFrame(1), columns: 10) == String(repeating: "█", count: 10))
    #expect(plain.bar(for: try linearFrame(0), columns: 10) == String(repeating: "░", count: 10))
    // Without the track, empty columns are blank.
    #expect(plain.bar(for: try linearFrame(0.35, track: false), columns: 10) == "███▌      ")
    // A tiny progress still shows one eighth.
    #expect(plain.bar(for: try linearFrame(0.001), columns: 10) == "▏░░░░░░░░░")
  }

  @Test("BK-1 right to left, the bar is mirrored")
  func mirrored() throws {
    let frame = try linearFrame(0.35, track: false, direction: .rightToLeft)
    // 28 eighths from the right: the 4 eighths in column 6 are its right half.
    #expect(plain.bar(for: frame, columns: 10) == "      ▐███")
  }

  @Test("BK-1 with colours, a segment starting inside a column keeps its eighth (inverted block)")
  func invertedStart() throws {
    var model = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .empty)),
      progressType: .indeterminate, size: FrameSize(width: 320, height: 40))
    _ = model.send(.startIndeterminateAnimation, at: 0)
    // Find a loop frame whose first segment starts inside a column.
    let colored = TerminalRenderer(style: .color)
    var checked = 0
    for step in 1..<120 {
      let frame = model.frame(at: Double(step) / 100)
      guard let segment = frame.segments.first else { continue }
      let lo = Int((segment.start * 80).rounded())
      guard lo % 8 != 0, segment.end * 80 > Double(lo + 8) else { continue }
      let bar = colored.bar(for: frame, columns: 10)
      let glyph = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"][lo % 8 - 1]
      // The track's colour over the progress colour, then the left blocks.
      let expected =
        ANSI.foreground(frame.theme.track) + ANSI.background(frame.theme.progress) + glyph
      #expect(bar.contains(expected), "step \(step): \(bar)")
      checked += 1
    }
    #expect(checked > 5)
  }

  @Test("BK-2 a circular frame is a braille ring lit where its arcs pass")
  func ring() throws {
    func ring(_ progress: Double) throws -> Character {
      let model = try ProgressIndicatorModel(
        configuration: ProgressConfiguration(variant: .circular(size: .small, style: .percentage)),
        progress: progress, size: FrameSize(width: 64, height: 64))
      return plain.ring(for: model.frame(at: 0))
    }
    // Dots clockwise from 12 o'clock: 4 (0x08), 5 (0x10), 6 (0x20), 8 (0x80), 7, 3, 2, 1.
    #expect(try ring(0) == "\u{2800}")
    #expect(try ring(0.25) == "\u{2818}")  // 22.5° and 67.5°: dots 4 and 5
    #expect(try ring(0.5) == "\u{28B8}")  // the right half: 4, 5, 6, 8
    #expect(try ring(1) == "\u{28FF}")
    #expect(try ring(0.01) == "\u{2808}")  // too short to cover a direction: its head's dot
  }

  /// A line of `template` for a frame: its bar drawn by `renderer`, the
  /// label, the percentage and 1.0 MB of 2.0 MB.
  static func line(
    _ template: LineTemplate, _ frame: ProgressFrame, renderer: TerminalRenderer, columns: Int,
    labelColumns: Int? = nil
  ) -> String {
    template.render(
      values: [
        .label: "Downloading archive.zip", .percent: " 50%", .count: "1.0 MB", .total: "2.0 MB",
      ],
      bar: { renderer.bar(for: frame, columns: $0) }, columns: columns, labelColumns: labelColumns)
  }

  @Test("BK-3 a line fits its width: label shortened, then the figures after the bar dropped")
  func fitting() throws {
    let frame = try linearFrame(0.5)
    let template = try LineTemplate("{label} {bar} {percent}  {count}/{total}")
    func line(_ columns: Int) -> String {
      Self.line(template, frame, renderer: plain, columns: columns)
    }
    let wide = line(80)
    #expect(wide.hasPrefix("Downloading archive.zip "))
    #expect(wide.hasSuffix(" 50%  1.0 MB/2.0 MB"))
    #expect(TerminalText.columns(of: wide) == 80)
    // 45 columns: the label gives up what the bar's 10 columns need.
    let narrow = line(45)
    #expect(narrow.hasPrefix("Downloading a… █████░░░░░  50%"), "\(narrow)")
    #expect(narrow.hasSuffix("1.0 MB/2.0 MB") && TerminalText.columns(of: narrow) == 45)
    // 43 columns: the label is down to 12 columns, the figures stay.
    let shorter = line(43)
    #expect(shorter.hasPrefix("Downloading… ") && shorter.hasSuffix("1.0 MB/2.0 MB"), "\(shorter)")
    // 30 columns: the figures are dropped; the bar keeps 10 columns at least.
    let tight = line(30)
    #expect(
      !tight.contains("MB") && tight.hasSuffix(" 50%") && TerminalText.columns(of: tight) == 30,
      "\(tight)")
    // 20 columns: then the label is shortened further, the bar keeps its 10.
    let tighter = line(20)
    #expect(tighter.hasSuffix("█████░░░░░  50%") && TerminalText.columns(of: tighter) == 20)
    // A hidden indicator draws a blank bar.
    let hidden = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(), isHidden: true,
      size: FrameSize(width: 320, height: 40))
    #expect(plain.bar(for: hidden.frame(at: 0), columns: 10) == String(repeating: " ", count: 10))
  }

  @Test("BK-3 widths are terminal columns: wide characters take 2, combining marks 0")
  func columns() {
    #expect(TerminalText.columns(of: "abc") == 3)
    #expect(TerminalText.columns(of: "日本") == 4)
    #expect(TerminalText.columns(of: "🚀") == 2)
    #expect(TerminalText.columns(of: "e\u{301}") == 1)
    #expect(TerminalText.truncate("日本語のラベル", toColumns: 7) == "日本語…")
    #expect(TerminalText.columns(of: TerminalText.truncate("日本語のラベル", toColumns: 7)) <= 7)
  }
}
