//===----------------------------------------------------------------------===//
// ProgressTerminal: redrawing a block of lines in place.
//===----------------------------------------------------------------------===//

/// A block of lines redrawn in place at the bottom of a terminal: given the
/// new lines, it answers the bytes that turn what is on screen into them —
/// nothing when nothing changed, only the changed lines otherwise.
///
/// Pure: it writes nothing itself, so tests read the escape sequences. The
/// cursor rests at the start of the line below the block between updates.
/// After a resize the old lines may have wrapped onto several rows; the next
/// update moves up over all of them, clears to the end of the screen and
/// draws the block again.
///
/// ```swift
/// var screen = TerminalScreen(columns: 80)
/// write(screen.update(to: ["a ▍", "b"]))   // draws two lines
/// write(screen.update(to: ["a ▍", "b"]))   // "": nothing changed
/// write(screen.update(to: ["a ▌", "b"]))   // moves up 2, rewrites line 1
/// ```
public struct TerminalScreen: Hashable, Sendable {
  /// The lines on screen, as last drawn.
  public private(set) var lines: [String] = []
  /// The width of the terminal in columns.
  public private(set) var columns: Int
  /// The columns each line on screen takes, escape codes excluded.
  private var lineColumns: [Int] = []
  /// The width the lines on screen were drawn at, when a resize since then
  /// asks for a full redraw.
  private var drawnColumns: Int?

  /// Creates an empty block.
  ///
  /// - Parameter columns: The terminal width, ≥ 1.
  public init(columns: Int) {
    self.columns = max(1, columns)
  }

  /// Records a new terminal width; the next update redraws the whole block.
  ///
  /// - Parameter newColumns: The new width, ≥ 1.
  public mutating func resize(columns newColumns: Int) {
    if drawnColumns == nil { drawnColumns = columns }
    columns = max(1, newColumns)
  }

  /// The bytes that replace the block on screen by `newLines`.
  ///
  /// - Parameter newLines: The lines to show, each narrower than the
  ///   terminal and without a newline.
  /// - Returns: The bytes to write; empty when the screen already shows
  ///   `newLines`.
  /// - Complexity: O(*n*) in the total length of the lines.
  public mutating func update(to newLines: [String]) -> String {
    let widths = newLines.map { TerminalScreen.visibleColumns(of: $0) }
    if drawnColumns == nil, newLines == lines { return "" }
    var output = ""
    if drawnColumns != nil || newLines.count != lines.count {
      // Move up over every row the old block occupies now, then redraw all.
      output += "\r" + ANSI.cursorUp(rowsOccupied()) + ANSI.clearToEndOfScreen
      for line in newLines { output += line + "\n" }
    } else {
      output += ANSI.cursorUp(lines.count)
      for (old, new) in zip(lines, newLines) {
        output += old == new ? "\n" : "\r" + ANSI.clearLine + new + "\n"
      }
    }
    lines = newLines
    lineColumns = widths
    drawnColumns = nil
    return output
  }

  /// The rows the block occupies at the current width: a line wider than
  /// the terminal wraps onto several rows.
  private func rowsOccupied() -> Int {
    lineColumns.reduce(0) { rows, width in rows + max(1, (width + columns - 1) / columns) }
  }

  /// The columns a line takes on screen, its escape sequences excluded.
  ///
  /// - Parameter line: A line that may hold CSI sequences.
  /// - Returns: Its width in columns.
  public static func visibleColumns(of line: String) -> Int {
    TerminalText.columns(of: strippingEscapes(line))
  }

  /// The line without its CSI escape sequences.
  ///
  /// - Parameter line: A line that may hold CSI sequences.
  /// - Returns: The text a reader sees.
  public static func strippingEscapes(_ line: String) -> String {
    var result = ""
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard scalars.next() == "[" else { continue }
      // Parameters and intermediates up to the final byte, @ to ~.
      while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    }
    return result
  }
}
