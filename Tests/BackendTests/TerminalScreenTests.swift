//===----------------------------------------------------------------------===//
// BackendTests: redrawing in place, the dashboard, tasks (spec BK-4 to BK-7).
//===----------------------------------------------------------------------===//

import ProgressIndicator
import ProgressStateMachine
import ProgressTerminal
import Testing

@Suite("Terminal screen and dashboard")
struct TerminalScreenTests {
  @Test("BK-4 nothing is written when no line changed; only changed lines otherwise")
  func diff() {
    var screen = TerminalScreen(columns: 40)
    let first = screen.update(to: ["a", "b"])
    #expect(first == "\r" + ANSI.clearToEndOfScreen + "a\nb\n")
    #expect(screen.update(to: ["a", "b"]).isEmpty)
    // Up two rows; line 1 unchanged (a newline only); line 2 rewritten.
    #expect(
      screen.update(to: ["a", "c"]) == ANSI.cursorUp(2) + "\n" + "\r" + ANSI.clearLine + "c\n")
  }

  @Test("BK-4 after a resize, the redraw covers every row the old lines wrap onto")
  func resize() {
    var screen = TerminalScreen(columns: 40)
    _ = screen.update(to: [String(repeating: "x", count: 30), "y"])
    screen.resize(columns: 10)
    // 30 columns at width 10 are 3 rows, plus 1: move up 4, clear, redraw.
    let bytes = screen.update(to: ["x", "y"])
    #expect(bytes == "\r" + ANSI.cursorUp(4) + ANSI.clearToEndOfScreen + "x\ny\n")
    #expect(
      TerminalScreen.visibleColumns(of: ANSI.foreground(Color(hex: 0xFF0000)) + "ab" + ANSI.reset)
        == 2)
  }

  @Test("BK-4 draws are at most one per frame interval")
  func frameRate() throws {
    let output = BufferedTerminalOutput(isTerminal: true, columns: 40)
    let dashboard = TerminalDashboard(output: output, style: .plain, frameInterval: 0.1)
    let indicator = try ProgressIndicator(size: Size(width: 320, height: 40))
    dashboard.add(indicator)
    dashboard.tick(at: 0)
    let afterFirst = output.text
    indicator.setProgress(0.5, animated: false)
    dashboard.tick(at: 0.05)  // within the interval: nothing drawn
    #expect(output.text == afterFirst)
    dashboard.tick(at: 0.1)
    #expect(output.text.count > afterFirst.count)
    dashboard.finish()
  }

  @Test("BK-5 the cursor is hidden while drawing and shown by finish and by the signal handlers")
  func cursor() throws {
    let output = BufferedTerminalOutput(isTerminal: true, columns: 40)
    let dashboard = TerminalDashboard(output: output, style: .color)
    dashboard.add(try ProgressIndicator(progress: 0.4, size: Size(width: 320, height: 40)))
    dashboard.tick(at: 0)
    #expect(output.text.hasPrefix(ANSI.hideCursor))
    #expect(output.installedRestore == ANSI.reset + ANSI.showCursor + "\n")
    dashboard.finish()
    #expect(output.text.hasSuffix(ANSI.reset + ANSI.showCursor))
    #expect(output.installedRestore == nil)
    dashboard.finish()  // twice is harmless
    #expect(output.text.hasSuffix(ANSI.reset + ANSI.showCursor))
  }

  @Test("BK-6 not a terminal: plain lines, one per meaningful change, no escape sequence")
  func plainLines() throws {
    let output = BufferedTerminalOutput(isTerminal: false, columns: 0)
    let dashboard = TerminalDashboard(output: output)
    let indicator = try ProgressIndicator(
      configuration: ProgressConfiguration(
        variant: .linear(size: .medium, style: .percentage), leftLabelText: "Copy"),
      isHidden: true, size: Size(width: 320, height: 40))
    dashboard.add(indicator)
    dashboard.tick(at: 0)  // hidden from the start: nothing
    indicator.setHidden(false, animated: false)
    dashboard.tick(at: 0.1)
    indicator.setProgress(0.5, animated: true)
    for step in 2...20 { dashboard.tick(at: Double(step) / 10) }  // the bar moves: one line
    indicator.progressType = .indeterminate
    indicator.startIndeterminateAnimation()
    for step in 21...40 { dashboard.tick(at: Double(step) / 10) }  // the loop runs: one line
    indicator.setHidden(true, animated: false)
    dashboard.tick(at: 4.1)
    dashboard.finish()
    #expect(
      output.text == "Copy: 0%\nCopy: 50%\nCopy: working…\nCopy: hidden\n")
    #expect(!output.text.contains("\u{1B}"))
  }

  @Test("BK-6 colours off: no escape sequence in a terminal's lines")
  func noColor() throws {
    let output = BufferedTerminalOutput(isTerminal: true, columns: 40)
    let dashboard = TerminalDashboard(output: output, style: .plain)
    dashboard.add(try ProgressIndicator(progress: 0.4, size: Size(width: 320, height: 40)))
    dashboard.tick(at: 0)
    for line in dashboard.currentLines() { #expect(!line.contains("\u{1B}")) }
    dashboard.finish()
  }

  @Test("BK-7 a task shows work, rate, elapsed and time left; a bad total is a typed error")
  func task() throws {
    let task = try WorkProgress(label: "Copying", total: 10, at: 0)
    #expect(task.summary(at: 0.2) == "0/10 · 0:00")
    task.report(completed: 4, at: 2)
    #expect(task.summary(at: 2) == "4/10 · 2.0 items/s · 0:02 · ETA 0:03")
    task.report(completed: 12, at: 5)  // clamped to the total
    #expect(task.completed == 10)
    #expect(task.summary(at: 9) == "10/10 · 2.0 items/s · 0:05 · done")
    let bytes = try WorkProgress(label: nil, total: 48_000_000, unit: .bytes, at: 0)
    bytes.report(completed: 12_345_678, at: 1)
    #expect(bytes.summary(at: 1) == "12.3 MB/48.0 MB · 12.3 MB/s · 0:01 · ETA 0:02")
    #expect(throws: TerminalError.invalidTotal(0)) { try WorkProgress(label: nil, total: 0, at: 0) }
    #expect(throws: TerminalError.self) { try WorkProgress(label: nil, total: .nan, at: 0) }
  }
}
