//===----------------------------------------------------------------------===//
// ProgressTerminal: the block under real use — finished bars moved into the
// history, the block kept within the window (TB-12).
//===----------------------------------------------------------------------===//

extension DashboardCore {
  /// Takes the rows of finished bars out of the block: a top-level bar with
  /// its children, once none of them runs, leaves with its lines (TB-12).
  ///
  /// - Parameters:
  ///   - state: The dashboard's state; its rows lose the finished groups.
  ///   - lines: The lines of every row, in the rows' order.
  /// - Returns: The lines that leave, in order, and the block's lines left.
  func retireFinished(_ state: inout State, lines: [String]) -> (
    history: [String], block: [String]
  ) {
    var finished: [Range<Int>] = []
    var start = 0
    while start < state.rows.count {
      var end = start + 1
      while end < state.rows.count, state.rows[end].depth > state.rows[start].depth { end += 1 }
      var running = false
      for index in start..<end where state.rows[index].isRunning { running = true }
      if !running { finished.append(start..<end) }
      start = end
    }
    guard !finished.isEmpty else { return ([], lines) }
    var history: [String] = []
    var block = lines
    for range in finished { history += lines[range] }
    for range in finished.reversed() {
      state.rows.removeSubrange(range)
      block.removeSubrange(range)
    }
    return (history, block)
  }

  /// The lines drawn of a block: all of them when they fit in the window's
  /// `rows` less one (the cursor's row), else the first that fit and a last
  /// line "… and N more" for the N not drawn; all of them when the height
  /// is unknown (0) (TB-12).
  static func capped(_ lines: [String], rows: Int, columns: Int) -> [String] {
    guard rows > 0 else { return lines }
    let limit = max(1, rows - 1)
    guard lines.count > limit else { return lines }
    let shown = limit - 1
    let summary = TerminalText.truncate("… and \(lines.count - shown) more", toColumns: columns)
    return Array(lines.prefix(shown)) + [summary]
  }
}
