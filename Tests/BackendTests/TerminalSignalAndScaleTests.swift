//===----------------------------------------------------------------------===//
// BackendTests: the dashboard after a stop and a continue (TB-15), and its
// cost with many bars and long messages (TB-16 to TB-18).
//===----------------------------------------------------------------------===//

import ProgressTerminal
import ProgressTesting
import Testing

@Suite("The dashboard's signals and scale")
struct TerminalSignalAndScaleTests {
  @Test(
    "TB-15 after a continue (SIGCONT) the next draw hides the cursor and draws the block anew below"
  )
  func continued() {
    let (dashboard, output, clock) = testDashboard(style: .plain)
    let bar = dashboard.addBar("Copy", total: 10)
    dashboard.addBar("Scan", total: 10).set(completed: 5)
    dashboard.tick()
    #expect(output.installedRestore == ANSI.reset + ANSI.showCursor + "\n")
    // The process was stopped (the handler wrote the restore) and continued:
    // the shell wrote its lines below the block.
    output.clearText()
    output.pendingContinue = true
    bar.set(completed: 3)
    clock.advance(by: .milliseconds(50))
    dashboard.tick()
    let text = output.text
    // The cursor hidden again, then both lines from the cursor's row: no
    // move up over the rows the shell wrote.
    #expect(text.hasPrefix(ANSI.hideCursor + "\r"), "\(text.debugDescription)")
    #expect(!text.contains("\u{1B}[1A") && !text.contains("\u{1B}[2A"), "\(text.debugDescription)")
    #expect(text.contains("Copy") && text.contains("Scan"), "\(text.debugDescription)")
    // Without a continue, the next draw edits the block in place: up, not anew.
    output.clearText()
    bar.set(completed: 4)
    clock.advance(by: .milliseconds(50))
    dashboard.tick()
    #expect(!output.text.contains(ANSI.hideCursor) && output.text.contains("\u{1B}["))
    #expect(!output.text.contains("Scan"), "\(output.text.debugDescription)")
    dashboard.finish()
  }
}
