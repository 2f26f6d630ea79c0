//===----------------------------------------------------------------------===//
// ProgressTerminal: a text stream that prints whole lines above the bars.
//===----------------------------------------------------------------------===//

/// A `TextOutputStream` that prints whole lines above a dashboard's bars.
///
/// ```swift
/// let dashboard = TerminalDashboard()
/// var log = dashboard.log
/// print("fetched", "docs.pdf", to: &log)
/// ```
public struct DashboardLog: TextOutputStream, Sendable {
  let dashboard: TerminalDashboard
  private var partial = ""

  init(dashboard: TerminalDashboard) { self.dashboard = dashboard }

  /// Buffers text; each complete line is printed above the bars.
  ///
  /// - Parameter string: The text.
  public mutating func write(_ string: String) {
    partial += string
    while let newline = partial.firstIndex(of: "\n") {
      dashboard.println(String(partial[..<newline]))
      partial = String(partial[partial.index(after: newline)...])
    }
  }
}
