//===----------------------------------------------------------------------===//
// ProgressTerminal: a frame's picture in terminal cells — a bar in eighth
// blocks, a ring in braille (spec BK-1, BK-2).
//===----------------------------------------------------------------------===//

package import ProgressIndicatorKit
import ProgressStateMachine

/// Draws the picture of a `ProgressFrame` in terminal cells; the line around
/// it is a ``LineTemplate``'s.
///
/// A linear bar is drawn with eighth blocks, so its ends move by an eighth
/// of a column. With colours on and the track shown, a segment starting
/// inside a column is drawn as an inverted block, so both ends keep the
/// eighth precision; without colours the track is drawn as `░`. A circular
/// indicator is a braille ring — eight dots around a cell, lit where the
/// frame's arcs pass — so the indeterminate loops spin exactly as the frames
/// say. A hidden indicator draws a blank bar.
///
/// ```swift
/// let model = try ProgressIndicatorModel(progress: 0.35, size: FrameSize(width: 100, height: 4))
/// let frame = model.frame(at: 0)
/// let renderer = TerminalRenderer(style: .plain)
/// renderer.bar(for: frame, columns: 10)   // "███▌░░░░░░" at 35 %
/// ```
package struct TerminalRenderer: Sendable {
  /// Colours on or off.
  package var style: TerminalStyle

  /// Creates a renderer.
  ///
  /// - Parameter style: Colours on or off.
  package init(style: TerminalStyle) {
    self.style = style
  }

  // MARK: - Linear

  /// The bar, exactly `columns` wide: blank for a hidden frame.
  ///
  /// - Parameters:
  ///   - frame: A linear frame.
  ///   - columns: The width of the bar in columns; at most
  ///     ``maximumColumns`` are drawn.
  /// - Returns: The bar, with colour codes when the style has them.
  /// - Complexity: O(`columns`).
  package func bar(for frame: ProgressFrame, columns: Int) -> String {
    guard columns > 0 else { return "" }
    let columns = min(columns, Self.maximumColumns)
    guard !frame.isHidden, frame.visibleFraction > 0 else {
      return String(repeating: " ", count: columns)
    }
    let eighths = columns * 8
    // The segments in eighths of a column, left to right on screen.
    var spans: [(lo: Int, hi: Int)] = []
    for segment in frame.segments where segment.end > segment.start {
      var start = segment.start
      var end = segment.end
      // A NaN fraction (a frame no model makes) draws nothing.
      guard !start.isNaN, !end.isNaN else { continue }
      if frame.layoutDirection == .rightToLeft { (start, end) = (1 - end, 1 - start) }
      let lo = Int((min(max(start, 0), 1) * Double(eighths)).rounded())
      var hi = Int((min(max(end, 0), 1) * Double(eighths)).rounded())
      if hi <= lo { hi = min(eighths, lo + 1) }  // a visible segment shows at least 1/8
      spans.append((lo, hi))
    }
    let showsTrack = frame.track != nil
    var output = ""
    var current: (foreground: FrameColor?, background: FrameColor?) = (nil, nil)
    func emit(_ glyph: String, foreground: FrameColor?, background: FrameColor?) {
      if style.usesColor, foreground != current.foreground || background != current.background {
        output += ANSI.reset
        if let foreground { output += ANSI.foreground(foreground, depth: style.colorDepth) }
        if let background { output += ANSI.background(background, depth: style.colorDepth) }
        current = (foreground, background)
      }
      output += glyph
    }
    let progress = frame.theme.progress
    let track: FrameColor? = showsTrack ? frame.theme.track : nil
    for cell in 0..<columns {
      let cellLo = cell * 8
      var lo = 8
      var hi = 0
      for span in spans where span.hi > cellLo && span.lo < cellLo + 8 {
        lo = min(lo, max(span.lo - cellLo, 0))
        hi = max(hi, min(span.hi - cellLo, 8))
      }
      if hi <= lo {
        // Empty: the track, or nothing.
        if style.usesColor {
          emit(" ", foreground: nil, background: track)
        } else {
          emit(showsTrack ? "░" : " ", foreground: nil, background: nil)
        }
      } else if lo == 0 && hi == 8 {
        emit("█", foreground: progress, background: nil)
      } else if lo == 0 {
        emit(Self.leftBlocks[hi], foreground: progress, background: track)
      } else if hi == 8 {
        if style.usesColor, let track {
          // The track's eighths on the left, drawn over a progress background.
          emit(Self.leftBlocks[lo], foreground: track, background: progress)
        } else {
          emit(Self.rightBlock(covering: 8 - lo), foreground: progress, background: nil)
        }
      } else {
        emit(hi - lo >= 4 ? "█" : (lo >= 4 ? "▐" : "▌"), foreground: progress, background: track)
      }
    }
    if style.usesColor { output += ANSI.reset }
    return output
  }

  /// `leftBlocks[n]` covers the left n eighths of a cell.
  static let leftBlocks = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

  /// The block closest to covering the right `eighths` of a cell, among the
  /// three Unicode has.
  static func rightBlock(covering eighths: Int) -> String {
    eighths <= 2 ? "▕" : (eighths <= 5 ? "▐" : "█")
  }

  // MARK: - Circular

  /// The most columns a line or a bar takes, whatever is asked: 65,535, the
  /// widest a terminal reports.
  package static let maximumColumns = 65_535

  /// The braille ring of a circular frame: the eight dots of a braille cell
  /// taken clockwise from 12 o'clock, each lit when an arc covers its
  /// direction; an arc too short to cover one still lights its head's dot.
  ///
  /// - Parameter frame: A circular frame.
  /// - Returns: A braille character, U+2800 (no dot) when nothing is drawn.
  package func ring(for frame: ProgressFrame) -> Character {
    var bits: UInt32 = 0
    for segment in frame.segments {
      guard case .arc(let arc) = segment.geometry, arc.endAngle > arc.startAngle else { continue }
      var start = arc.startAngle + arc.rotation
      var end = arc.endAngle + arc.rotation
      // Angles that are not finite (a frame no model makes) light nothing.
      guard start.isFinite, end.isFinite else { continue }
      if frame.layoutDirection == .rightToLeft { (start, end) = (-end, -start) }
      var lit = false
      for dot in 0..<8 {
        let direction = Double(dot) * 45 + 22.5
        var turns = ((start - direction) / 360).rounded(.up)
        if end - start >= 360 { turns = 0 }
        if end - start >= 360 || direction + 360 * turns <= end {
          bits |= Self.ringDots[dot]
          lit = true
        }
      }
      if !lit {
        var head = end.truncatingRemainder(dividingBy: 360)
        if head < 0 { head += 360 }
        bits |= Self.ringDots[min(7, Int(head / 45))]
      }
    }
    // U+2800 to U+28FF are all valid scalars.
    return Character(Unicode.Scalar(0x2800 + bits) ?? "\u{2800}")
  }

  /// The braille dot bits clockwise from the top right: dots 4, 5, 6, 8, 7,
  /// 3, 2, 1.
  static let ringDots: [UInt32] = [0x08, 0x10, 0x20, 0x80, 0x40, 0x04, 0x02, 0x01]
}
