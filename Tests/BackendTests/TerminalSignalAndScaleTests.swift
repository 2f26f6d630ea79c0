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
    let (dashboard, output, clock, bar, scan) = Self.drawnBlock()
    #expect(output.installedRestore == ANSI.reset + ANSI.showCursor + "\n")
    // The process was stopped (the handler wrote the restore) and continued:
    // the shell wrote its lines below the block.
    output.clearText()
    output.signalContinue()
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
    scan.set(completed: 10)
    dashboard.finish()
  }

  @Test(
    "TB-15 after a continue, suspend clears no block above the cursor: the shell's lines stay, the body's output and the block come below them"
  )
  func suspendAfterContinue() {
    let (dashboard, output, clock, bar, scan) = Self.drawnBlock()
    // Stopped and continued: the shell wrote below the block.
    output.clearText()
    output.signalContinue()
    dashboard.suspend { output.write("BODY\n") }
    let text = output.text
    let before = String(text.prefix { $0 != "B" })
    // Nothing moves up over the shell's lines or erases them before the
    // body; the cursor is hidden again, as the block is still drawn.
    #expect(before == ANSI.hideCursor, "\(text.debugDescription)")
    // After the body the block is drawn anew below it, from the cursor's row.
    let after = text.drop { $0 != "B" }.dropFirst("BODY\n".count)
    #expect(
      !after.contains("\u{1B}[1A") && !after.contains("\u{1B}[2A"), "\(text.debugDescription)")
    #expect(after.contains("Copy") && after.contains("Scan"), "\(text.debugDescription)")
    // A suspend with no continue clears the block in place, as before.
    output.clearText()
    bar.set(completed: 4)
    clock.advance(by: .milliseconds(50))
    dashboard.suspend { output.write("BODY\n") }
    #expect(
      output.text.prefix { $0 != "B" }.contains("\u{1B}[2A"), "\(output.text.debugDescription)")
    scan.set(completed: 10)
    bar.set(completed: 10)
    dashboard.finish()
  }
}

extension TerminalSignalAndScaleTests {
  @Test(
    "TB-15 two dashboards on one output: each sees the continue and draws its block anew; when one finishes, the other's registration stays"
  )
  func twoDashboardsOneOutput() {
    let output = BufferedTerminalDevice(isTerminal: true, columns: 80)
    let clock = TestClock()
    let dashboards = (0..<2).map { _ in
      TerminalDashboard(
        output: TerminalOutput(output), style: .plain, frameInterval: .milliseconds(50),
        clock: clock, steadyTick: false)
    }
    let bars = zip(dashboards, ["Alpha", "Beta"]).map { $0.addBar($1, total: 10) }
    for dashboard in dashboards { dashboard.tick() }
    #expect(output.registrationCount == 2)
    output.signalContinue()
    for bar in bars { bar.set(completed: 1) }
    clock.advance(by: .milliseconds(50))
    for (dashboard, name) in zip(dashboards, ["Alpha", "Beta"]) {
      output.clearText()
      dashboard.tick()
      // Drawn anew from the cursor: hidden again, no move up.
      #expect(
        output.text.hasPrefix(ANSI.hideCursor + "\r"), "\(name): \(output.text.debugDescription)")
    }
    bars[0].set(completed: 10)
    dashboards[0].finish()
    // The other block is still on the terminal: its restore stays registered.
    #expect(output.registrationCount == 1 && output.installedRestore != nil)
    bars[1].set(completed: 10)
    dashboards[1].finish()
    #expect(output.registrationCount == 0)
  }

  /// A dashboard with a block of two bars drawn: "Copy" at 0 and "Scan" at 5
  /// of 10.
  static func drawnBlock() -> (
    TerminalDashboard, BufferedTerminalDevice, TestClock, ProgressBar, ProgressBar
  ) {
    let (dashboard, output, clock) = testDashboard(style: .plain)
    let bar = dashboard.addBar("Copy", total: 10)
    // Kept: a bar let go of finishes, and a finished bar leaves the block (TB-12).
    let scan = dashboard.addBar("Scan", total: 10)
    scan.set(completed: 5)
    dashboard.tick()
    return (dashboard, output, clock, bar, scan)
  }

  /// A line's indentation and its first word: a bar's label, indented.
  static func name(_ line: String) -> String {
    String(line.prefix { $0 == " " }) + line.drop { $0 == " " }.prefix { $0 != " " }
  }

  /// Adds `groups` bars with `children` children each, a child added after
  /// every group is on the dashboard (the worst case of a search for the
  /// parent), and answers the rows visited or moved to place them, and the
  /// lines of one draw.
  static func addNested(groups: Int, children: Int) -> (visited: Int, lines: [String]) {
    let (dashboard, _, _) = testDashboard(columns: 60)
    var parents: [ProgressBar] = []
    for group in 0..<groups { parents.append(dashboard.addBar("g\(group)", total: 10)) }
    for child in 0..<children {
      for group in 0..<groups { _ = parents[group].addChild("c\(group).\(child)", total: 10) }
    }
    dashboard.tick()
    let result = (dashboard.rowsVisited, dashboard.lines)
    dashboard.finish()
    return result
  }

  @Test("TB-16 adding n bars, children among them, visits or moves O(n) rows in all, not O(n²)")
  func addBarWork() {
    // 100 groups of 4 children, then 400 groups of 4: n = 500, then 2,000.
    let small = Self.addNested(groups: 100, children: 4)
    let large = Self.addNested(groups: 400, children: 4)
    // Placing the rows at the draw visits each once: 2n, with the lookups.
    #expect(
      small.visited <= 2 * 500 && large.visited <= 2 * 2_000, "\(small.visited) \(large.visited)")
    // A search for the parent and a row inserted in the middle: n²/4 and more.
    #expect(large.visited <= 5 * small.visited, "\(small.visited) → \(large.visited)")
    // In order: each group, then its children in the order they were added.
    let expected = (0..<100).flatMap { group in
      ["g\(group)"] + (0..<4).map { "  c\(group).\($0)" }
    }
    #expect(small.lines.count == 500)
    #expect(small.lines.map(Self.name) == expected, "\(small.lines.prefix(6))")
  }

  @Test(
    "TB-16 bars added in one draw's time, nested at several levels and beside removed parents, land where adding them one by one put them"
  )
  func addBarOrder() {
    let (dashboard, _, clock) = testDashboard(columns: 60)
    let a = dashboard.addBar("a", total: 10)
    let b = dashboard.addBar("b", total: 10)
    dashboard.tick()
    // Between two draws: a child of a drawn bar, a grandchild of a new one,
    // a child of a bar removed, a top-level bar, a second child of a.
    let a1 = a.addChild("a1", total: 10)
    _ = a1.addChild("a1x", total: 10)
    let gone = dashboard.addBar("gone", total: 10)
    gone.remove()
    _ = gone.addChild("orphan", total: 10)
    _ = dashboard.addBar("c", total: 10)
    _ = a.addChild("a2", total: 10)
    _ = b.addChild("b1", total: 10)
    clock.advance(by: .milliseconds(50))
    dashboard.tick()
    let names = dashboard.lines.map(Self.name)
    #expect(
      names == ["a", "  a1", "    a1x", "  a2", "b", "  b1", "orphan", "c"], "\(dashboard.lines)")
    dashboard.finish()
  }
}

