//===----------------------------------------------------------------------===//
// ProgressTerminal: the dashboard's lines — each row's fields laid out by its template.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit

extension DashboardCore {
  /// The texts of a row's fields at `now`, but the bar's.
  func values(_ row: DashboardRow, now: Double) -> [LineTemplate.Field: String] {
    let unit = row.bar.unit
    let end = row.finishTime ?? now
    let elapsed = max(0, end - row.startTime)
    var values: [LineTemplate.Field: String] = [
      .prefix: row.state.prefix, .label: row.state.label, .message: row.state.message,
      .count: unit.amount(Double(row.completed)), .elapsed: HumanDuration.text(elapsed),
    ]
    let rate: Double? =
      if row.isRunning {
        elapsed >= Self.minimumRateInterval ? row.estimator.rate : nil
      } else {
        elapsed >= Self.minimumRateInterval ? Double(row.completed) / elapsed : nil
      }
    if let rate, rate > 0 { values[.rate] = unit.rate(rate) }
    if let total = row.state.total {
      values[.total] = unit.amount(Double(total))
      if let percentage = row.frame?.percentage?.text {
        values[.percent] = TerminalText.pad(percentage, toColumns: 4, alignRight: true)
      }
      if row.isRunning, let rate, rate > 0 {
        values[.eta] = HumanDuration.text(Double(max(0, total - row.completed)) / rate)
      }
    }
    switch row.state.lifecycle {
    case .running:
      if let frame = row.spinner?.lastFrame {
        values[.spinner] = String(renderer.ring(for: frame))
      }
    case .finished(.abandon, _): values[.spinner] = "✘"
    case .finished, .removed: values[.spinner] = "✔"
    }
    return values
  }

  /// How long a bar runs before its rate and time left are shown: 0.5 s.
  static let minimumRateInterval = 0.5

  /// The lines of the block at `now`.
  ///
  /// Labels are padded to the widest (at most 30 % of the width) so that
  /// bars line up; children are indented. The widest text after a bar is
  /// kept (all rows' widest), so that the bars end in one column and keep
  /// their length.
  func lines(_ state: inout State, now: Double) -> [String] {
    let columns = state.screen.columns
    var labelColumns = 0
    var tailColumns = 0
    // By index: a row is large (its runtime holds a model), and is not copied.
    for index in state.rows.indices {
      if state.rows[index].template.contains(.label) {
        let label = TerminalText.columns(of: state.rows[index].state.label)
        labelColumns = max(labelColumns, label + 2 * state.rows[index].depth)
      }
      tailColumns = max(tailColumns, state.rows[index].tailColumns)
    }
    labelColumns = min(labelColumns, columns * 3 / 10)
    var lines: [String] = []
    lines.reserveCapacity(state.rows.count)
    for index in state.rows.indices {
      let (line, tail) = line(
        of: state.rows[index], columns: columns, labelColumns: labelColumns,
        tailColumns: tailColumns, now: now)
      state.rows[index].tailColumns = max(state.rows[index].tailColumns, tail)
      lines.append(line)
    }
    return lines
  }

  /// A row's line, indented by its depth, and the natural width of what
  /// follows its bar.
  private func line(
    of row: DashboardRow, columns: Int, labelColumns: Int, tailColumns: Int, now: Double
  ) -> (line: String, tail: Int) {
    let indent = String(repeating: " ", count: min(2 * row.depth, columns / 4))
    let frame = row.frame
    let (line, tail) = row.template.layout(
      values: values(row, now: now),
      bar: { columns in frame.map { renderer.bar(for: $0, columns: columns) } ?? "" },
      columns: columns - indent.count, labelColumns: max(0, labelColumns - indent.count),
      tailColumns: tailColumns)
    return (indent + line, tail)
  }
}
