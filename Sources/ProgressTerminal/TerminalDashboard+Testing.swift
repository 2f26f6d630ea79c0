//===----------------------------------------------------------------------===//
// ProgressTerminal: what the package's tests and benchmarks read of a
// dashboard — not API.
//===----------------------------------------------------------------------===//

import CTerminalSupport
package import ProgressIndicatorKit

extension TerminalDashboard {
  /// The indicator each bar's runtime runs: its configuration, size and
  /// colours, for a test that builds the same indicator.
  package static var barIndicator:
    (configuration: ProgressConfiguration, size: FrameSize, theme: ProgressTheme)
  {
    (DashboardRow.configuration, DashboardRow.size, DashboardRow.theme)
  }

  /// The frames a bar's runtime delivered, oldest first, when the dashboard
  /// records them (`recordsFrames`); they stay after the bar's row is gone.
  ///
  /// - Parameter bar: A bar of this dashboard.
  /// - Returns: The frames, with their times.
  package func deliveredFrames(of bar: ProgressBar) -> [ProgressFrame] {
    core.state.withLock { $0.deliveredFrames[ObjectIdentifier(bar.core)] ?? [] }
  }

  /// The lines last drawn on a terminal (escape codes included); they stay
  /// readable after the bars finished and the block was left on screen.
  package var lines: [String] { core.state.withLock { $0.lastLines } }

  /// The rows visited or moved so far to place the bars added (TB-16): a
  /// test counts the work of adding bars by it.
  package var rowsVisited: Int { core.state.withLock { $0.rowsVisited } }

  /// The times a row's reserved columns (the widest rate and count, TB-6)
  /// were worked out so far (TB-17).
  package var reservedColumnsWorkedOut: Int {
    core.state.withLock { $0.reservedColumnsWorkedOut }
  }

  /// The colour depth of the lines.
  package var style: TerminalStyle { core.style }

  /// The shortest time between two redraws, in seconds.
  package var frameInterval: Double { core.frameInterval }

  /// The CPU time the steady tick's thread has used, in seconds; `nil`
  /// when no tick thread runs.
  ///
  /// A test of TB-5 reads it: a tick that sleeps between redraws uses
  /// almost none.
  package var tickCPUSeconds: Double? {
    guard let thread = core.state.withLock({ $0.tickerThread }), thread != 0 else { return nil }
    let seconds = progress_thread_cpu_seconds(thread)
    return seconds >= 0 ? seconds : nil
  }
}