extension TerminalSignalAndScaleTests {
  @Test(
    "TB-17 a draw's work per bar: the widest rate and count of a bar are worked out once, not at every draw"
  )
  func tickWork() {
    let (dashboard, _, clock) = testDashboard(columns: 100)
    let bars = (0..<200).map { dashboard.addBar("bar \($0)", total: 1_000, unit: .bytes) }
    for _ in 0..<20 {
      for bar in bars { bar.advance(by: 7) }
      clock.advance(by: .milliseconds(50))
      dashboard.tick()
    }
    // Once a bar (some sixty texts formatted): 200, not 200 × 20 draws.
    #expect(dashboard.reservedColumnsWorkedOut == 200)
    // A new total asks again, for that bar only.
    bars[0].total = 1_000_000
    clock.advance(by: .milliseconds(50))
    dashboard.tick()
    #expect(dashboard.reservedColumnsWorkedOut == 201)
    dashboard.finish()
  }
}

extension TerminalSignalAndScaleTests {
  /// The shortest time of five redraws of one bar whose message is `count`
  /// characters (two columns each).
  static func redrawSeconds(messageCharacters count: Int) -> Double {
    let (dashboard, output, clock) = testDashboard(columns: 100)
    let bar = dashboard.addBar("copy", total: 1_000_000)
    bar.message = String(repeating: "進", count: count)
    dashboard.tick()
    var shortest = Double.infinity
    let timer = ContinuousClock()
    for _ in 0..<5 {
      bar.advance(by: 1_000)
      clock.advance(by: .milliseconds(100))
      let before = output.writeCount
      let elapsed = timer.measure { dashboard.tick() }
      #expect(output.writeCount == before + 1, "no redraw")
      shortest = min(shortest, elapsed / .seconds(1))
    }
    // The message shortened to the line, with its "…".
    #expect(dashboard.lines.first?.hasSuffix("進…") == true, "\(dashboard.lines)")
    dashboard.finish()
    return shortest
  }

  @Test(
    "TB-18 a redraw's work is bounded by the width, not the message's length: 16 times the message, about the same time"
  )
  func longMessage() {
    let short = Self.redrawSeconds(messageCharacters: 25_000)
    let long = Self.redrawSeconds(messageCharacters: 400_000)
    // Measured over the whole message, the ratio was 37 (0.015 s → 0.57 s).
    #expect(long < 4 * short, "\(short) s → \(long) s")
  }

  @Test(
    "TB-18 a text cut beyond the line's width: its shortest start wider than the width, laid out as the whole text"
  )
  func cutText() throws {
    #expect(TerminalText.cut("abcdef", beyondColumns: 3) == "abcd")
    #expect(TerminalText.cut("abc", beyondColumns: 3) == "abc")
    #expect(TerminalText.cut("日本語です", beyondColumns: 3) == "日本")
    #expect(TerminalText.cut("日本", beyondColumns: 4) == "日本")
    #expect(TerminalText.cut("e\u{301}e\u{301}e\u{301}", beyondColumns: 1) == "e\u{301}e\u{301}")
    let template = try LineTemplate("{label} {bar} {percent} {message}")
    let message = String(repeating: "warn 日本 ", count: 500)
    for columns in [20, 40, 79, 120] {
      let values: [LineTemplate.Field: String] = [.label: "copy", .percent: " 50%"]
      func line(_ text: String) -> String {
        var values = values
        values[.message] = text
        return template.layout(
          values: values, bar: { String(repeating: "#", count: $0) }, columns: columns,
          widths: [.message: TerminalText.columns(of: text)])
      }
      #expect(
        line(TerminalText.cut(message, beyondColumns: columns)) == line(message), "\(columns)")
    }
  }
}
