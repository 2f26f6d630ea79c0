//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's bars — added, removed, and read into their
// rows (DashboardRow.swift).
//===----------------------------------------------------------------------===//

extension DashboardCore {
  /// Adds a bar, in O(1) amortised whatever the number of bars (TB-16).
  ///
  /// Its row waits with the others added since the last draw, and the next
  /// draw (or removal) puts them in place, all at once: no search for the
  /// parent, no row moved.
  func add(
    label: String, prefix: String, total: Int?, unit: ProgressUnit, template: LineTemplate?,
    parent: BarCore?
  ) -> BarCore {
    let now = clock.now()
    let bar = BarCore(
      label: label, prefix: prefix, total: total, unit: unit, template: template, signal: signal,
      clock: clock)
    // The row (its runtime's model) is made outside the lock.
    let row = DashboardRow(bar: bar, depth: 0, at: now)
    let startTicker = state.withLock { state -> Bool in
      // A finished dashboard draws no more: the bar is removed at once.
      if state.finished {
        bar.remove()
      } else {
        state.pendingRows.append(PendingRow(row: row, bar: bar, parent: parent))
      }
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

  /// Puts the rows added since the last call in place, in one pass over the
  /// rows: a child after its parent's subtree (its older children and
  /// theirs), one level deeper; a bar without a parent on the dashboard at
  /// the end, at the top level — where adding one row at a time put them.
  func placePendingRows(_ state: inout State) {
    guard !state.pendingRows.isEmpty else { return }
    // The array moves here: no row is copied (a row is large).
    var pending = state.pendingRows
    state.pendingRows = []
    var present = Set<ObjectIdentifier>(minimumCapacity: state.rows.count + pending.count)
    for index in state.rows.indices { present.insert(ObjectIdentifier(state.rows[index].bar)) }
    for index in pending.indices { present.insert(ObjectIdentifier(pending[index].bar)) }
    // Each parent's new children, in the order they were added.
    var children: [ObjectIdentifier: [Int]] = [:]
    var roots: [Int] = []
    for index in pending.indices {
      if let parent = pending[index].parent, present.contains(ObjectIdentifier(parent)) {
        children[ObjectIdentifier(parent), default: []].append(index)
      } else {
        roots.append(index)
      }
    }
    if children.isEmpty {
      // Top-level bars only: appended, the rows on screen left in place.
      state.rowsVisited += 2 * pending.count
      state.rows.reserveCapacity(state.rows.count + pending.count)
      for index in roots {
        guard var row = pending[index].row.take() else { continue }
        row.depth = 0
        state.rows.append(row)
      }
      return
    }
    state.rowsVisited += 2 * (state.rows.count + pending.count)
    var placed: [DashboardRow] = []
    placed.reserveCapacity(state.rows.count + pending.count)
    // The new rows under a bar at `depth`, depth first, without recursion
    // (a chain of children may be long).
    func placeChildren(of bar: ObjectIdentifier, depth: Int) {
      guard let first = children[bar] else { return }
      var stack = first.reversed().map { ($0, depth + 1) }
      while let (index, depth) = stack.popLast() {
        guard var row = pending[index].row.take() else { continue }
        row.depth = depth
        let id = ObjectIdentifier(row.bar)
        placed.append(row)
        if let next = children[id] {
          stack.append(contentsOf: next.reversed().map { ($0, depth + 1) })
        }
      }
    }
    // The rows on screen, each closing the subtrees it is not part of.
    var ancestors: [(bar: ObjectIdentifier, depth: Int)] = []
    for index in state.rows.indices {
      let depth = state.rows[index].depth
      while let last = ancestors.last, last.depth >= depth {
        ancestors.removeLast()
        placeChildren(of: last.bar, depth: last.depth)
      }
      placed.append(state.rows[index])
      ancestors.append((ObjectIdentifier(state.rows[index].bar), depth))
    }
    while let last = ancestors.popLast() { placeChildren(of: last.bar, depth: last.depth) }
    for index in roots {
      guard var row = pending[index].row.take() else { continue }
      row.depth = 0
      let id = ObjectIdentifier(row.bar)
      placed.append(row)
      placeChildren(of: id, depth: 0)
    }
    state.rows = placed
  }

  func remove(_ bar: BarCore) {
    state.withLock { state in
      placePendingRows(&state)
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

/// A row added since the last draw, its bar and its parent's bar.
struct PendingRow {
  /// The row; `nil` once placed.
  var row: DashboardRow?
  let bar: BarCore
  let parent: BarCore?
}
