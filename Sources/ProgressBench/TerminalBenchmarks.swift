//===----------------------------------------------------------------------===//
// progress-bench: the terminal's hot path — a bar update with a dashboard
// attached — and a paced task for the bytes a redraw writes.
//===----------------------------------------------------------------------===//

import Foundation
import ProgressTerminal

/// Eight threads started once, that each run a share of a body when told:
/// a round costs a broadcast and a wait, and allocates nothing.
final class WorkerPool: @unchecked Sendable {
  let count: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var generation = 0
  private var remaining = 0
  private var operations = 0
  private var body: (@Sendable (Int) -> Void)?

  init(count: Int) {
    self.count = count
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    for _ in 0..<count {
      let thread = Thread { [unowned self] in self.work() }
      thread.start()
    }
  }

  private func work() {
    var seen = 0
    pthread_mutex_lock(mutex)
    while true {
      while generation == seen { pthread_cond_wait(condition, mutex) }
      seen = generation
      let (body, operations) = (self.body, self.operations)
      pthread_mutex_unlock(mutex)
      body?(operations)
      pthread_mutex_lock(mutex)
      remaining -= 1
      if remaining == 0 { pthread_cond_broadcast(condition) }
    }
  }

  /// Runs `body(operations)` on every thread and waits for all.
  func run(operations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    pthread_mutex_lock(mutex)
    self.body = body
    self.operations = operations
    remaining = count
    generation += 1
    pthread_cond_broadcast(condition)
    while remaining > 0 { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }
}

func terminalBenchmarks() -> [Benchmark] {
  // A dashboard on a terminal that throws its bytes away, drawn once; no
  // steady tick and a redraw interval of days, so no redraw falls due inside
  // a sample (the redraw has its own figure).
  let dashboard = TerminalDashboard(
    output: TerminalOutput(DiscardingTerminalDevice(columns: 100)), style: .color,
    frameInterval: .seconds(1_000_000), steadyTick: false)
  let bar = dashboard.addBar("Indexing", total: Int.max / 2)
  dashboard.tick()
  let pool = WorkerPool(count: 8)
  let shared = dashboard.addBar("Threads", total: Int.max / 2)
  let advance: @Sendable (Int) -> Void = { operations in
    for _ in 0..<operations { shared.advance(by: 1) }
  }
  let redrawDashboard = TerminalDashboard(
    output: TerminalOutput(DiscardingTerminalDevice(columns: 100)), style: .color,
    frameInterval: .nanoseconds(1), steadyTick: false)
  let redrawn = redrawDashboard.addBar("Copying", total: 1_000_000_000, unit: .bytes)
  return [
    Benchmark(name: "terminal.update", unit: "advance(by: 1)") { operations in
      let handle = identity(bar)
      for _ in 0..<operations { handle.advance(by: 1) }
      blackHole(handle.completed)
    },
    Benchmark(name: "terminal.updateThreads", unit: "advance(by: 1), 8 threads, one bar") {
      operations in
      pool.run(operations: max(1, operations / pool.count), advance)
      blackHole(shared.completed)
    },
    Benchmark(name: "terminal.tick", unit: "tick() with no redraw due") { operations in
      let board = identity(dashboard)
      for _ in 0..<operations { board.tick() }
      blackHole(board.frameInterval)
    },
    Benchmark(name: "terminal.sequence", unit: "iteration of (0..<n).progress()") { operations in
      var sum = 0
      for value in (0..<operations).progress("Items", on: dashboard) { sum &+= value }
      blackHole(sum)
    },
    Benchmark(name: "terminal.redraw", unit: "redraw of one changed bar") { operations in
      for _ in 0..<operations {
        redrawn.advance(by: 1_234_567)
        redrawDashboard.tick()
      }
      blackHole(redrawn.completed)
    },
  ] + terminalScaleBenchmarks()
}

/// The dashboard with many bars and long messages (TB-16 to TB-18): each
/// operation is a whole workload, timed once per sample.
func terminalScaleBenchmarks() -> [Benchmark] {
  // 1,000 bars, each changed before every tick, so that every row is laid out.
  let tickDashboard = TerminalDashboard(
    output: TerminalOutput(DiscardingTerminalDevice(columns: 100)), style: .color,
    frameInterval: .nanoseconds(1), steadyTick: false)
  let tickBars = (0..<1_000).map { tickDashboard.addBar("Bar \($0)", total: 1_000_000) }
  tickDashboard.tick()
  // One bar whose message is 1 MB.
  let messageDashboard = TerminalDashboard(
    output: TerminalOutput(DiscardingTerminalDevice(columns: 100)), style: .color,
    frameInterval: .nanoseconds(1), steadyTick: false)
  let messageBar = messageDashboard.addBar("Copying", total: 1_000_000_000, unit: .bytes)
  // 1 MiB of UTF-8, not all ASCII (16 bytes a repetition).
  messageBar.message = String(repeating: "progress 進捗 ", count: 65_536)
  messageDashboard.tick()
  return [
    addingBenchmark(
      name: "terminal.addBar20000", unit: "20,000 addBar, no steady tick, then finish()"
    ) { dashboard, bars in
      for index in 0..<20_000 { bars.append(dashboard.addBar("Bar \(index)", total: 100)) }
    },
    addingBenchmark(
      name: "terminal.addBarNested20000",
      unit: "200 bars with 99 children each, no steady tick, then finish()"
    ) { dashboard, bars in
      for index in 0..<200 {
        let parent = dashboard.addBar("Group \(index)", total: 100)
        bars.append(parent)
        for child in 0..<99 { bars.append(parent.addChild("Item \(child)", total: 100)) }
      }
    },
    Benchmark(
      name: "terminal.redraw1000Bars", unit: "tick redrawing 1,000 changed bars",
      body: {
        operations in
        for _ in 0..<operations {
          for bar in tickBars { bar.advance(by: 1) }
          tickDashboard.tick()
        }
        blackHole(tickBars[0].completed)
      }, heavy: true),
    Benchmark(
      name: "terminal.redrawMessage1MB", unit: "redraw of a bar with a 1 MB message",
      body: {
        operations in
        for _ in 0..<operations {
          messageBar.advance(by: 1_234_567)
          messageDashboard.tick()
        }
        blackHole(messageBar.completed)
      }, heavy: true),
  ]
}

/// A benchmark that adds 20,000 bars with `add` to a new dashboard (100
/// columns discarded, no steady tick, no redraw due), then finishes it.
func addingBenchmark(
  name: String, unit: String,
  add: @escaping (TerminalDashboard, inout [ProgressBar]) -> Void
) -> Benchmark {
  Benchmark(
    name: name, unit: unit,
    body: { operations in
      for _ in 0..<operations {
        let dashboard = TerminalDashboard(
          output: TerminalOutput(DiscardingTerminalDevice(columns: 100)), style: .color,
          frameInterval: .seconds(1_000_000), steadyTick: false)
        var bars: [ProgressBar] = []
        bars.reserveCapacity(20_000)
        add(dashboard, &bars)
        blackHole(bars.count)
        dashboard.finish()
      }
    }, heavy: true)
}

/// A paced task, for the bytes per second a bar writes: `items` updates over
/// `seconds`, one bar on standard error, as a command-line tool would draw it.
func runPacedTask(seconds: Double, items: Int) {
  let dashboard = TerminalDashboard()
  let bar = dashboard.addBar("Paced", total: items)
  let start = ContinuousClock.now
  for index in 1...items {
    let due = start + .seconds(seconds * Double(index) / Double(items))
    let wait = due - ContinuousClock.now
    if wait > .zero {
      Thread.sleep(forTimeInterval: wait / .seconds(1))
    }
    bar.advance()
  }
  bar.finish()
  dashboard.finish()
}
