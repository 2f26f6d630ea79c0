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

  @Test("TB-12 a block taller than the window draws the rows that fit less one, and '… and N more'")
  func cappedBlock() {
    let output = BufferedTerminalDevice(isTerminal: true, columns: 100, rows: 12)
    let clock = TestClock()
    let dashboard = TerminalDashboard(
      output: TerminalOutput(output), style: .plain, clock: clock, steadyTick: false)
    let bars = (1...40).map { dashboard.addBar("bar \($0)", total: 10) }
    clock.advance(by: .seconds(1))
    dashboard.tick()
    // 12 rows: 11 for the block (the cursor rests on the 12th), 10 bars
    // and a line for the 30 others. Before: 40 rows, taller than the window.
    let rows = Self.rows(output.text)
    #expect(rows.count == 11, "\(rows)")
    #expect(rows.prefix(10).map { $0.hasPrefix("bar ") } == Array(repeating: true, count: 10))
    #expect(rows.last == "… and 30 more", "\(rows)")
    for bar in bars { bar.finish(.clear) }
    dashboard.finish()
  }

  @Test(
    "TB-12 a finished bar left on screen moves into the history once, above later lines, never redrawn"
  )
  func finishedBarsLeaveTheBlock() {
    let (dashboard, output, clock) = testDashboard(columns: 100)
    let running = dashboard.addBar("running", total: 10)
    let left = dashboard.addBar("left", total: 10)
    clock.advance(by: .seconds(1))
    dashboard.tick()
    left.finish()
    for line in 1...5 { dashboard.println("line \(line)") }
    running.finish(.clear)
    dashboard.finish()
    let rows = Self.rows(output.text)
    // Drawn once running (the first tick), once finished; the finished
    // line before the printed ones. Before: redrawn under each println.
    let finished = rows.indices.filter { rows[$0].hasPrefix("left ") && rows[$0].contains("100%") }
    #expect(finished.count == 1, "\(rows)")
    #expect(rows.filter { $0.hasPrefix("left ") }.count == 2, "\(rows)")
    #expect(finished.first.map { $0 < rows.firstIndex(of: "line 1") ?? 0 } == true, "\(rows)")
  }

  @Test(
    "TB-13 a line printed while a resize is pending moves up over the block's rows at the new width, once the size stays put"
  )
  func printAfterResize() throws {
    let (dashboard, output, clock) = testDashboard(columns: 100)
    // The bar takes every column the label leaves.
    let bar = dashboard.addBar("wide", total: 10, template: try LineTemplate("{label} {bar}"))
    clock.advance(by: .seconds(1))
    dashboard.tick()
    // The line fills the 99 usable columns: at 50 columns it wraps onto 2 rows.
    #expect(dashboard.lines.map(TerminalScreen.visibleColumns(of:)) == [99])
    output.columns = 50
    output.signalResize()
    output.clearText()
    dashboard.println("printed")
    // Held while the size may still move (before: written at once, moving
    // up 1 row, the old width's count).
    #expect(!output.text.contains("printed"), "\(output.text)")
    // Held until the size has stayed put for 0.3 s and a frame interval
    // (0.05 s here): tmux tells a program its size at most every 0.25 s.
    clock.advance(by: .milliseconds(300))
    dashboard.tick()
    #expect(!output.text.contains("printed"), "\(output.text)")
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    #expect(
      output.text.hasPrefix("\r" + ANSI.cursorUp(2) + ANSI.clearLine + "printed"),
      "\(output.text.debugDescription)")
    bar.finish(.clear)
    dashboard.finish()
  }

  @Test("TB-13 with no bar on screen, a line printed just after a resize is written at once")
  func printAfterResizeWithoutBlock() {
    let (dashboard, output, _) = testDashboard(columns: 100)
    output.columns = 50
    output.signalResize()
    dashboard.println("alone")
    // Nothing to move over: nothing to wait for (a program that never
    // calls finish() would lose a held line).
    #expect(Self.rows(output.text) == ["alone"], "\(output.text.debugDescription)")
    dashboard.finish()
  }

  @Test(
    "TB-13 a resize counted before a block starts (another dashboard's handlers counted it) is not the block's: its first frame is drawn at once"
  )
  func resizeBeforeBlock() {
    for printsFirst in [false, true] {
      let (dashboard, output, clock) = testDashboard(columns: 100)
      output.signalResize()
      // A line printed with no block on screen takes the resize.
      if printsFirst { dashboard.println("hello") }
      clock.advance(by: .milliseconds(60))
      let bar = dashboard.addBar("Copy", total: 10)
      dashboard.tick()
      // The start reads the size: nothing to wait for (before: the block
      // took the old resize, or its settle, and waited 0.3 s).
      #expect(output.text.contains("Copy"), "\(printsFirst) \(output.text.debugDescription)")
      bar.set(completed: 10)
      dashboard.finish()
    }
  }

  @Test("TB-13 a new block reads the terminal's width again: no resize is signalled between blocks")
  func newBlockReadsWidth() {
    let (dashboard, output, clock) = testDashboard(columns: 100)
    let first = dashboard.addBar("first", total: 10, template: try? LineTemplate("{label} {bar}"))
    clock.advance(by: .seconds(1))
    dashboard.tick()
    first.finish()
    clock.advance(by: .seconds(1))
    dashboard.tick()
    #expect(dashboard.lines.map(TerminalScreen.visibleColumns(of:)) == [99])
    // Resized while no block is drawn: the signal handlers are out.
    output.columns = 50
    let second = dashboard.addBar("second", total: 10, template: try? LineTemplate("{label} {bar}"))
    clock.advance(by: .seconds(1))
    dashboard.tick()
    // 49 usable columns (before: 99, wrapped onto 2 rows of 50).
    #expect(dashboard.lines.map(TerminalScreen.visibleColumns(of:)) == [49])
    second.finish(.clear)
    dashboard.finish()
  }

  @Test("TB-13 a row written again from its start, or shorter, is cleared whole first")
  func rowsClearedWhole() {
    var screen = TerminalScreen(columns: 40)
    _ = screen.update(to: [String(repeating: "x", count: 30)])
    // Before: the cells past column 10 cleared to the end of the row, which
    // tmux still counts as the row's width when it reflows.
    #expect(
      screen.update(to: [String(repeating: "x", count: 10)])
        == ANSI.cursorUp(1) + "\r" + ANSI.clearLine + String(repeating: "x", count: 10) + "\n")
  }

  @Test(
    "TB-14 finish, println, addBar back to back: the finished bar, then the line, then the new bar")
  func orderOfCalls() {
    let (dashboard, output, clock) = testDashboard(columns: 100)
    let scan = dashboard.addBar("Scan", total: 10)
    scan.advance(by: 10)
    scan.finish()
    dashboard.println("found 10 files")
    let total = dashboard.addBar("Total", total: 10)
    clock.advance(by: .seconds(1))
    dashboard.tick()
    total.finish()
    dashboard.finish()
    let rows = Self.rows(output.text)
    // Before: the Scan bar was drawn below the line, as a running bar.
    #expect(rows.filter { $0.hasPrefix("Scan") }.count == 1, "\(rows)")
    let scanRow = rows.firstIndex { $0.hasPrefix("Scan") && $0.contains("100%") }
    let line = rows.firstIndex(of: "found 10 files")
    let totalRow = rows.lastIndex { $0.hasPrefix("Total") }
    #expect(scanRow != nil && line != nil && totalRow != nil, "\(rows)")
    if let scanRow, let line, let totalRow {
      #expect(scanRow < line && line < totalRow, "\(rows)")
    }
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
