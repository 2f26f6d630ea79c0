//===----------------------------------------------------------------------===//
// BackendTests: the dashboard's block under real use — short-lived bars, a
// block taller than the window, resizes, the order of calls (TB-11 to TB-14).
// The same workloads run in tmux in CommandTests/TerminalBlockCaptureTests.
//===----------------------------------------------------------------------===//

import ProgressTerminal
import ProgressTesting
import Testing

@Suite("The dashboard's block under real use")
struct TerminalBlockTests {
  /// The rows a reader sees in what was written: escapes and carriage
  /// returns dropped, empty rows left out.
  static func rows(_ text: String) -> [String] {
    TerminalScreen.strippingEscapes(text).split(separator: "\n")
      .map { String($0.filter { $0 != "\r" }) }.filter { !$0.isEmpty }
  }

  @Test(
    "TB-11 bars added, filled and cleared before each println are never drawn: only the lines are written"
  )
  func shortLivedBars() {
    let (dashboard, output, _) = testDashboard(columns: 100)
    for item in 1...40 {
      let bar = dashboard.addBar("item \(item)", total: 4096, unit: .bytes)
      bar.advance(by: 4096)
      bar.finish(.clear)
      dashboard.println("processed item \(item)")
    }
    dashboard.finish()
    // Before: each println drew the bars added or cleared since the last
    // tick, 40 rows of "item k … 0 B" among the lines.
    #expect(Self.rows(output.text) == (1...40).map { "processed item \($0)" })
  }

  @Test("TB-14 piped, a bar's (done) line comes before a line printed after its finish")
  func orderOfCallsPiped() {
    let (dashboard, output, _) = testDashboard(terminal: false, columns: 100)
    let scan = dashboard.addBar("Scan", total: 10)
    scan.advance(by: 10)
    scan.finish()
    dashboard.println("found 10 files")
    dashboard.finish()
    let rows = Self.rows(output.text)
    // Before: "Scan: 0% …", "found 10 files", then "Scan: 100% … (done)".
    let done = rows.firstIndex { $0.hasPrefix("Scan: 100%") && $0.hasSuffix("(done)") }
    let line = rows.firstIndex(of: "found 10 files")
    #expect(done.flatMap { done in line.map { done < $0 } } == true, "\(rows)")
  }
}
