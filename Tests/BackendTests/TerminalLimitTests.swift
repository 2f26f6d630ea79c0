//===----------------------------------------------------------------------===//
// BackendTests: the dashboard at the ends of its inputs — counts and widths at
// the ends of `Int`, terminals a few columns wide (spec RL-14, BK-3).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressTerminal
import ProgressTesting
import Testing

@Suite("Terminal dashboard at its limits")
struct TerminalLimitTests {
  @Test("RL-14 a count above Int.max / 10 is piped as its tenth, without a trap")
  func hugeCountPiped() {
    let (dashboard, output, clock) = testDashboard(terminal: false, columns: 0)
    let bar = dashboard.addBar("Huge", total: .max)
    bar.set(completed: Int.max / 10 + 1)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    bar.set(completed: .max - 1)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    bar.finish()
    dashboard.finish()
    let lines = output.text.split(separator: "\n")
    #expect(lines.contains { $0.contains(": 10% ") }, "\(lines)")
    // The start at the first tenth, the ninth (shown as 100%: the engine's
    // fraction is a double), done.
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.last?.hasSuffix("(done)") == true, "\(lines)")
  }

  @Test("RL-14 the time left of a count far below 0 is worked out without a trap")
  func hugeWorkLeft() {
    let (dashboard, _, clock) = testDashboard(columns: 120)
    let bar = dashboard.addBar("Back", total: 1_000_000)
    // A count that goes back restarts the rate; from there it rises.
    bar.set(completed: Int.min + 1)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    bar.advance(by: 1000)
    clock.advance(by: .milliseconds(600))
    dashboard.tick()
    // The work left is more than Int.max: a time left too long to show.
    #expect(dashboard.lines[0].hasSuffix("ETA –:––"), "\(dashboard.lines)")
    dashboard.finish()
  }

  @Test("RL-14 a terminal width near Int.max counts as 65,535 columns, without a trap")
  func hugeWidth() {
    for columns in [Int.max, Int.max - 1, Int.max / 3, 1 << 40] {
      let (dashboard, _, clock) = testDashboard(columns: columns)
      let bar = dashboard.addBar("Wide", total: 100)
      bar.set(completed: 50)
      clock.advance(by: .milliseconds(100))
      dashboard.tick()
      let width = dashboard.lines.first.map(TerminalScreen.visibleColumns(of:)) ?? 0
      #expect(width > 80 && width <= 65_535, "\(columns): \(width)")
      dashboard.finish()
    }
  }

  @Test("RL-14 advance(by:) saturates at Int.max and Int.min instead of wrapping")
  func saturatingAdvance() {
    let (dashboard, _, clock) = testDashboard(columns: 80)
    let bar = dashboard.addBar("Full", total: 100)
    bar.set(completed: .max - 5)
    bar.advance(by: 10)
    #expect(bar.completed == .max)
    bar.advance(by: .max)
    #expect(bar.completed == .max)
    clock.advance(by: .milliseconds(100))
    dashboard.tick()
    #expect(!dashboard.lines[0].contains("-"), "\(dashboard.lines)")
    #expect(dashboard.lines[0].contains("100%"), "\(dashboard.lines)")
    bar.set(completed: .min + 5)
    bar.advance(by: -10)
    #expect(bar.completed == .min)
    bar.advance(by: .min)
    #expect(bar.completed == .min)
    // Away from the ends, a step back still counts.
    bar.set(completed: 7)
    bar.advance(by: -3)
    #expect(bar.completed == 4)
    dashboard.finish()
  }

  @Test("BK-3 RL-14 no line of the block is wider than a terminal of 1 to 12 columns")
  func narrowTerminals() {
    for columns in 1...12 {
      let (dashboard, _, clock) = testDashboard(columns: columns)
      let download = dashboard.addBar("Downloading archives", total: 1_000, unit: .bytes)
      download.prefix = "[1/3]"
      download.message = "mirror 2"
      let scan = dashboard.addBar("Scanning", total: nil, unit: .counted("files"))
      let child = download.addChild("part", total: 10)
      download.set(completed: 420)
      scan.advance(by: 12_345)
      child.advance(by: 3)
      for _ in 0..<12 {
        clock.advance(by: .milliseconds(100))
        dashboard.tick()
      }
      let widest = dashboard.lines.map(TerminalScreen.visibleColumns(of:)).max() ?? 0
      #expect(widest <= max(1, columns - 1), "\(columns) columns: \(dashboard.lines)")
      download.finish()
      scan.finish()
      child.finish()
      dashboard.finish()
      let finished = dashboard.lines.map(TerminalScreen.visibleColumns(of:)).max() ?? 0
      #expect(finished <= max(1, columns - 1), "\(columns) columns: \(dashboard.lines)")
    }
  }

  @Test("TB-6 a template with a control character (newline, ESC, tab, DEL, C1) is a typed error")
  func controlCharactersInTemplates() throws {
    for text in [
      "{label}\n{bar}", "\u{1B}[2J{label} {bar}", "{label}\t{bar}", "{bar}\r", "{bar}\u{7F}",
      "{bar} \u{9B}2J", "{bar}\u{0}", "\r\n{bar}",
    ] {
      #expect(throws: TerminalError.self, "\(text.debugDescription)") { try LineTemplate(text) }
      do {
        _ = try LineTemplate(text)
      } catch {
        guard case .invalidTemplate(let template, let reason) = error else { continue }
        #expect(template == text)
        // The reason names the character by its code, and is one line with
        // no control character of its own.
        #expect(reason.contains("control character U+"), "\(reason)")
        #expect(
          !reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(reason)")
      }
    }
    // Text around fields, wide characters and emoji stay valid.
    #expect(throws: Never.self) { try LineTemplate("⏳ {label} [{bar}] 📦 {count}") }
  }

  @Test("TB-7 a value that rounds up to the next prefix is shown in that prefix: 999.6 B is 1.0 kB")
  func unitBoundaries() {
    #expect(ProgressUnit.bytes.amount(999.6) == "1.0 kB")
    #expect(ProgressUnit.items.amount(999.6) == "1.0k")
    #expect(ProgressUnit.counted("files").amount(999.5) == "1.0k files")
    #expect(ProgressUnit.binaryBytes.amount(1023.5) == "1.0 KiB")
    // Every value near each boundary, in every unit and prefix: the figure
    // shown is below the base (a last prefix aside), never "1000 B",
    // "1000.0k" or "1024.0 KiB".
    let units: [(ProgressUnit, base: Double)] = [
      (.items, 1000), (.counted("files"), 1000), (.bytes, 1000), (.binaryBytes, 1024),
    ]
    for (unit, base) in units {
      var scale = 1.0
      for _ in 0..<6 {
        var values: [Double] = []
        for offset in [0.5, 0.05, 0.005, 0.0005] {
          let edge = (base - offset) * scale
          var value = edge
          for _ in 0..<40 { value = value.nextDown }
          for _ in 0..<80 {
            values.append(value)
            value = value.nextUp
          }
          values += [edge * (1 - 1e-12), edge * (1 + 1e-12)]
        }
        for value in values {
          for text in [unit.amount(value), unit.rate(value)] {
            let figure = Double(text.prefix { $0.isNumber || $0 == "." }) ?? 0
            #expect(figure < base, "\(value): \(text)")
          }
        }
        scale *= base
      }
    }
  }

  @Test(
    "TB-5 the steady tick sleeps between redraws: at intervals of 0.05 to 2 s its thread uses little CPU"
  )
  func tickSleeps() {
    let intervals: [Duration] = [.milliseconds(50), .milliseconds(500), .seconds(1), .seconds(2)]
    var dashboards: [(TerminalDashboard, ProgressBar)] = []
    for interval in intervals {
      for terminal in [true, false] {
        let output = BufferedTerminalDevice(isTerminal: terminal, columns: 80)
        let dashboard = TerminalDashboard(
          output: TerminalOutput(output), style: .plain, frameInterval: interval)
        dashboards.append((dashboard, dashboard.addBar("Busy?", total: 100)))
      }
    }
    // 3 s of a real clock, with an update every 0.1 s: a thread's sleep, not
    // a task's, which a busy test run's pool would stretch.
    let start = ContinuousClock.now
    for step in 1...30 {
      Thread.sleep(forTimeInterval: 0.1)
      for (_, bar) in dashboards { bar.set(completed: step) }
    }
    let wall = (ContinuousClock.now - start) / .seconds(1)
    for (index, (dashboard, bar)) in dashboards.enumerated() {
      let seconds = dashboard.tickCPUSeconds ?? -1
      // A sleeping tick uses a few milliseconds here; a spinning one, seconds.
      #expect(
        seconds >= 0 && seconds < 0.1 * wall,
        "\(intervals[index / 2]): \(seconds) s of CPU in \(wall) s")
      bar.finish()
      dashboard.finish()
    }
  }

  @Test("TB-9 println on a non-blocking pipe with a slow reader loses no line: the write waits")
  func nonBlockingSlowReader() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
    // The reader takes its time: a pause every 64 KB read.
    let received = LockedCounter()
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(reading, &buffer, buffer.count)
        if count <= 0 { break }
        received.add(buffer[0..<count].reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
        usleep(2_000)
      }
      close(reading)
    }
    reader.start()
    let dashboard = TerminalDashboard(output: TerminalOutput(fileDescriptor: writing))
    for index in 0..<20_000 {
      dashboard.println("line \(index) " + String(repeating: "x", count: 40))
    }
    dashboard.finish()
    close(writing)
    while !reader.isFinished { usleep(1_000) }
    // Every line arrived (18,928 of 20,000 were lost: EAGAIN ended a write).
    #expect(received.value == 20_000)
  }
}

/// A count several threads may add to.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// Adds to the count.
  func add(_ amount: Int) { lock.withLock { count += amount } }

  /// The count.
  var value: Int { lock.withLock { count } }
}
