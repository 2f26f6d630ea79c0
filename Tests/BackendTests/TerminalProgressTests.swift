//===----------------------------------------------------------------------===//
// BackendTests: the command-line progress API (spec TB-1 to TB-9).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressTerminal
import ProgressTesting
import Testing

@Suite("Terminal progress API")
struct TerminalProgressTests {
  @Test("TB-1 handles are updated from many tasks at once; every update counts")
  func concurrentUpdates() async {
    let (dashboard, _, clock) = testDashboard()
    let bar = dashboard.addBar("Shared", total: 80_000)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for step in 0..<10_000 {
            bar.advance(by: 1)
            if step % 1000 == 0 { bar.message = "step \(step)" }
          }
        }
      }
      group.addTask {
        for _ in 0..<50 {
          clock.advance(by: .milliseconds(50))
          dashboard.tick()
        }
      }
    }
    #expect(bar.completed == 80_000)
    bar.set(completed: 40_000)
    #expect(bar.completed == 40_000)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    #expect(dashboard.lines[0].contains(" 50%  40.0k/80.0k"), "\(dashboard.lines)")
    dashboard.finish()
  }

  @Test("TB-2 a sequence and an async sequence are counted as they are iterated")
  func wrappers() async throws {
    let (dashboard, output, clock) = testDashboard(terminal: false, columns: 0)
    var seen = 0
    for value in (1...50).progress("Sync", on: dashboard) {
      seen += value
      clock.advance(by: .milliseconds(10))
      dashboard.tick()
    }
    #expect(seen == 1275)
    let stream = AsyncStream<Int> { continuation in
      for value in 0..<20 { continuation.yield(value) }
      continuation.finish()
    }
    var count = 0
    for await _ in stream.progress("Async", total: 20, on: dashboard) {
      count += 1
      clock.advance(by: .milliseconds(10))
      dashboard.tick()
    }
    #expect(count == 20)
    // A loop left early abandons its bar.
    for value in [1, 2, 3, 4].progress("Early", on: dashboard) where value == 2 { break }
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    dashboard.finish()
    let text = output.text
    #expect(text.contains("Sync: 100%  50/50"), "\(text)")
    #expect(text.contains("Async: 100%  20/20"), "\(text)")
    #expect(text.contains("Early: 25%  1/4") && text.contains("(abandoned)"), "\(text)")
  }

  /// The bar cells of a plain line: the run of block and track glyphs.
  func barCells(_ line: String) -> String {
    String(line.filter { "█▏▎▍▌▋▊▉░".contains($0) })
  }

  @Test("TB-3 a finished bar is drawn full at once; clear removes it; abandon leaves it")
  func finishing() {
    let (dashboard, _, clock) = testDashboard(columns: 101)
    let left = dashboard.addBar("left", total: 100)
    let cleared = dashboard.addBar("cleared", total: 100)
    let abandoned = dashboard.addBar("abandoned", total: 100)
    for bar in [left, cleared, abandoned] { bar.set(completed: 40) }
    dashboard.tick()
    clock.advance(by: .milliseconds(50))
    dashboard.tick()
    // Mid-animation (the bar eases to 40 % over 0.25 s), each bar finishes.
    left.finish()
    cleared.finish(.clear)
    abandoned.finish(.abandon, message: "disk full")
    clock.advance(by: .milliseconds(50))
    dashboard.tick()
    let lines = dashboard.lines
    #expect(lines.count == 2, "\(lines)")
    let full = barCells(lines[0])
    #expect(!full.isEmpty && full.allSatisfy { $0 == "█" }, "\(lines[0])")
    #expect(lines[0].contains("100%  100/100"))
    #expect(
      lines[1].hasPrefix("abandoned") && lines[1].contains(" 40%")
        && lines[1].hasSuffix("disk full"))
    // Abandoned at 40 %: drawn at its value, not mid-animation.
    let cells = barCells(lines[1])
    let filled = cells.filter { $0 == "█" }.count
    #expect(filled == cells.count * 4 / 10, "\(lines[1])")
    dashboard.finish()
  }

  @Test("TB-3 bars are added, nested and removed while running")
  func addRemoveNest() {
    let (dashboard, _, clock) = testDashboard(columns: 81)
    let parent = dashboard.addBar("all", total: 3)
    let first = parent.addChild("one", total: 10)
    _ = parent.addChild("two", total: 10)
    let other = dashboard.addBar("other", total: nil)
    let grandchild = first.addChild("one.a", total: 5)
    dashboard.tick()
    let names = dashboard.lines.map { TerminalScreen.strippingEscapes($0) }
    #expect(names.count == 5, "\(names)")
    #expect(
      names[0].hasPrefix("all") && names[1].hasPrefix("  one ") && names[2].hasPrefix("    one.a"))
    #expect(names[3].hasPrefix("  two") && names[4].contains("other"), "\(names)")
    _ = grandchild
    first.remove()  // with its child
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    let after = dashboard.lines
    #expect(after.count == 3 && after[1].hasPrefix("  two"), "\(after)")
    other.finish()
    dashboard.finish()
  }

  @Test("TB-3 a bar finishes once: a second finish, or one after its removal, changes nothing")
  func finishOnce() {
    let (dashboard, output, clock) = testDashboard(terminal: false, columns: 0)
    let first = dashboard.addBar("first", total: 100)
    let removed = dashboard.addBar("removed", total: 10)
    first.set(completed: 40)
    dashboard.tick()
    // Both before the next redraw: the first finish is the one that counts.
    first.finish(.abandon, message: "disk full")
    first.finish(.leave, message: "done after all")
    #expect(first.isFinished && first.completed == 40 && first.message == "disk full")
    removed.remove()
    removed.finish(.leave)
    #expect(removed.isFinished && removed.completed == 0)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    dashboard.finish()
    let lines = output.text.split(separator: "\n").map(String.init)
    #expect(
      lines.last?.hasPrefix("first: 40%  40/100") == true
        && lines.last?.hasSuffix("disk full (abandoned)") == true, "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("removed") && $0.contains("(done)") }, "\(lines)")
  }

  @Test("TB-3 when every bar is done its lines stay; a bar added after idle ticks starts anew")
  func newBlock() {
    let (dashboard, output, clock) = testDashboard(columns: 41)
    let first = dashboard.addBar("first", total: 10)
    dashboard.tick()
    first.finish()
    clock.advance(by: .milliseconds(100))
    dashboard.tick()  // the block is left on screen, the cursor shown
    #expect(output.text.hasSuffix(ANSI.reset + ANSI.showCursor))
    // Idle ticks with nothing on screen, then a bar comes.
    for _ in 0..<3 {
      clock.advance(by: .seconds(1))
      dashboard.tick()
    }
    let before = output.text.count
    let second = dashboard.addBar("second", total: 10)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    let drawn = String(output.text.dropFirst(before))
    #expect(
      drawn.hasPrefix(ANSI.hideCursor + "\r" + ANSI.clearLine + "second"),
      "\(drawn.debugDescription)")
    second.finish()
    dashboard.finish()
  }

  @Test("TB-4 the rate is smoothed over 1.5 s: a stall lowers it, a burst passes")
  func smoothing() {
    var rate = RateEstimator(timeConstant: 1.5)
    var count = 0.0
    var time = 0.0
    rate.record(count: count, at: time)
    func run(seconds: Double, perSecond: Double) {
      for _ in 0..<Int(seconds * 20) {
        time += 0.05
        count += perSecond * 0.05
        rate.record(count: count, at: time)
      }
    }
    // The documented method: Σ rᵢ αᵢ (decayed) / Σ αᵢ (decayed), αᵢ = 1 − e^(−Δt/τ);
    // over a stretch of t seconds at a constant rate the weights add up to
    // 1 − e^(−t/τ), and earlier weight decays by e^(−t/τ).
    let e = { (seconds: Double) in exp(-seconds / 1.5) }
    run(seconds: 5, perSecond: 10)
    #expect(abs((rate.rate ?? 0) - 10) < 1e-9)  // steady: exact
    run(seconds: 5, perSecond: 0)  // a 5 s stall: the rate falls to 0.69
    let stalled = 10 * (1 - e(5)) * e(5) / (1 - e(10))
    #expect(abs((rate.rate ?? 0) - stalled) < 1e-6, "\(rate.rate ?? 0) vs \(stalled)")
    #expect(stalled < 0.7)
    run(seconds: 3, perSecond: 10)  // 3 s at the old rate again: back to 8.7
    let recovered = (10 * (1 - e(5)) * e(5) * e(3) + 10 * (1 - e(3))) / (1 - e(13))
    #expect(abs((rate.rate ?? 0) - recovered) < 1e-6, "\(rate.rate ?? 0) vs \(recovered)")
    #expect(recovered > 8.6)
    run(seconds: 10, perSecond: 10)
    // A burst: 100 items at once, then the steady rate again.
    count += 100
    time += 0.05
    rate.record(count: count, at: time)
    let peak = rate.rate ?? 0
    #expect(peak > 10 && peak < 10 + 100 / 1.5 + 1, "\(peak)")
    run(seconds: 5, perSecond: 10)
    #expect(abs((rate.rate ?? 0) - 10) < 100 / 1.5 * exp(-5 / 1.5) + 0.01, "\(rate.rate ?? 0)")
    // The first estimates are the average since the start, not pulled to 0.
    var fresh = RateEstimator()
    fresh.record(count: 0, at: 0)
    fresh.record(count: 3, at: 0.1)
    #expect(abs((fresh.rate ?? 0) - 30) < 1e-9)
  }

  @Test("TB-4 the time left follows the smoothed rate through a stall on the dashboard")
  func etaThroughStall() {
    let (dashboard, _, clock) = testDashboard(columns: 101)
    let bar = dashboard.addBar("Work", total: 200)
    var done = 0
    func run(seconds: Double, perSecond: Int) {
      for step in 0..<Int(seconds * 20) {
        if step % (20 / max(1, perSecond)) == 0, perSecond > 0 { done += max(1, perSecond / 20) }
        bar.set(completed: done)
        clock.advance(by: .milliseconds(50))
        dashboard.tick()
      }
    }
    run(seconds: 5, perSecond: 20)  // 100 done at 20/s: 100 left, ETA 0:05
    #expect(
      dashboard.lines[0].contains("ETA 0:05") || dashboard.lines[0].contains("ETA 0:04"),
      "\(dashboard.lines)")
    run(seconds: 5, perSecond: 0)  // stalled: the rate falls, the time left grows past 2 min
    let stalled = dashboard.lines[0]
    #expect(stalled.contains("ETA 2:"), "\(stalled)")
    #expect(stalled.contains("0.7 items/s") || stalled.contains("0.8 items/s"), "\(stalled)")
    run(seconds: 4, perSecond: 20)  // 20 left at nearly 20/s again
    let line = dashboard.lines[0]
    #expect(line.contains("ETA 0:01") || line.contains("ETA 0:00"), "\(line)")
    dashboard.finish()
  }

  @Test("TB-5 the steady tick redraws with no update: the elapsed time moves on the clock")
  func steadyTick() throws {
    let output = BufferedTerminalDevice(isTerminal: true, columns: 60)
    let clock = TestClock()
    let dashboard = TerminalDashboard(output: TerminalOutput(output), style: .plain, clock: clock)
    let bar = dashboard.addBar("Idle", total: nil)
    func waitFor(_ text: String) -> Bool {
      for _ in 0..<500 {
        if dashboard.lines.first?.contains(text) == true { return true }
        Thread.sleep(forTimeInterval: 0.01)
      }
      return false
    }
    #expect(waitFor("0:00"))
    for second in 1...3 {
      clock.advance(by: .seconds(1))
      #expect(waitFor("0:0\(second)"), "\(dashboard.lines)")
    }
    // Nothing advanced the bar: the spinner and the time moved by themselves.
    #expect(bar.completed == 0)
    bar.finish()
    dashboard.finish()
    #expect(output.text.hasSuffix(ANSI.reset + ANSI.showCursor))
  }

  /// The columns a line's bar occupies: from its first bar cell to its last.
  func barColumns(_ line: String) -> ClosedRange<Int>? {
    let cells = Array(line)
    guard let first = cells.firstIndex(where: { "█▏▎▍▌▋▊▉░".contains($0) }),
      let last = cells.lastIndex(where: { "█▏▎▍▌▋▊▉░".contains($0) })
    else { return nil }
    return first...last
  }

  @Test(
    "TB-6 rows share their columns: every bar starts and ends in the same columns from the first draw, rate or not, message or not"
  )
  func sharedColumns() throws {
    let (dashboard, _, clock) = testDashboard(columns: 121)
    let total = dashboard.addBar("Downloading", total: 84_000_000, unit: .bytes)
    total.prefix = "[1/2]"
    let archive = total.addChild("archive.zip", total: 48_000_000, unit: .bytes)
    let docs = total.addChild("docs.pdf", total: 6_000_000, unit: .bytes)
    var seen: [ClosedRange<Int>] = []
    func draw(after milliseconds: Int, _ check: ([String]) -> Void = { _ in }) {
      clock.advance(by: .milliseconds(milliseconds))
      dashboard.tick()
      let lines = dashboard.lines
      let ranges = lines.compactMap(barColumns)
      #expect(ranges.count == 3 && Set(ranges).count == 1, "\(lines)")
      seen += ranges
      check(lines)
    }
    // Before half a second: no rate, no time left, their columns kept.
    draw(after: 100) { lines in #expect(!lines.joined().contains("/s"), "\(lines)") }
    for step in 1...10 {
      archive.set(completed: 4_000_000 * step)
      docs.set(completed: 500_000 * step)
      total.set(completed: 4_500_000 * step)
      // From 0.6 s, the rate and the time left are shown.
      draw(after: 100) { lines in
        if step >= 5 { #expect(lines.allSatisfy { $0.contains("/s") && $0.contains("ETA") }) }
      }
    }
    #expect(Set(seen).count == 1, "the bars kept their columns: \(Set(seen))")
    // A message: every bar gives it room alike, and it is shown whole.
    docs.message = "waiting for the mirror"
    draw(after: 100) { lines in
      #expect(lines[2].hasSuffix("  waiting for the mirror"), "\(lines)")
      #expect(barColumns(lines[0]).map { $0.count < seen[0].count } == true, "\(lines)")
    }
    // Gone: the bars take their columns back.
    docs.message = ""
    draw(after: 100) { lines in #expect(barColumns(lines[0]) == seen[0], "\(lines)") }
    // The figures are aligned: each column ends where the others do.
    let lines = dashboard.lines
    let ends = lines.map { line in Array(line).lastIndex(of: "%") }
    #expect(Set(ends).count == 1, "\(lines)")
    for bar in [archive, docs, total] { bar.finish() }
    dashboard.finish()
  }

  @Test("TB-6 a field may fix its width: {bar:24} is 24 columns at any terminal width that fits it")
  func fixedWidths() throws {
    let template = try LineTemplate("{label} [{bar:24}] {count}/{total}  {message:8}|")
    for columns in [60, 100, 200] {
      let line = template.render(
        values: [.label: "Copy", .count: "3", .total: "10", .message: "a long message"],
        bar: { String(repeating: "#", count: $0) }, columns: columns)
      #expect(line == "Copy [" + String(repeating: "#", count: 24) + "] 3/10  a long …|", "\(line)")
    }
    // Narrower than the line: the bar gives up its columns last.
    let narrow = template.render(
      values: [.label: "Copy", .count: "3", .total: "10"],
      bar: { String(repeating: "#", count: $0) }, columns: 30)
    #expect(TerminalText.columns(of: narrow) <= 30, "\(narrow)")
    for bad in ["{bar:0}", "{bar:x}", "{bar:1001}", "{bar:}"] {
      #expect(throws: TerminalError.self, "\(bad)") { try LineTemplate(bad) }
    }
  }

  @Test("TB-6 templates: named fields, empty fields left out with their joining text, errors")
  func templates() throws {
    let template = try LineTemplate("{label} [{bar}] {count}/{total} {rate}{message}")
    let line = template.render(
      values: [.label: "Copy", .count: "3", .total: "10"],
      bar: { String(repeating: "#", count: $0) },
      columns: 30)
    // 30 columns less "Copy [" and "] 3/10": 18 for the bar.
    #expect(line == "Copy [" + String(repeating: "#", count: 18) + "] 3/10", "\(line)")
    // Too narrow: the message is shortened before the figures go.
    let narrow = LineTemplate.default.render(
      values: [
        .label: "Copy", .percent: " 50%", .count: "5", .total: "10",
        .message: "waiting for the mirror",
      ],
      bar: { String(repeating: "#", count: $0) }, columns: 40)
    // 40 = "Copy " + 10 for the bar + "  50%" + "  5/10" + "  " + 12 for the message.
    #expect(narrow == "Copy ##########  50%  5/10  waiting for…", "\(narrow)")
    let braces = try LineTemplate("{{{count}}}")
    #expect(braces.render(values: [.count: "7"], bar: { _ in "" }, columns: 10) == "{7}")
    #expect(throws: TerminalError.self) { try LineTemplate("{nope}") }
    #expect(throws: TerminalError.self) { try LineTemplate("{bar} {bar}") }
    #expect(throws: TerminalError.self) { try LineTemplate("{count") }
    #expect(throws: TerminalError.self) { try LineTemplate("count}") }
    // The default layout: label, bar, percentage, then the figures.
    let (dashboard, _, clock) = testDashboard(columns: 71)
    let custom = dashboard.addBar(
      "Custom", total: 4,
      template: try LineTemplate("{prefix}{label}: {count} of {total} {percent}"))
    custom.prefix = "> "
    custom.set(completed: 1)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    #expect(dashboard.lines[0] == "> Custom: 1 of 4  25%", "\(dashboard.lines)")
    custom.finish()
    dashboard.finish()
  }

  @Test("TB-7 human units: counts, SI and binary bytes, durations")
  func units() {
    #expect(ProgressUnit.items.amount(950) == "950")
    #expect(ProgressUnit.items.amount(12_345) == "12.3k")
    #expect(ProgressUnit.items.rate(2) == "2.0 items/s")
    #expect(ProgressUnit.counted("files").amount(1_200_000) == "1.2M files")
    #expect(ProgressUnit.bytes.amount(999) == "999 B")
    #expect(ProgressUnit.bytes.amount(12_345_678) == "12.3 MB")
    #expect(ProgressUnit.bytes.rate(1_300_000) == "1.3 MB/s")
    // Just below the next prefix, a rate rounds up to it (it used to trap).
    #expect(ProgressUnit.bytes.rate(999.7) == "1.0 kB/s")
    #expect(ProgressUnit.binaryBytes.rate(1023.7) == "1.0 KiB/s")
    #expect(ProgressUnit.bytes.amount(999_960) == "1.0 MB")
    #expect(ProgressUnit.binaryBytes.amount(1023) == "1023 B")
    #expect(ProgressUnit.binaryBytes.amount(1_572_864) == "1.5 MiB")
    #expect(ProgressUnit.binaryBytes.amount(4 * 1_073_741_824) == "4.0 GiB")
    #expect(HumanDuration.text(62) == "1:02")
    #expect(HumanDuration.text(3_723) == "1:02:03")
    #expect(HumanDuration.text(407 * 3600) == "16d 23h")  // 407 h = 16 × 24 + 23
    #expect(HumanDuration.text(.infinity) == "–:––")
  }

  @Test("TB-8 colour depth: 24-bit only with COLORTERM, else 256 or 16; NO_COLOR none")
  func colorDepth() {
    func depth(_ environment: [String: String], terminal: Bool = true) -> ColorDepth {
      TerminalStyle.detect(isTerminal: terminal, environment: environment).colorDepth
    }
    #expect(depth(["COLORTERM": "truecolor", "TERM": "xterm-256color"]) == .trueColor)
    #expect(depth(["COLORTERM": "24bit"]) == .trueColor)
    #expect(depth(["TERM": "xterm-256color"]) == .ansi256)
    #expect(depth(["TERM": "xterm"]) == .ansi16)
    #expect(depth(["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
    #expect(depth(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
    #expect(depth(["NO_COLOR": "", "TERM": "xterm"]) == .ansi16)
    #expect(depth(["COLORTERM": "truecolor"], terminal: false) == .none)
    let blue = FrameColor(hex: 0x0000FF)
    #expect(ANSI.foreground(blue, depth: .trueColor) == ANSI.csi + "38;2;0;0;255m")
    #expect(ANSI.foreground(blue, depth: .ansi256) == ANSI.csi + "38;5;21m")
    #expect(ANSI.foreground(blue, depth: .ansi16) == ANSI.csi + "34m")  // xterm's blue, (0, 0, 238)
    #expect(ANSI.background(FrameColor(hex: 0x000000), depth: .ansi16) == ANSI.csi + "40m")
    #expect(ANSI.foreground(FrameColor(hex: 0x808080), depth: .ansi256) == ANSI.csi + "38;5;244m")
    #expect(ANSI.foreground(blue, depth: .none).isEmpty)
  }

  @Test("TB-9 println prints above the bars in one write: block cleared, line, block again")
  func println() {
    let (dashboard, output, clock) = testDashboard(columns: 41)
    let bar = dashboard.addBar("Copy", total: 10)
    dashboard.tick()
    let before = output.text
    let writes = output.writeCount
    dashboard.println("hello")
    let written = String(output.text.dropFirst(before.count))
    #expect(output.writeCount == writes + 1)
    // Up over the block, the line in its place, the block drawn again below
    // it, what is left cleared.
    let row = ANSI.clearLine
    #expect(written.hasPrefix("\r" + ANSI.cursorUp(1) + row + "hello" + "\n"), "\(written)")
    #expect(written.hasSuffix(row + dashboard.lines[0] + "\n" + ANSI.clearToEndOfScreen))
    var log = dashboard.log
    print("two", "words", to: &log)
    #expect(output.text.contains(row + "two words" + "\n"))
    bar.finish()
    clock.advance(by: .milliseconds(100))
    dashboard.finish()
  }
}
