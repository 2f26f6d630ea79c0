//===----------------------------------------------------------------------===//
// ProgressTerminal: the block under real use — finished bars moved into the
// history, the block kept within the window, resizes taken before any move
// (TB-11 to TB-14).
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DashboardCore {
  /// How long the terminal's size must stay put before the block is drawn
  /// again after a resize, besides a frame interval: 0.3 s (TB-13).
  ///
  /// tmux re-wraps its screen at once on a resize, but tells the program
  /// (SIGWINCH, the size `TIOCGWINSZ` reports) at most every 0.25 s: in
  /// between, the size the program knows is not the screen's. The
  /// dashboard notices a resize when it draws, a frame interval late at
  /// most, hence the interval on top.
  static let resizeSettle = 0.3

  /// Takes a resize the device reports: the new width and height count
  /// from now on, before any move over the block, and the block waits
  /// until the size has stayed put for ``resizeSettle`` (TB-13).
  func applyResize(_ state: inout State, now: Double) {
    let resizes = device.resizeCount
    guard resizes != state.seenResizes else { return }
    state.seenResizes = resizes
    let reported = device.columns
    state.screen.resize(
      columns: Self.usableColumns(reported), terminalColumns: Self.terminalColumns(reported))
    state.terminalRows = device.rows
    state.resizedAt = now
  }

  /// Whether the block waits for the terminal's size to stay put: a resize
  /// was taken less than ``resizeSettle`` and a frame interval ago (TB-13).
  func isSettling(_ state: State, now: Double) -> Bool {
    now < state.resizedAt + Self.resizeSettle + frameInterval
  }

  /// Waits until the terminal's size has stayed put (TB-13).
  ///
  /// For at most ``resizeSettle`` and a frame interval of real time: the
  /// lines held back by a resize are then written at the size the terminal
  /// has, not at a size it reported on its way. ``finish()`` and `suspend`
  /// wait so; without a resize in the last moments, they do not wait.
  func waitForSettledSize() {
    var waited = 0.0
    let limit = Self.resizeSettle + frameInterval
    while waited < limit {
      let remaining = state.withLock { state -> Double in
        guard device.isTerminal, !state.finished else { return 0 }
        let now = clock.now()
        applyResize(&state, now: now)
        guard isSettling(state, now: now) else { return 0 }
        return state.resizedAt + Self.resizeSettle + frameInterval - now
      }
      guard remaining > 0 else { return }
      // Real time, in short steps: the dashboard's clock may be a test's.
      let step = min(remaining, 0.05)
      var request = timespec(tv_sec: 0, tv_nsec: Int(step * 1e9))
      _ = nanosleep(&request, nil)
      waited += step
    }
  }

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
