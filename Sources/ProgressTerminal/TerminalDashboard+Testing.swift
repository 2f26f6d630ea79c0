//===----------------------------------------------------------------------===//
// ProgressTerminal: what the package's tests and benchmarks read of a
// dashboard — not API.
//===----------------------------------------------------------------------===//

extension TerminalDashboard {
  /// The lines last drawn on a terminal (escape codes included); they stay
  /// readable after the bars finished and the block was left on screen.
  package var lines: [String] { core.state.withLock { $0.lastLines } }

  /// The colour depth of the lines.
  package var style: TerminalStyle { core.style }

  /// The shortest time between two redraws, in seconds.
  package var frameInterval: Double { core.frameInterval }
}
