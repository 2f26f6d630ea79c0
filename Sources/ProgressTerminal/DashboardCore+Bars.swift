//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's bars — added, removed, and read into their
// rows (DashboardRow.swift).
//===----------------------------------------------------------------------===//

extension DashboardCore {
  func add(
    label: String, total: Int?, unit: ProgressUnit, template: LineTemplate?, parent: BarCore?
  ) -> BarCore {
    let now = clock.now()
    let bar = BarCore(
      label: label, total: total, unit: unit, template: template, signal: signal, clock: clock)
    let startTicker = state.withLock { state -> Bool in
      var index = state.rows.count
      var depth = 0
      if let parent, let found = state.rows.firstIndex(where: { $0.bar === parent }) {
        depth = state.rows[found].depth + 1
        index = found + 1
        while index < state.rows.count, state.rows[index].depth >= depth { index += 1 }
      }
      state.rows.insert(DashboardRow(bar: bar, depth: depth, at: now), at: index)
      if state.finished { bar.remove() }
      state.needsDraw = true
      state.wakeDeadline = nil
      let start = steadyTick && state.tickerThread == nil && !state.finished
      if start { state.tickerThread = 0 }  // reserved; set below
      return start
    }
    if startTicker { startTickerThread() }
    signal.raise()
    return bar
  }

  func remove(_ bar: BarCore) {
    state.withLock { state in
      guard let index = state.rows.firstIndex(where: { $0.bar === bar }) else { return }
      var end = index + 1
      while end < state.rows.count, state.rows[end].depth > state.rows[index].depth { end += 1 }
      for row in state.rows[index..<end] { row.bar.remove() }
      state.rows.removeSubrange(index..<end)
      state.needsDraw = true
      state.wakeDeadline = nil
    }
    signal.raise()
  }

  /// Reads each bar into its row and moves the rows' runtimes to `now`; the
  /// rows of bars cleared or removed go.
  func read(_ state: inout State, now: Double) {
    var index = 0
    while index < state.rows.count {
      guard state.rows[index].read(at: now) else {
        state.rows.remove(at: index)
        continue
      }
      // The bar's own runtime: its animation's deadline, its frame.
      if let frame = state.rows[index].advance(to: now), recordsFrames {
        state.deliveredFrames[ObjectIdentifier(state.rows[index].bar), default: []].append(frame)
      }
      index += 1
    }
  }
}
