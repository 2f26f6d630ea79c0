//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's bars — added, removed, and read into their rows'
// runtimes.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import Synchronization

extension DashboardCore {
  func add(
    label: String, total: Int?, unit: ProgressUnit, template: LineTemplate?, parent: BarCore?
  ) -> BarCore {
    let now = clock.now()
    let startTicker = state.withLock { state -> (BarCore, Bool) in
      state.nextIdentifier += 1
      let bar = BarCore(
        identifier: state.nextIdentifier, label: label, total: total, unit: unit,
        template: template, signal: signal, clock: clock)
      var index = state.rows.count
      var depth = 0
      var parentIndex: Int?
      if let parent, let found = state.rows.firstIndex(where: { $0.bar === parent }) {
        parentIndex = found
        depth = state.rows[found].depth + 1
        index = found + 1
        while index < state.rows.count, state.rows[index].depth >= depth { index += 1 }
      }
      let row = Self.makeRow(bar: bar, depth: depth, parent: parentIndex, at: now)
      state.rows.insert(row, at: index)
      if state.finished {
        bar.status.store(BarCore.Status.removed.rawValue, ordering: .relaxed)
      }
      state.needsDraw = true
      let start = steadyTick && state.tickerThread == nil && !state.finished
      if start { state.tickerThread = 0 }  // reserved; set below
      return (bar, start)
    }
    if startTicker.1 { startTickerThread() }
    signal.raise()
    return startTicker.0
  }

  static func makeRow(bar: BarCore, depth: Int, parent: Int?, at time: Double) -> Row {
    // Layout sizes are valid constants: the models cannot fail to build.
    let model = try? ProgressIndicatorModel(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)),
      size: FrameSize(width: 320, height: 40), theme: .dark, at: time)
    guard let model else { preconditionFailure("the bar model could not be made") }
    var row = Row(
      bar: bar, depth: depth, parent: parent, runtime: IndicatorRuntime(model), startTime: time)
    row.estimator.record(count: 0, at: time)
    return row
  }

  func remove(_ bar: BarCore) {
    state.withLock { state in
      guard let index = state.rows.firstIndex(where: { $0.bar === bar }) else { return }
      var end = index + 1
      while end < state.rows.count, state.rows[end].depth > state.rows[index].depth { end += 1 }
      for row in state.rows[index..<end] {
        row.bar.status.store(BarCore.Status.removed.rawValue, ordering: .releasing)
      }
      state.rows.removeSubrange(index..<end)
      state.needsDraw = true
    }
    signal.raise()
  }

  /// Reads each bar's atomics and texts, and moves its models to `now`.
  func read(_ state: inout State, now: Double) {
    var index = 0
    while index < state.rows.count {
      var row = state.rows[index]
      let bar = row.bar
      let status = bar.currentStatus
      if status == .cleared || status == .removed {
        state.rows.remove(at: index)
        continue
      }
      if row.isRunning {
        let version = bar.textVersion.load(ordering: .acquiring)
        if version != row.seenTextVersion {
          row.seenTextVersion = version
          row.texts = bar.texts.withLock { $0 }
        }
        let total = bar.total.load(ordering: .relaxed)
        let completed = bar.completed.load(ordering: .relaxed)
        row.completed = completed
        row.total = total < 0 ? nil : total
        if total != row.seenTotal {
          let type: ProgressType = total < 0 ? .indeterminate : .determinate
          if row.runtime.state.progressType != type {
            row.runtime.send(.setProgressType(type), at: now)
            if type == .indeterminate {
              row.runtime.send(.startIndeterminateAnimation, at: now)
            }
          }
          row.seenTotal = total
          row.seenCompleted = Int.min
        }
        if row.template.contains(.spinner), row.spinner == nil {
          row.spinner = Self.spinnerModel(at: now)
        }
        let finishing = status != .running
        if completed != row.seenCompleted || finishing, total >= 0 {
          row.seenCompleted = completed
          let fraction = total == 0 ? 1 : Double(min(max(completed, 0), total)) / Double(total)
          // The final value is drawn as it is, not mid-animation.
          row.runtime.send(.setProgress(fraction, animated: !finishing), at: now)
        }
        if finishing {
          row.status = status
          // The elapsed time stops when finish() was called.
          let finished = Double(bitPattern: bar.finishTime.load(ordering: .relaxed))
          row.finishTime = finished.isNaN ? now : min(max(finished, row.startTime), now)
          row.texts = bar.texts.withLock { $0 }
          if row.runtime.state.progressType == .indeterminate {
            row.runtime.send(.stopIndeterminateAnimation, at: now)
          }
        } else {
          row.estimator.record(count: Double(completed), at: now)
        }
      }
      // The bar's own runtime: its animation's deadline, its frame.
      _ = row.runtime.advance(to: now)
      _ = row.spinner?.advance(to: now)
      state.rows[index] = row
      index += 1
    }
  }

  static func spinnerModel(at time: Double) -> IndicatorRuntime? {
    guard
      let model = try? ProgressIndicatorModel(
        configuration: ProgressConfiguration(
          variant: .circular(size: .small, style: .empty), indeterminateStyle: .material),
        progressType: .indeterminate, size: FrameSize(width: 64, height: 64), theme: .dark,
        at: time)
    else { return nil }
    var runtime = IndicatorRuntime(model)
    runtime.send(.startIndeterminateAnimation, at: time)
    return runtime
  }
}
