//===----------------------------------------------------------------------===//
// ProgressTerminal: redrawing a block of lines in place, cell by cell.
//===----------------------------------------------------------------------===//

/// A block of lines redrawn in place at the bottom of a terminal: given the
/// new lines, it answers the bytes that turn what is on screen into them —
/// nothing when nothing changed, only the changed cells otherwise.
///
/// Pure: it writes nothing itself, so tests read the escape sequences. The
/// cursor rests at the start of the line below the block between updates.
/// A line is read as cells — a character, its width in columns and the
/// colour codes in force — and a changed line is rewritten from its first
/// changed cell to its last, in runs that skip three or more unchanged
/// columns; a line that got shorter is cleared whole and written again. A
/// row written from its start is cleared whole first (EL 2): tmux counts a
/// row as wide as the widest text it held until then, and re-wraps it so on
/// a resize (TB-13). After a resize the old lines may have wrapped onto
/// several rows; the next update moves up over all of them, draws the block
/// again and clears to the end of the screen, as it does when the number of
/// lines changes. A block erased whole is erased row by row.
///
/// ```swift
/// var screen = TerminalScreen(columns: 80)
/// print(screen.update(to: ["a ▍", "b"]), terminator: "")   // draws two lines
/// print(screen.update(to: ["a ▍", "b"]), terminator: "")   // "": nothing changed
/// print(screen.update(to: ["a ▌", "b"]), terminator: "")   // up 2, to column 3, "▌", down 2
/// ```
package struct TerminalScreen: Hashable, Sendable {
  /// The lines on screen, as last drawn.
  package private(set) var lines: [String] = []
  /// The columns lines may use.
  package private(set) var columns: Int
  /// The width of the terminal itself, where its lines wrap: `columns` or
  /// more (a dashboard leaves the last column free).
  package private(set) var terminalColumns: Int
  /// The cells of each line on screen.
  private var cells: [[Cell]] = []
  /// The width the lines on screen were drawn at, when a resize since then
  /// asks for a full redraw.
  private var drawnColumns: Int?

  /// One character cell of a line: what is drawn, its width, its colours.
  struct Cell: Hashable, Sendable {
    /// The SGR sequences in force, empty for the default attributes.
    var style: String
    var character: Character
    var width: Int
  }

  /// Creates an empty block.
  ///
  /// - Parameters:
  ///   - columns: The columns lines may use, ≥ 1.
  ///   - terminalColumns: The terminal's width, where lines wrap; `columns`
  ///     when `nil`.
  package init(columns: Int, terminalColumns: Int? = nil) {
    self.columns = max(1, columns)
    self.terminalColumns = max(self.columns, terminalColumns ?? columns)
  }

  /// Records a new terminal width; the next update redraws the whole block.
  ///
  /// - Parameters:
  ///   - newColumns: The columns lines may use, ≥ 1.
  ///   - terminalColumns: The terminal's width; `newColumns` when `nil`.
  package mutating func resize(columns newColumns: Int, terminalColumns: Int? = nil) {
    if drawnColumns == nil { drawnColumns = columns }
    columns = max(1, newColumns)
    self.terminalColumns = max(columns, terminalColumns ?? newColumns)
  }

  /// The bytes that erase the block and leave the cursor where its first
  /// line was; the next update draws the block again from there.
  ///
  /// Each row is cleared by itself: a terminal that saves the screen to its
  /// history when the whole screen is cleared (tmux) keeps no copy.
  ///
  /// - Returns: The bytes to write; empty when no block is on screen.
  package mutating func clear() -> String {
    guard !lines.isEmpty else { return "" }
    let rows = rowsOccupied()
    var output = "\r" + ANSI.cursorUp(rows)
    output += String(repeating: ANSI.clearLine + "\n", count: rows) + ANSI.cursorUp(rows)
    lines = []
    cells = []
    drawnColumns = nil
    return output
  }

  /// The bytes that print `text` where the block is and draw the block
  /// again below it: the line takes the block's first row, each row is
  /// cleared whole and written again, and what is left below is cleared.
  ///
  /// - Parameter text: The line to print, without a newline.
  /// - Returns: The bytes to write.
  package mutating func print(_ text: String) -> String {
    print([text], then: lines)
  }

  /// The bytes that print `texts` where the block is, each on rows of its
  /// own, and draw `newLines` as the block below them: one move up over the
  /// old block, each row cleared whole and written again, and what is left
  /// below cleared.
  ///
  /// - Parameters:
  ///   - texts: The lines to print, without newlines; when empty, this is
  ///     ``update(to:)``.
  ///   - newLines: The block's lines from now on.
  /// - Returns: The bytes to write.
  package mutating func print(_ texts: [String], then newLines: [String]) -> String {
    guard !texts.isEmpty else { return update(to: newLines) }
    let hadBlock = !lines.isEmpty
    var output = "\r" + ANSI.cursorUp(rowsOccupied())
    for text in texts { output += ANSI.clearLine + text + "\n" }
    lines = []
    cells = []
    drawnColumns = nil
    return output + update(to: newLines) + (hadBlock ? ANSI.clearToEndOfScreen : "")
  }

  /// Forgets the block: its lines stay on screen above the cursor, and the
  /// next update draws a new block below them.
  mutating func release() {
    lines = []
    cells = []
    drawnColumns = nil
  }

  /// The bytes that replace the block on screen by `newLines`.
  ///
  /// - Parameter newLines: The lines to show, each narrower than the
  ///   terminal and without a newline.
  /// - Returns: The bytes to write; empty when the screen already shows
  ///   `newLines`.
  /// - Complexity: O(*n*) in the total length of the lines.
  package mutating func update(to newLines: [String]) -> String {
    if drawnColumns == nil, newLines == lines { return "" }
    // Erased row by row: an erase to the end of the screen from its top
    // left corner would move the block into tmux's history (scroll-on-clear).
    if newLines.isEmpty { return clear() }
    let newCells = newLines.map(Self.cells(of:))
    var output = ""
    if lines.isEmpty {
      output += "\r"
      for line in newLines { output += ANSI.clearLine + line + "\n" }
    } else if drawnColumns != nil || newLines.count != lines.count {
      // Move up over every row the old block occupies now, overwrite each
      // row, then clear what is left below (never the whole screen from its
      // top, which some terminals save to their history).
      output += "\r" + ANSI.cursorUp(rowsOccupied())
      for line in newLines { output += ANSI.clearLine + line + "\n" }
      output += ANSI.clearToEndOfScreen
    } else {
      var row = lines.count  // the cursor's row: the line below the block
      for index in newLines.indices where newLines[index] != lines[index] {
        if row == lines.count {
          output += ANSI.cursorUp(row - index)
        } else {
          output += Self.down(index - row)
        }
        row = index
        if Self.width(newCells[index]) < Self.width(cells[index]) {
          // Shorter: the row is cleared whole and written again, so that a
          // terminal that reflows keeps no wider extent for it (TB-13).
          output += "\r" + ANSI.clearLine + newLines[index]
        } else {
          output += Self.edit(from: cells[index], to: newCells[index])
        }
      }
      let below = lines.count - row
      output += below <= 4 ? String(repeating: "\n", count: below) : ANSI.cursorDown(below) + "\r"
    }
    lines = newLines
    cells = newCells
    drawnColumns = nil
    return output
  }

  /// A line's width in columns.
  private static func width(_ cells: [Cell]) -> Int { cells.reduce(0) { $0 + $1.width } }

  private static func down(_ rows: Int) -> String {
    rows <= 4 ? String(repeating: "\n", count: rows) : ANSI.cursorDown(rows)
  }

  /// The bytes that turn one line on screen into another, the cursor on
  /// its row: the changed cells in runs, then a clear when it got shorter.
  static func edit(from old: [Cell], to new: [Cell]) -> String {
    // Mark the new cells that differ from the old cell at the same column.
    var dirty: [(start: Int, end: Int, column: Int)] = []  // runs of new cells
    var oldIndex = 0
    var oldColumn = 0
    var newColumn = 0
    for index in new.indices {
      while oldIndex < old.count, oldColumn < newColumn {
        oldColumn += old[oldIndex].width
        oldIndex += 1
      }
      let same = oldIndex < old.count && oldColumn == newColumn && old[oldIndex] == new[index]
      if !same {
        if let last = dirty.last, index - last.end <= 3 {
          dirty[dirty.count - 1].end = index + 1
        } else {
          dirty.append((index, index + 1, newColumn))
        }
      }
      newColumn += new[index].width
    }
    let oldWidth = old.reduce(0) { $0 + $1.width }
    var output = ""
    var style = ""
    var end = -1  // the column after the last cell written
    for run in dirty {
      output += ANSI.column(run.column)
      var column = run.column
      for cell in new[run.start..<run.end] {
        if cell.style != style {
          output += cell.style.isEmpty || !cell.style.hasPrefix(ANSI.reset) ? ANSI.reset : ""
          output += cell.style
          style = cell.style
        }
        output.append(cell.character)
        column += cell.width
      }
      end = column
    }
    if !style.isEmpty { output += ANSI.reset }
    if newColumn < oldWidth {
      output += (end == newColumn ? "" : ANSI.column(newColumn)) + ANSI.clearToEndOfLine
    }
    return output
  }

  /// The rows the block occupies at the terminal's current width: a line
  /// wider than the terminal wraps onto several rows.
  private func rowsOccupied() -> Int {
    cells.reduce(0) { rows, line in
      let width = line.reduce(0) { $0 + $1.width }
      return rows + max(1, (width + terminalColumns - 1) / terminalColumns)
    }
  }

  /// A line's cells: each character with its width and the colour codes
  /// in force (a run of codes starting with a reset replaces them; a reset
  /// alone clears them).
  static func cells(of line: String) -> [Cell] {
    var result: [Cell] = []
    var style = ""
    var pending = ""
    var characters = line.makeIterator()
    while let character = characters.next() {
      if character == "\u{1B}" {
        var sequence = "\u{1B}"
        if let next = characters.next() {
          sequence.append(next)
          if next == "[" {
            while let byte = characters.next() {
              sequence.append(byte)
              if let scalar = byte.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
                break
              }
            }
          }
        }
        pending += sequence
        continue
      }
      if !pending.isEmpty {
        if pending == ANSI.reset {
          style = ""
        } else if pending.hasPrefix(ANSI.reset) {
          style = pending
        } else {
          style += pending
        }
        pending = ""
      }
      result.append(
        Cell(style: style, character: character, width: TerminalText.columns(of: character)))
    }
    return result
  }

  /// The columns a line takes on screen, its escape sequences excluded.
  ///
  /// - Parameter line: A line that may hold CSI sequences.
  /// - Returns: Its width in columns.
  package static func visibleColumns(of line: String) -> Int {
    TerminalText.columns(of: strippingEscapes(line))
  }

  /// The line without its CSI escape sequences.
  ///
  /// - Parameter line: A line that may hold CSI sequences.
  /// - Returns: The text a reader sees.
  package static func strippingEscapes(_ line: String) -> String {
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
